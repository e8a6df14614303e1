"""What every kernel module compiles with: the njit options (set here only), the LLVM
intrinsics, and a Numba cache keyed on all kernel sources at once.

See docs/engine.md#numba-pitfalls.
"""

from __future__ import annotations

import hashlib
import os
from functools import cache
from pathlib import Path

import numba
import numpy as np
from llvmlite import binding, ir
from numba import types
from numba.core import caching, config, typeinfer
from numba.core.runtime import rtsys
from numba.extending import intrinsic

JIT_OPTIONS = {"nogil": True, "boundscheck": False, "error_model": "numpy"}

# A helper's own machine code is never called: it is compiled into each caller (LLVM's
# always-inline), so it needs no wrapper for calls from Python and no cache of its own.
HELPER_OPTIONS = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True, "forceinline": True}


def jit(*signature, **options):
    """A kernel, cached: with a signature, compiled (or loaded from the cache) at import."""

    def decorate(function):
        kernel = numba.njit(**JIT_OPTIONS, **options)(function)
        if config.DISABLE_JIT:  # numba.njit gave the plain function back
            return kernel
        kernel._cache = KernelCache(function)
        if signature:
            # As numba.njit does with signatures: registered so that a recursive kernel
            # can type its calls to itself while it compiles.
            with typeinfer.register_dispatcher(kernel):
                for sig in signature:
                    kernel.compile(sig)
                kernel.disable_compile()
        return kernel

    return decorate


def inline(function):
    """A helper of the kernels: compiled once as an ordinary function, then inlined by LLVM
    into each caller (a call per node costs more than the helper's work). One that calls
    a kernel does so through the kernel's cell (``calls``), even the search's own loops."""
    return numba.njit(**JIT_OPTIONS, **HELPER_OPTIONS)(function)


# --- Kernels calling kernels ---------------------------------------------------------------
# Numba links the whole module of a called kernel into its caller, then optimises it and
# makes machine code of it again, at every level of a chain (three tricks, four tricks, the
# search, the batch). Instead a kernel calls another through a cell: a word registered with
# LLVM's loader under a fixed name, into which the callee's address is written when it is
# compiled or loaded (``publish``). A caller's module holds a declaration only, its cached
# machine code its own code only, and it compiles without its callees: another process
# can compile them meanwhile (docs/engine.md#compile-time). A call through an empty cell
# would crash: the search's module imports the modules of every kernel it reaches before
# it returns (the four-trick loop's module, used only through the search, leaves that to
# it), so that no call can find its cell empty.

_CELL_PREFIX = "texas42.cell:"
_cells: dict[str, np.ndarray] = {}
_plain: dict[str, object] = {}  # with NUMBA_DISABLE_JIT: the published plain functions


def _cell(name: str) -> np.ndarray:
    """The cell of the kernel ``name`` (module.function), registered on first use."""
    cell = _cells.get(name)
    if cell is None:
        cell = _cells[name] = np.zeros(1, dtype=np.int64)
        binding.add_symbol(_CELL_PREFIX + name, cell.ctypes.data)
    return cell


def kernel_name(kernel) -> str:
    """module.function: the name a kernel's cell is known by."""
    function = getattr(kernel, "py_func", kernel)
    return f"{function.__module__}.{function.__qualname__}"


def publish(kernel) -> None:
    """Write the address of a compiled kernel (its one signature) into its cell."""
    if config.DISABLE_JIT:
        _plain[kernel_name(kernel)] = kernel
        return
    (signature,) = kernel.signatures
    compiled = kernel.overloads[signature]
    address = compiled.library.get_pointer_to_function(compiled.fndesc.llvm_func_name)
    _cell(kernel_name(kernel))[0] = address


def calls(name: str, signature):
    """A call, for other kernels, of the kernel ``name`` (module.function) of this
    ``signature``, through its cell: compiles before the kernel exists."""
    if config.DISABLE_JIT:
        return lambda *args: _plain[name](*args)
    _cell(name)
    symbol = _CELL_PREFIX + name
    restype, argtypes = signature.return_type, tuple(signature.args)

    def typer(typingctx, *args):
        if args != argtypes:
            return None

        def codegen(context, builder, _, llargs):
            module = builder.module
            cell = module.globals.get(symbol) or ir.GlobalVariable(module, ir.IntType(64), symbol)
            function_type = context.call_conv.get_function_type(restype, argtypes)
            function = builder.inttoptr(builder.load(cell), function_type.as_pointer())
            # The status is that of an exception, and the kernels raise none.
            _, result = context.call_conv.call_function(builder, function, restype, argtypes, llargs)
            return result

        return restype(*argtypes), codegen

    # Numba types an intrinsic by its parameters' names: one per argument, no *args.
    params = ", ".join(f"a{i}" for i in range(len(argtypes)))
    namespace = {"typer": typer}
    exec(f"def call(typingctx, {params}):\n    return typer(typingctx, {params})", namespace)
    call = namespace["call"]
    call.__name__ = call.__qualname__ = name.rsplit(".", 1)[-1]
    return intrinsic(call)


