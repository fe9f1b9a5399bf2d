"""The four ways the Loopy kernels are compiled.

* ``kernel``: called from Python. Cached on disk, with the wrapper that converts Python
  arguments.
* ``helper``: called only from other compiled functions, and allocating arrays. Cached,
  without the wrappers for Python and C callers, which nothing uses.
* ``light``: called only from other compiled functions, and allocating nothing: also
  compiled without Numba's reference counting. The solvers pass their state as tuples of
  some thirty arrays, and with reference counting every call counted a reference to each
  of them on the way in and out, about 10 ns an array: a call cost 0.3 µs whatever it
  did, and a whole solve was several times slower.
* ``inline``: a helper called from one place only, merged into it by Numba itself. Never
  compiled on its own, so not cached (a cache entry it can never fill would make every
  run look cold). A call with the state's tuples costs more than many of these do; but
  merged into many callers, one kernel took minutes to compile, so only single callers.
"""

from typing import Any

from numba import njit

# options Numba takes but its type stubs do not list
_NO_WRAPPERS: dict[str, Any] = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}
_NO_REFERENCE_COUNTS: dict[str, Any] = {"_nrt": False}

kernel = njit(cache=True)
helper = njit(cache=True, **_NO_WRAPPERS)
light = njit(cache=True, **_NO_WRAPPERS, **_NO_REFERENCE_COUNTS)
inline = njit(inline="always", **_NO_REFERENCE_COUNTS)
