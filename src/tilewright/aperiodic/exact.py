"""Exact points of the plane for tilings with 30° angles.

Every vertex of a Spectre tiling with unit edges is a sum of unit vectors at multiples of
30°, that is an integer combination of 1, d, d², d³ with d = e^{iπ/6} (the higher powers
fold back because d⁴ = d² − 1). So a point is four integers, sums and rotations by 30° are
integer operations, and two routes to one vertex give the same four integers: equality is
exact, with no tolerance. Floats appear only when writing output.
"""

import math

Point = tuple[int, int, int, int]

ORIGIN: Point = (0, 0, 0, 0)
ONE: Point = (1, 0, 0, 0)
HALF_SQRT3 = math.sqrt(3) / 2


def add(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3])


def scale(a: Point, k: int) -> Point:
    return (a[0] * k, a[1] * k, a[2] * k, a[3] * k)


def times_d(a: Point) -> Point:
    """``a`` turned by 30° anticlockwise: d·(c0 + c1 d + c2 d² + c3 d³), using d⁴ = d² − 1."""
    return (-a[3], a[0], a[1] + a[3], a[2])


def rotate(a: Point, turns: int) -> Point:
    """``a`` turned by ``turns`` × 30° anticlockwise (any integer; 12 turns are a full turn)."""
    for _ in range(turns % 12):
        a = times_d(a)
    return a


def multiply(a: Point, b: Point) -> Point:
    """The product of two points as complex numbers (Horner's rule on ``b``)."""
    result = scale(a, b[3])
    for coefficient in (b[2], b[1], b[0]):
        result = add(times_d(result), scale(a, coefficient))
    return result


def unit(turns: int) -> Point:
    """The unit vector at ``turns`` × 30°."""
    return rotate(ONE, turns)


def to_xy(a: Point) -> tuple[float, float]:
    """Cartesian coordinates (y up): d = (√3/2, 1/2), d² = (1/2, √3/2), d³ = (0, 1)."""
    return (a[0] + HALF_SQRT3 * a[1] + 0.5 * a[2], a[3] + HALF_SQRT3 * a[2] + 0.5 * a[1])
