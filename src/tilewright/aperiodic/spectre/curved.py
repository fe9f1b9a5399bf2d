"""The Spectre with curved edges: the strictly chiral tile, drawn.

Why curves: Tile(1, 1) with straight edges also tiles the plane with its mirror image among
its copies (periodically, even); the Spectre tiling uses one handedness only. Replacing every
edge by one S-shaped curve, the same on all 14 edges, keeps every tiling of the Spectre and
forbids mirror images: two tiles share an edge running along it in opposite directions, and
an S-curve symmetric about its midpoint (a half turn maps it onto itself, reversed) is the
same curve from both sides; a mirror image's edges bend the other way and fit none of them
(Smith, Myers, Kaplan and Goodman-Strauss, "A chiral aperiodic monotile", 2023, which draws
its Spectres this way).

The curve of the edge from P to Q is the cubic Bézier with control points P + r·R(θ)(Q − P)
and Q − r·R(θ)(Q − P): the half turn about the midpoint swaps the two, so the curve from Q
to P is the same. Its bulges on either side of the chord are equal, so the tile keeps its
area (3 + 3√3 for unit edges).
"""

import math

import numpy as np

CURVE_TURN = math.radians(50)  # θ: how far the control points turn from the chord
CURVE_REACH = 0.45  # r: how far along, as a share of the edge
_ROTATION = CURVE_REACH * np.array(
    [[math.cos(CURVE_TURN), -math.sin(CURVE_TURN)], [math.sin(CURVE_TURN), math.cos(CURVE_TURN)]]
)
# points sampled along each curve for pictures made of polygons: the start of the edge and
# SAMPLES - 1 points inside it
SAMPLES = 12


def _bernstein(t: np.ndarray) -> np.ndarray:
    """The cubic Bernstein weights at parameters ``t``, (len(t), 4)."""
    return np.stack([(1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t**2, t**3], axis=1)


def _controls(start: np.ndarray, end: np.ndarray) -> np.ndarray:
    """Start, controls and end of the curves from ``start`` to ``end``, (..., 4, 2)."""
    bend = (end - start) @ _ROTATION.T
    return np.stack([start, start + bend, end - bend, end], axis=-2)


_SAMPLE_WEIGHTS = _bernstein(np.arange(SAMPLES) / SAMPLES)


def controls(polygon: np.ndarray) -> np.ndarray:
    """The Bézier control points of each edge of a closed polygon.

    Parameters
    ----------
    polygon : numpy.ndarray
        (..., k, 2) vertices; edge i runs from vertex i to vertex i + 1 (mod k).

    Returns
    -------
    numpy.ndarray
        (..., k, 4, 2): start, first control, second control, end of each edge.

    Examples
    --------
    >>> square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
    >>> edge = controls(square)[0]
    >>> bool(np.allclose(edge[0] + edge[3], edge[1] + edge[2]))  # symmetric about the middle
    True
    """
    return _controls(polygon, np.roll(polygon, -1, axis=-2))


def path_data(polygon: np.ndarray, digits: int) -> str:
    """An SVG path of the curved polygon: a move, one relative cubic an edge, a close.

    Parameters
    ----------
    polygon : numpy.ndarray
        (k, 2) vertices.
    digits : int
        Decimals of each number.

    Returns
    -------
    str

    Examples
    --------
    >>> path_data(np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]), 1)[:16]
    'M0.0 0.0c0.3 0.3'
    """
    edges = controls(polygon)
    relative = edges[:, 1:] - edges[:, :1]
    number = f"{{:.{digits}f}}"
    curves = "".join("c" + " ".join(number.format(v) for v in edge.ravel()) for edge in relative)
    return f"M{number.format(polygon[0, 0])} {number.format(polygon[0, 1])}{curves}z"


def sampled(polygons: np.ndarray) -> np.ndarray:
    """Polygons with each edge replaced by ``SAMPLES`` points along its curve.

    Parameters
    ----------
    polygons : numpy.ndarray
        (n, k, 2) vertices.

    Returns
    -------
    numpy.ndarray
        (n, k × SAMPLES, 2), starting at vertex 0.

    Examples
    --------
    >>> square = np.array([[[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]]])
    >>> points = sampled(square)
    >>> points.shape, bool(np.allclose(points[0, SAMPLES], [1.0, 0.0]))
    ((1, 48, 2), True)
    """
    edges = controls(polygons)  # (n, k, 4, 2)
    points = np.einsum("sc,nkcd->nksd", _SAMPLE_WEIGHTS, edges)
    return points.reshape(len(polygons), -1, 2)


def along(chords: np.ndarray, pieces: int) -> np.ndarray:
    """The points that cut each chord's curve into ``pieces`` pieces of equal parameter.

    Parameters
    ----------
    chords : numpy.ndarray
        (n, 2, 2): each edge's start and end.
    pieces : int

    Returns
    -------
    numpy.ndarray
        (n, pieces - 1, 2), from the start's end; the ends themselves left out.

    Examples
    --------
    >>> middle = along(np.array([[[0.0, 0.0], [2.0, 0.0]]]), 2)[0, 0]
    >>> bool(np.allclose(middle, [1.0, 0.0]))  # the curve passes through the midpoint
    True
    """
    weights = _bernstein(np.arange(1, pieces) / pieces)
    return np.einsum("sc,ncd->nsd", weights, _controls(chords[:, 0], chords[:, 1]))
