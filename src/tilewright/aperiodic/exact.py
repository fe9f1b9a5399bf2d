"""Exact points of the plane for tilings with 30° angles.

Every vertex of a Spectre tiling with unit edges is a sum of unit vectors at multiples of
30°, that is an integer combination of 1, d, d², d³ with d = e^{iπ/6} (the higher powers
fold back because d⁴ = d² − 1). So a point is four integers, sums and rotations by 30° are
integer operations, and two routes to one vertex give the same four integers: equality is
exact, with no tolerance. Floats appear only when writing output.
"""

import decimal
import math

import numpy as np

Point = tuple[int, int, int, int]

ORIGIN: Point = (0, 0, 0, 0)
ONE: Point = (1, 0, 0, 0)
HALF_SQRT3 = math.sqrt(3) / 2
# 60 digits: a coordinate within 2**50 of the centre, less a float, keeps 40 exact digits,
# far more than a float's 17 (one correct rounding at the end)
_PRECISE = decimal.Context(prec=60)
_HALF_SQRT3_DECIMAL = _PRECISE.sqrt(decimal.Decimal(3)) / 2


def add(a: Point, b: Point) -> Point:
    """The sum of two points.

    Examples
    --------
    >>> add((1, 0, 0, 0), (0, 2, 0, -1))
    (1, 2, 0, -1)
    """
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Point, b: Point) -> Point:
    """The difference ``a - b`` of two points.

    Examples
    --------
    >>> sub((1, 2, 0, -1), (0, 2, 0, -1))
    (1, 0, 0, 0)
    """
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def scale(a: Point, k: int) -> Point:
    """``a`` stretched by the whole number ``k``.

    Examples
    --------
    >>> scale((1, 0, 2, 0), 3)
    (3, 0, 6, 0)
    """
    return (a[0] * k, a[1] * k, a[2] * k, a[3] * k)


def times_d(a: Point) -> Point:
    """``a`` turned by 30° anticlockwise: d·(c0 + c1 d + c2 d² + c3 d³), using d⁴ = d² − 1.

    Parameters
    ----------
    a : Point

    Returns
    -------
    Point

    Examples
    --------
    >>> times_d((0, 0, 0, 1))  # d³ · d = d⁴ = d² − 1
    (-1, 0, 1, 0)
    """
    return (-a[3], a[0], a[1] + a[3], a[2])


def rotate(a: Point, turns: int) -> Point:
    """``a`` turned by ``turns`` × 30° anticlockwise (any integer; 12 turns are a full turn).

    Examples
    --------
    >>> rotate(ONE, 3)  # a quarter turn: d³ = i
    (0, 0, 0, 1)
    >>> rotate(ONE, -9) == rotate(ONE, 3)
    True
    """
    for _ in range(turns % 12):
        a = times_d(a)
    return a


def multiply(a: Point, b: Point) -> Point:
    """The product of two points as complex numbers (Horner's rule on ``b``).

    Examples
    --------
    >>> multiply(unit(1), unit(2)) == unit(3)
    True
    """
    result = scale(a, b[3])
    for coefficient in (b[2], b[1], b[0]):
        result = add(times_d(result), scale(a, coefficient))
    return result


def unit(turns: int) -> Point:
    """The unit vector at ``turns`` × 30°.

    Examples
    --------
    >>> unit(0), unit(1)
    ((1, 0, 0, 0), (0, 1, 0, 0))
    """
    return rotate(ONE, turns)


def to_xy(a: Point) -> tuple[float, float]:
    """Cartesian coordinates (y up): d = (√3/2, 1/2), d² = (1/2, √3/2), d³ = (0, 1).

    Parameters
    ----------
    a : Point

    Returns
    -------
    tuple of float
        (x, y).

    Examples
    --------
    >>> to_xy((1, 0, 0, 2))
    (1.0, 2.0)
    """
    return (a[0] + HALF_SQRT3 * a[1] + 0.5 * a[2], a[3] + HALF_SQRT3 * a[2] + 0.5 * a[1])


def to_xy_array(points: np.ndarray) -> np.ndarray:
    """:func:`to_xy` for many points at once.

    Parameters
    ----------
    points : numpy.ndarray
        (n, 4) integers.

    Returns
    -------
    numpy.ndarray
        (n, 2) floats, equal to :func:`to_xy` of each row bit for bit.

    Examples
    --------
    >>> to_xy_array(np.array([[1, 0, 0, 2], [0, 0, 2, 0]])).tolist() == [
    ...     list(to_xy((1, 0, 0, 2))), list(to_xy((0, 0, 2, 0)))]
    True
    """
    p = points.astype(float)
    return np.column_stack(
        (
            p[:, 0] + HALF_SQRT3 * p[:, 1] + 0.5 * p[:, 2],
            p[:, 3] + HALF_SQRT3 * p[:, 2] + 0.5 * p[:, 1],
        )
    )


def _precise(a: Point, axis: int) -> decimal.Decimal:
    """Coordinate ``axis`` (0: x, 1: y) of ``a`` to 60 digits."""
    rational, root = (a[0] * 2 + a[2], a[1]) if axis == 0 else (a[3] * 2 + a[1], a[2])
    return _PRECISE.add(
        _PRECISE.divide(decimal.Decimal(rational), 2),
        _PRECISE.multiply(decimal.Decimal(root), _HALF_SQRT3_DECIMAL),
    )


def precise_xy(a: Point) -> tuple[float, float]:
    """:func:`to_xy`, correctly rounded however large the integers (``to_xy`` rounds each
    term, which cancels when they are large and their sum is not).

    Examples
    --------
    >>> precise_xy((1, 0, 0, 2)), precise_xy((0, 2, 0, 0))
    ((1.0, 2.0), (1.7320508075688772, 1.0))
    """
    return float(_precise(a, 0)), float(_precise(a, 1))


def precise_difference(value: float, a: Point, axis: int) -> float:
    """``value`` minus coordinate ``axis`` (0: x, 1: y) of ``a``, correctly rounded.

    Examples
    --------
    >>> precise_difference(1e15, (10**15, 0, 0, 0), 0)
    0.0
    """
    return float(_PRECISE.subtract(decimal.Decimal(value), _precise(a, 1 if axis else 0)))
