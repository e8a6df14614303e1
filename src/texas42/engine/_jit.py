"""What every kernel module compiles with: the njit options (set here only) and the LLVM
intrinsics.

See docs/engine.md#numba-pitfalls.
"""

from __future__ import annotations

import numba
from llvmlite import ir
from numba import types
from numba.extending import intrinsic

JIT_OPTIONS = {"cache": True, "nogil": True, "boundscheck": False, "error_model": "numpy"}


def jit(*signature, **options):
    """The one place that sets the njit options."""
    return numba.njit(*signature, **JIT_OPTIONS, **options)


def inline(function):
    """A helper of the search, inlined into its callers (a call per node costs more than
    the helper's work) and never compiled on its own."""
    return jit(inline="always")(function)


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
def as_pointer(typingctx, address):
    """The workspace at ``address`` as a raw ``int64*``: no reference counting at each
    call, no negative-index check at each access."""
    if address != types.int64:
        return None
    signature = types.CPointer(types.int64)(types.int64)

    def codegen(context, builder, signature, args):
        return builder.inttoptr(args[0], context.get_value_type(signature.return_type))

    return signature, codegen
