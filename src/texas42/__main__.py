"""``texas42`` and ``python -m texas42``: ``--version`` alone answers at once; anything
else loads the command line (``texas42.cli``) and runs it."""

import sys


def main() -> None:
    """Run the ``texas42`` command."""
    if sys.argv[1:] == ["--version"]:
        from texas42 import __version__

        print(f"texas42 {__version__}")
        return
    from texas42.cli import main as run

    run()


if __name__ == "__main__":  # not when a worker process started by --cluster local imports it
    main()
