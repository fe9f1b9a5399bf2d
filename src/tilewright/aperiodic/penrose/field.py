"""Exact points of the plane for Penrose tilings: integer combinations of tenth turns.

Every vertex of a Penrose tiling whose edges have lengths 1 and φ is an integer
combination of the unit vectors at multiples of 36°, that is of 1, t, t², t³ with
t = e^{iπ/5} (higher powers fold back because t⁴ = t³ − t² + t − 1 and t⁵ = −1). So a point
is four integers and sums, rotations and the scalings by φ are integer operations: two
routes to one vertex give the same four integers.

For bounds and drawing, a point's two coordinates are read as ``a + b√5`` in units of 1/4
across and sin(π/5)/2 up, the units in which both are integer combinations of 1 and √5.
"""

import math

# sums and differences are componentwise whatever the basis: the Spectre's exact points
# (in twelfth turns) and these (in tenth turns) share them
from tilewright.aperiodic.exact import Point as Point
from tilewright.aperiodic.exact import add as add
from tilewright.aperiodic.exact import sub as sub

ORIGIN: Point = (0, 0, 0, 0)
ONE: Point = (1, 0, 0, 0)
T: Point = (0, 1, 0, 0)
# φ = t + 1/t, and 1/t = −t⁴ because t⁵ = −1
PHI: Point = (1, 0, 1, -1)
INVERSE_PHI: Point = (0, 0, 1, -1)


def multiply(a: Point, b: Point) -> Point:
    """The product of two points as complex numbers (a rotation and scaling of ``a``).

    Examples
    --------
    >>> multiply(PHI, INVERSE_PHI)
    (1, 0, 0, 0)
    >>> power(T, 5)
    (-1, 0, 0, 0)
    """
    # the product's coefficients of t⁰ … t⁶, then t⁵ = −1 folds t⁵, t⁶ onto −1, −t
    full = [0] * 7
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                full[i + j] += x * y
    c0, c1, c2, c3, c4 = full[0] - full[5], full[1] - full[6], full[2], full[3], full[4]
    # t⁴ = t³ − t² + t − 1
    return (c0 - c4, c1 + c4, c2 - c4, c3 + c4)


# multiplication by a fixed point, as the images of 1, t, t², t³ (a linear map)
Times = tuple[Point, Point, Point, Point]


def times(c: Point) -> Times:
    """Multiplication by ``c``, for :func:`apply`: faster than :func:`multiply` when one
    factor is used many times."""
    return (c, multiply(T, c), multiply((0, 0, 1, 0), c), multiply((0, 0, 0, 1), c))


def apply(m: Times, a: Point) -> Point:
    """``a`` times the point ``m`` was made from.

    Examples
    --------
    >>> apply(times(PHI), (3, 1, 4, 1)) == multiply((3, 1, 4, 1), PHI)
    True
    """
    (p0, p1, p2, p3), (q0, q1, q2, q3), (r0, r1, r2, r3), (s0, s1, s2, s3) = m
    a0, a1, a2, a3 = a
    return (
        a0 * p0 + a1 * q0 + a2 * r0 + a3 * s0,
        a0 * p1 + a1 * q1 + a2 * r1 + a3 * s1,
        a0 * p2 + a1 * q2 + a2 * r2 + a3 * s2,
        a0 * p3 + a1 * q3 + a2 * r3 + a3 * s3,
    )


def power(a: Point, n: int) -> Point:
    """``a`` to the power ``n`` (at least 0)."""
    result = ONE
    for _ in range(n):
        result = multiply(result, a)
    return result


def across(p: Point) -> tuple[int, int]:
    """The point's coordinate across, as ``(a, b)`` meaning a + b√5 quarters.

    Examples
    --------
    >>> across(T)  # cos 36° = (1 + √5)/4
    (1, 1)
    """
    # Re t = (1 + √5)/4, Re t² = (√5 − 1)/4, Re t³ = (1 − √5)/4
    return (4 * p[0] + p[1] - p[2] + p[3], p[1] + p[2] - p[3])


def up(p: Point) -> tuple[int, int]:
    """The point's coordinate up, as ``(a, b)`` meaning a + b√5 units of sin(π/5)/2.

    Examples
    --------
    >>> up(T)  # sin 36° is two units
    (2, 0)
    """
    # Im t = s, Im t² = Im t³ = s(1 + √5)/2 with s = sin 36°
    return (2 * p[1] + p[2] + p[3], p[2] + p[3])


def sign(a: int, b: int) -> int:
    """The sign of a + b√5, exactly.

    Examples
    --------
    >>> sign(-2, 1), sign(2, -1), sign(0, 0)
    (1, -1, 0)
    """
    if a >= 0 and b >= 0:
        return 0 if a == b == 0 else 1
    if a <= 0 and b <= 0:
        return -1
    # opposite signs: the larger magnitude wins, and a² = 5b² cannot hold for b ≠ 0
    return (1 if a > 0 else -1) if a * a > 5 * b * b else (1 if b > 0 else -1)


def root5_truncated(n: int) -> int:
    """n√5 rounded toward zero, exactly: the collection's integer for it.

    Examples
    --------
    >>> root5_truncated(10), root5_truncated(-10)
    (22, -22)
    """
    magnitude = math.isqrt(5 * n * n)
    return magnitude if n >= 0 else -magnitude
