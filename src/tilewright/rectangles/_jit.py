"""The three ways the Rectangles kernels are compiled, chosen for a short first run.

Numba compiles a function on its first call, and a function that calls other compiled
functions compiles each of them first and then optimises them again inside itself, so a
first run pays for every compiled function, every argument type it meets and every
wrapper it needs:

* ``kernel``: called from Python. Cached on disk, with the wrapper that converts Python
  arguments.
* ``helper``: called only from other compiled functions. Cached too, but without the
  wrappers for Python and C callers, which nothing uses and which took about a tenth of
  the solver's compile time.
* ``inline``: a few lines merged into each caller by Numba itself. Never compiled on its
  own, so not cached (a cache entry it can never fill would make every run look cold).
"""

from typing import Any

from numba import njit

# options Numba takes but its type stubs do not list
_NO_WRAPPERS: dict[str, Any] = {"no_cpython_wrapper": True, "no_cfunc_wrapper": True}

kernel = njit(cache=True, nogil=True)
helper = njit(cache=True, nogil=True, **_NO_WRAPPERS)
inline = njit(nogil=True, inline="always")
