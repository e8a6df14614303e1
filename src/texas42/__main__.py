"""``texas42`` and ``python -m texas42``: ``--version`` alone answers at once; anything
else loads the command line (``texas42.cli``) and runs it."""

import os
import sys


def main() -> None:
    """Run the ``texas42`` command."""
    # The evaluator's small matrix products (dealing to fit an auction, quick) run 2-3
    # times faster on one BLAS thread than on threads that wait for cores the engine's
    # threads hold; the engine does not use BLAS. Set before numpy loads; a value in the
    # environment wins.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    if sys.argv[1:] == ["--version"]:
        from texas42 import __version__

        print(f"texas42 {__version__}")
        return
    from texas42.interrupts import caused_by_interrupt, count_interrupts, raising_lost_interrupts

    count_interrupts()
    try:
        with raising_lost_interrupts():
            from texas42.cli import main as run
        run()
    except KeyboardInterrupt:  # Ctrl-C before the command starts, or lost and raised again
        sys.exit(130)
    except Exception as error:  # one that Python wrapped in another (see texas42.interrupts)
        if not caused_by_interrupt(error):
            raise
        sys.exit(130)


if __name__ == "__main__":  # not when a worker process started by --cluster local imports it
    main()
