"""Colours for pictures: parsing user colours, a perceptual gradient for heat maps, and
how far apart two colours look (CIEDE2000), which keeps the default palettes apart."""

import math
from collections.abc import Sequence

import numpy as np

from tilewright.core.errors import TilewrightError

# Anchors of the viridis colour map (dark purple to yellow): perceptually even, readable
# when printed in grey, and safe for the common kinds of colour blindness.
_VIRIDIS = np.array(
    [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]],
    dtype=np.float64,
)


def parse_colour(text: str) -> tuple[int, int, int]:
    """An ``(r, g, b)`` triple from a CSS colour name or ``#rrggbb``, or a clear error.

    Parameters
    ----------
    text : str
        A CSS colour name (any case), ``#rgb``, ``#rrggbb``, ``#rrggbbaa`` (the alpha is
        dropped) or a CSS function such as ``rgb(31, 119, 180)``.

    Returns
    -------
    tuple of int
        Red, green and blue, 0 to 255.

    Raises
    ------
    TilewrightError
        When ``text`` names no colour.

    Examples
    --------
    >>> parse_colour("navy")
    (0, 0, 128)
    >>> parse_colour("#1f77b4")
    (31, 119, 180)
    >>> parse_colour("nosuchcolour")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: unknown colour 'nosuchcolour' (use a name like ...)
    """
    # Pillow (some 8 ms to load) only once a colour is read: the modules that draw import
    # this one, and a command that writes text never calls it
    from PIL import ImageColor

    try:
        return ImageColor.getrgb(text)[:3]
    except ValueError:
        raise TilewrightError(
            f"unknown colour {text!r} (use a name like navy or #1f77b4)"
        ) from None


def gradient(levels: int) -> np.ndarray:
    """``levels`` colours from the start of the gradient to its end, as (levels, 3) uint8.

    The gradient is viridis: dark purple to yellow, lighter at every step, so that a heat
    map reads the same in grey and to the common kinds of colour blindness.

    Parameters
    ----------
    levels : int
        How many colours, evenly spaced along the gradient (0 gives none).

    Returns
    -------
    numpy.ndarray
        Shape (levels, 3), dtype uint8: red, green, blue of each level.

    References
    ----------
    .. [1] S. van der Walt and N. Smith, "mpl colormaps", 2015,
       https://bids.github.io/colormap/

    Examples
    --------
    >>> gradient(3).tolist()
    [[68, 1, 84], [33, 145, 140], [253, 231, 37]]
    """
    where = np.linspace(0, len(_VIRIDIS) - 1, levels)
    low = np.minimum(where.astype(int), len(_VIRIDIS) - 2)
    frac = (where - low)[:, None]
    return np.round(_VIRIDIS[low] * (1 - frac) + _VIRIDIS[low + 1] * frac).astype(np.uint8)


# sRGB (linear) to CIE XYZ (D65), IEC 61966-2-1
_SRGB_TO_XYZ = np.array(
    [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
)
# the white point (D65) as the matrix gives it, so that white is exactly L* 100, a* b* 0
_WHITE = _SRGB_TO_XYZ.sum(axis=1)
# no two colours of a default palette closer than this (ΔE2000): about what tells two
# fills apart at a glance, side by side, rather than on close comparison
PALETTE_SEPARATION = 10.0


def lab(colour: str | Sequence[int]) -> tuple[float, float, float]:
    """The CIE L*a*b* (D65) coordinates of an sRGB colour.

    Parameters
    ----------
    colour : str or sequence of int
        A CSS colour (as :func:`parse_colour` reads it) or ``(r, g, b)``, 0 to 255.

    Returns
    -------
    tuple of float
        L* (0 to 100), a*, b*.

    Examples
    --------
    >>> [round(v, 2) for v in lab("white")], [round(v, 2) for v in lab((255, 0, 0))]
    ([100.0, 0.0, 0.0], [53.23, 80.11, 67.22])
    """
    rgb = parse_colour(colour) if isinstance(colour, str) else tuple(colour)
    values = np.array(rgb, dtype=np.float64) / 255
    linear = np.where(values <= 0.04045, values / 12.92, ((values + 0.055) / 1.055) ** 2.4)
    xyz = _SRGB_TO_XYZ @ linear / _WHITE
    small = (6 / 29) ** 3
    f = np.where(xyz > small, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return float(116 * f[1] - 16), float(500 * (f[0] - f[1])), float(200 * (f[1] - f[2]))


def delta_e_2000(first: Sequence[float], second: Sequence[float]) -> float:
    """How different two colours look: the CIEDE2000 colour difference of two L*a*b*
    colours (kL = kC = kH = 1).

    About 1 is the smallest difference seen side by side; default palettes keep their
    colours ``PALETTE_SEPARATION`` apart.

    Parameters
    ----------
    first, second : sequence of float
        L*, a*, b* (see :func:`lab`).

    Returns
    -------
    float

    References
    ----------
    .. [1] G. Sharma, W. Wu and E. N. Dalal, "The CIEDE2000 color-difference formula:
       implementation notes, supplementary test data, and mathematical observations",
       Color Research & Application 30(1), 21-30, 2005. The formula as its equations
       (1)-(22) give it, mean hue as its notes say; tested on its 34 pairs.

    Examples
    --------
    >>> round(delta_e_2000((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4)
    2.0425
    >>> delta_e_2000(lab("navy"), lab("navy"))
    0.0
    """
    l1, a1, b1 = (float(v) for v in first)
    l2, a2, b2 = (float(v) for v in second)
    chroma = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(chroma**7 / (chroma**7 + 25.0**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    delta_l, delta_c = l2 - l1, c2 - c1
    if c1 * c2 == 0:
        turn = 0.0
    elif abs(h2 - h1) <= 180:
        turn = h2 - h1
    else:
        turn = h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    delta_h = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(turn / 2))
    mean_l, mean_c = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        mean_h = h1 + h2
    elif abs(h1 - h2) <= 180:
        mean_h = (h1 + h2) / 2
    else:
        mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(mean_h - 30))
        + 0.24 * math.cos(math.radians(2 * mean_h))
        + 0.32 * math.cos(math.radians(3 * mean_h + 6))
        - 0.20 * math.cos(math.radians(4 * mean_h - 63))
    )
    rotation = 30 * math.exp(-(((mean_h - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(mean_c**7 / (mean_c**7 + 25.0**7))
    s_l = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    s_c = 1 + 0.045 * mean_c
    s_h = 1 + 0.015 * mean_c * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    lightness, chroma_term, hue = delta_l / s_l, delta_c / s_c, delta_h / s_h
    return math.sqrt(lightness**2 + chroma_term**2 + hue**2 + r_t * chroma_term * hue)


def closest_colours(palette: Sequence[str]) -> tuple[float, str, str]:
    """The two colours of ``palette`` that look most alike, and their ΔE2000.

    Examples
    --------
    >>> difference, *pair = closest_colours(["black", "white", "#111111"])
    >>> round(difference, 2), pair
    (2.96, ['black', '#111111'])
    """
    labs = [lab(colour) for colour in palette]
    pairs = (
        (delta_e_2000(labs[i], labs[j]), palette[i], palette[j])
        for i in range(len(palette))
        for j in range(i + 1, len(palette))
    )
    return min(pairs, key=lambda pair: pair[0])