def by_address(kernel):
    """``calls`` of a kernel compiled here: published, then called through its cell."""
    publish(kernel)
    if config.DISABLE_JIT:
        return kernel
    (args,) = kernel.signatures
    return calls(kernel_name(kernel), kernel.overloads[args].signature)


@intrinsic
def popcount(typingctx, x):
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.ctpop", [ir.IntType(64)])
        return builder.call(fn, args)

    return types.int64(types.int64), codegen


@intrinsic
def lowest(typingctx, x):
    """Index of the lowest set bit (count trailing zeros)."""
    if x != types.int64:
        return None

    def codegen(context, builder, signature, args):
        fn = builder.module.declare_intrinsic("llvm.cttz", [ir.IntType(64), ir.IntType(1)])
        return builder.call(fn, [args[0], ir.Constant(ir.IntType(1), 0)])

    return types.int64(types.int64), codegen


@intrinsic
def claim(typingctx, counter):
    """The next number of ``counter[0]``, taken atomically (fetch and add 1): how the threads
    running one batch share out its chunks."""
    if not (isinstance(counter, types.Array) and counter.dtype == types.int64 and counter.ndim == 1):
        return None

    def codegen(context, builder, signature, args):
        array = context.make_array(signature.args[0])(context, builder, args[0])
        return builder.atomic_rmw("add", array.data, ir.Constant(ir.IntType(64), 1), "monotonic")

    return types.int64(counter), codegen


@intrinsic
def as_pointer(typingctx, address):
    """The workspace at ``address`` as a raw ``int64*``: no reference counting at each
    call, no negative-index check at each access."""
    if address != types.int64:
        return None
    signature = types.CPointer(types.int64)(types.int64)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return signature, codegen


# --- The cache ------------------------------------------------------------------------------
# Numba stamps a cached function with its own source file only, yet a kernel compiles in
# helpers from other kernel files: edit one of those and the kernel would load stale
# machine code. Every kernel file's cache is stamped with all of them (docs/engine.md#numba-pitfalls).

KERNEL_FOLDER = Path(__file__).resolve().parent


def kernel_files(folder: Path) -> list[Path]:
    """The kernel sources of a folder: its private modules, ``_*.py`` (not ``__init__``)."""
    return sorted(p for p in folder.glob("_*.py") if not p.name.startswith("__"))


def kernel_source_stamp(folder: Path) -> str:
    """A hash of all the kernel sources of ``folder`` together."""
    stats = tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in kernel_files(folder))
    return _hash_files(stats)


@cache
def _hash_files(stats: tuple[tuple[str, int, int], ...]) -> str:
    digest = hashlib.sha256()
    for path, _, _ in stats:
        digest.update(Path(path).name.encode() + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()


class KernelCacheLocator(caching._CacheLocator):
    """Caches the functions of the kernel files under ``__pycache__`` beside them (or in
    ``NUMBA_CACHE_DIR`` when set), stamped with all kernel sources. Elsewhere, and where
    the cache folder is not writable, Numba's own locators take over."""

    folder = KERNEL_FOLDER

    def __init__(self, py_func, py_file):
        self._py_file = py_file
        self._lineno = py_func.__code__.co_firstlineno
        self._stamp = None
        if config.CACHE_DIR:
            subpath = self.get_suitable_cache_subpath(py_file)
            self._cache_path = os.path.join(config.CACHE_DIR, subpath)
        else:
            self._cache_path = os.path.join(os.path.dirname(py_file), "__pycache__")

    def get_cache_path(self):
        return self._cache_path

    def get_source_stamp(self):
        # Worked out once a function: Numba asks at every look-up of its cache, and the
        # files cannot change under a loaded kernel anyway.
        if self._stamp is None:
            self._stamp = kernel_source_stamp(self.folder)
        return self._stamp

    def get_disambiguator(self):
        return str(self._lineno)

    @classmethod
    def from_function(cls, py_func, py_file):
        path = Path(py_file).resolve()
        if path.parent != cls.folder.resolve() or path not in kernel_files(path.parent):
            return None
        locator = cls(py_func, py_file)
        try:
            locator.ensure_cache_path()
        except OSError:
            return None
        return locator


class KernelCache(caching.FunctionCache):
    """Numba's cache of one function, loading without refreshing the target context first.

    The refresh imports and installs all of Numba's implementations (a warm ``texas42
    solve`` took 0.85 s with it, 0.69 s without); machine code loaded from the cache needs
    only Numba's runtime (which the refresh would start), and a compile refreshes the
    context itself (docs/engine.md#compile-time)."""

    def load_overload(self, sig, target_context):
        rtsys.initialize(target_context)
        with self._guard_against_spurious_io_errors():
            return self._load_overload(sig, target_context)


def _install_locator() -> None:
    """Put KernelCacheLocator first among Numba's locators."""
    if KernelCacheLocator not in caching.CacheImpl._locator_classes:
        caching.CacheImpl._locator_classes.insert(0, KernelCacheLocator)


_install_locator()
