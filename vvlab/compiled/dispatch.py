"""How the kernels are compiled: numba's dispatcher, once per set of argument types.

:func:`kernel` is ``numba.njit`` with one change, made by :class:`OneSignature`: a call
from one kernel to another is compiled for the plain types of its arguments, never
for the value of a constant. numba types a constant argument (``-1``, ``True``), or a
variable that starts as one (``best = -1``), as a literal, and compiles the callee for
that literal before it compiles it again for the plain type; the kernels' helpers were
compiled two or three times each. None of them needs a literal.

Only typing changes here, no compiled code, so this file can live apart from
:mod:`vvlab.compiled.kernels` without the disk cache keeping stale copies (numba
keys a cached function by its own source file).

Examples
--------
>>> import numpy as np
>>> @kernel(_nrt=False)
... def twice(x):
...     return 2 * x
>>> @kernel()
... def caller(x):
...     return twice(x) + twice(1)
>>> int(caller(np.int64(3))), len(twice.signatures)
(8, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba.core import types
from numba.core.registry import CPUDispatcher

__all__ = ["OneSignature", "kernel"]


class OneSignature(CPUDispatcher):
    """numba's CPU dispatcher, resolving calls from other kernels with their
    arguments' plain types (literal values dropped)."""

    def get_call_template(self, args, kws):  # numba calls it to type a call
        plain = tuple(types.unliteral(a) for a in args)
        return super().get_call_template(plain, {k: types.unliteral(v) for k, v in kws.items()})


def kernel(cache: bool = False, **options: Any) -> Callable[[Callable], OneSignature]:
    """``numba.njit(cache=cache, **options)`` with the :class:`OneSignature` dispatcher.

    ``options`` are numba's: ``_nrt=False`` (no reference counting),
    ``forceinline=True`` (LLVM inlines the function where it is called),
    ``inline="always"`` (numba inlines it before typing).
    """

    def decorate(function: Callable) -> OneSignature:
        targetoptions = {"nopython": True, **options}
        dispatcher = OneSignature(py_func=function, locals={}, targetoptions=targetoptions)
        if cache:
            dispatcher.enable_caching()
        return dispatcher

    return decorate
