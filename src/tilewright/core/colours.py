"""Colours for pictures: parsing user colours and a perceptual gradient for heat maps."""

import numpy as np
from PIL import ImageColor

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
