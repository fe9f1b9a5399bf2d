"""Segments joined into few long polylines, each segment drawn exactly once.

Pictures of mazes draw their walls as polylines so that a pen plotter or a laser cutter
runs along each wall once, lifting the pen as rarely as the drawing allows: the segments
are split into Euler trails (see ``_polyline_kernels``), as few as there are pairs of
vertices where an odd number of segments meet, plus one closed loop for each piece without
such a vertex.
"""

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits
from tilewright.core.numbers import require_int

# Bytes per segment while joining: the adjacency (two int32 entries), the stack, the used
# flags, the output and the degree and cursor arrays (int64 per vertex, charged per segment
# since a drawing has about as many vertices as segments)
_JOIN_SEGMENT_BYTES = 48
# The most segments and vertices the kernels index (int32 ids, the adjacency in int32
# entries two per segment, and up to two extra edges per segment for odd vertices)
MAX_SEGMENTS = 2**29
MAX_VERTICES = 2**31 - 2


def join_segments(
    segments: np.ndarray,
    mask: np.ndarray | None = None,
    num_vertices: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Join segments into polylines that draw each selected segment exactly once.

    Parameters
    ----------
    segments : array_like
        Integers, shape (E, 2): the two vertex ids of each segment (non-negative).
    mask : array_like, optional
        bool, shape (E,): the segments to draw (default: all).
    num_vertices : int, optional
        One more than the largest vertex id that may occur (default: found from
        ``segments``).

    Returns
    -------
    ptr : numpy.ndarray
        int64, shape (P + 1,): polyline ``p`` is ``ids[ptr[p]:ptr[p + 1]]``.
    ids : numpy.ndarray
        int32: the vertex ids along each polyline; consecutive ids are a segment, and a
        closed polyline ends with its first id. Each selected segment is walked once.

    Raises
    ------
    TypeError
        When ``segments`` does not hold integers or ``mask`` is not boolean.
    TilewrightError
        When the shapes do not fit, an id is negative or not below ``num_vertices``, or
        the work would not fit in memory.

    Examples
    --------
    The outline of two squares side by side: six vertices, seven segments, two vertices
    of odd degree, so one trail:

    >>> segments = np.array([[0, 1], [1, 2], [2, 5], [5, 4], [4, 3], [3, 0], [1, 4]])
    >>> ptr, ids = join_segments(segments)
    >>> len(ptr) - 1, len(ids)
    (1, 8)
    >>> ptr, ids = join_segments(segments, mask=np.arange(7) < 6)  # the outline only
    >>> ids.tolist()
    [0, 3, 4, 5, 2, 1, 0]
    """
    from tilewright.core._polyline_kernels import euler_trails

    chosen = _selected(segments, mask)
    if num_vertices is None:
        num_vertices = int(chosen.max()) + 1 if chosen.size else 0
    num_vertices = require_int(num_vertices, "num_vertices")
    if not 0 <= num_vertices <= MAX_VERTICES:
        raise TilewrightError(f"num_vertices must be 0 to {MAX_VERTICES}, got {num_vertices}")
    if chosen.size and (chosen.min() < 0 or chosen.max() >= num_vertices):
        raise TilewrightError(f"segment vertex ids must be 0 to {num_vertices - 1}")
    check_fits(_JOIN_SEGMENT_BYTES * (len(chosen) + num_vertices), "joining the segments")
    a = np.ascontiguousarray(chosen[:, 0], dtype=np.int32)
    b = np.ascontiguousarray(chosen[:, 1], dtype=np.int32)
    return euler_trails(a, b, np.int64(num_vertices))


def path_data(ptr: np.ndarray, ids: np.ndarray, xy: np.ndarray, decimals: int = 2) -> str:
    """SVG path data of polylines: ``M x y L x y x y …`` for each, ``Z`` closing a loop.

    Parameters
    ----------
    ptr, ids : numpy.ndarray
        Polylines as :func:`join_segments` gives them.
    xy : numpy.ndarray
        float, shape (V, 2): each vertex's position in drawing units.
    decimals : int
        Digits after the point (trailing zeros are left out).

    Returns
    -------
    str

    Examples
    --------
    >>> xy = np.array([[0.0, 0.0], [1.5, 0.0], [1.5, 2.0]])
    >>> path_data(np.array([0, 4]), np.array([0, 1, 2, 0], dtype=np.int32), xy)
    'M0 0L1.5 0 1.5 2Z'
    """
    from tilewright.core._polyline_kernels import path_data as kernel

    data = kernel(
        np.asarray(ptr, dtype=np.int64),
        np.asarray(ids, dtype=np.int32),
        _fixed(xy, decimals),
        np.int64(decimals),
    )
    return data.tobytes().decode("ascii")


def coordinate_lists(
    ptr: np.ndarray, ids: np.ndarray, xy: np.ndarray, decimals: int = 6
) -> tuple[str, np.ndarray]:
    """Polylines as JSON lists of points (``[[x,y],[x,y],…]``), for GeoJSON.

    Parameters
    ----------
    ptr, ids : numpy.ndarray
        Polylines as :func:`join_segments` gives them (or closed rings).
    xy : numpy.ndarray
        float, shape (V, 2): each vertex's position.
    decimals : int
        Digits after the point (trailing zeros are left out).

    Returns
    -------
    text : str
        Every polyline's list, one after another.
    offsets : numpy.ndarray
        int64, shape (P + 1,): polyline ``p`` is ``text[offsets[p]:offsets[p + 1]]``.

    Examples
    --------
    >>> xy = np.array([[0.0, 0.0], [1.5, 0.0], [1.5, 2.0]])
    >>> text, offsets = coordinate_lists(np.array([0, 2, 4]), np.array([0, 1, 1, 2]), xy)
    >>> text[offsets[1] : offsets[2]]
    '[[1.5,0],[1.5,2]]'
    """
    from tilewright.core._polyline_kernels import coordinate_lists as kernel

    buffer, offsets = kernel(
        np.asarray(ptr, dtype=np.int64),
        np.asarray(ids, dtype=np.int32),
        _fixed(xy, decimals),
        np.int64(decimals),
    )
    return buffer.tobytes().decode("ascii"), offsets


def integer_lists(values: np.ndarray, ptr: np.ndarray | None = None) -> bytes:
    """Integers as JSON text, at compiled speed: the lists ``values[ptr[t]:ptr[t + 1]]``
    (``[a,b],[c,d,e]``), or without ``ptr`` the numbers themselves (``a,b,c``); the
    brackets round them all are left to the caller, so that a long list can be written in
    pieces. For the JSON exports of polygons, walls and graphs.

    Examples
    --------
    >>> integer_lists(np.array([3, -1, 4, 1, 5]), np.array([0, 2, 5]))
    b'[3,-1],[4,1,5]'
    >>> integer_lists(np.array([[0, 1], [2, 3]]).ravel())
    b'0,1,2,3'
    """
    from tilewright.core._polyline_kernels import integer_lists as kernel

    flat = np.asarray(values).astype(np.int64, copy=False).ravel()
    if ptr is None:
        return kernel(flat, np.array([0, len(flat)], dtype=np.int64), False).tobytes()
    return kernel(flat, np.asarray(ptr, dtype=np.int64), True).tobytes()


def _fixed(xy: object, decimals: int) -> np.ndarray:
    """Coordinates times ``10**decimals``, rounded, as int64 (checked to fit)."""
    if not 0 <= decimals <= 9:
        raise TilewrightError(f"decimals must be 0 to 9, got {decimals}")
    fixed = np.rint(np.asarray(xy, dtype=np.float64) * 10.0**decimals)
    if fixed.size and not np.all(np.abs(fixed) < 2.0**62):
        raise TilewrightError("coordinates must be finite numbers of reasonable size")
    return fixed.astype(np.int64)


def _selected(segments: object, mask: object) -> np.ndarray:
    """The segments ``mask`` selects, checked, as an int64 (k, 2) array."""
    array = np.asarray(segments)
    if array.dtype.kind not in "iu":
        raise TypeError(f"segments must hold integer vertex ids, not {array.dtype}")
    if array.ndim != 2 or array.shape[1] != 2:
        raise TilewrightError(f"segments must have shape (E, 2), got {array.shape}")
    if mask is not None:
        chosen_mask = np.asarray(mask)
        if chosen_mask.dtype != np.bool_:
            raise TypeError(f"mask must be boolean, not {chosen_mask.dtype}")
        if chosen_mask.shape != (len(array),):
            raise TilewrightError(f"mask must have shape ({len(array)},), got {chosen_mask.shape}")
        array = array[chosen_mask]
    if len(array) > MAX_SEGMENTS:
        raise TilewrightError(f"at most {MAX_SEGMENTS} segments can be joined")
    return array
