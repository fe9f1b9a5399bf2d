"""Pictures for Jupyter of results too large for an inline SVG: a small PNG.

An SVG past about a megabyte makes a notebook slow to open and to scroll, so results show
themselves as SVG (``_repr_svg_``) up to a size of their own and as a PNG of at most
``NOTEBOOK_SIDE`` pixels a side (``_repr_png_``) beyond it. A result that has a lattice of
wall and floor pixels (a maze, a puzzle's borders) is shrunk with box filtering, so that
walls too fine for a pixel shade it grey rather than vanish.
"""

import io

import numpy as np

# the longest side of a PNG a result shows in a notebook
NOTEBOOK_SIDE = 1000
# tilings of polygons (Spectres, hats) show as a PNG up to this many tiles: about 4 s to draw
NOTEBOOK_PNG_TILES = 50_000


def thumbnail_png(ink: np.ndarray, side: int = NOTEBOOK_SIDE) -> bytes:
    """A greyscale PNG of ``ink`` (True black, False white), shrunk to at most ``side``
    pixels a side.

    Parameters
    ----------
    ink : numpy.ndarray
        bool, (rows, columns): one pixel each, at least one of each.
    side : int
        The longest side of the picture in pixels.

    Returns
    -------
    bytes
        The PNG file.

    Examples
    --------
    >>> from PIL import Image
    >>> png = thumbnail_png(np.eye(3000, dtype=bool))
    >>> Image.open(io.BytesIO(png)).size
    (1000, 1000)
    """
    from PIL import Image

    image = Image.fromarray(np.where(ink, 0, 255).astype(np.uint8), mode="L")
    rows, cols = ink.shape
    scale = side / max(rows, cols)
    if scale < 1:
        size = (max(1, round(cols * scale)), max(1, round(rows * scale)))
        image = image.resize(size, Image.Resampling.BOX)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue()


def shrunk_png(png: bytes, side: int = NOTEBOOK_SIDE, grey: bool = False) -> bytes:
    """``png`` shrunk (keeping its shape) to at most ``side`` pixels a side, in shades of
    grey when ``grey`` is set, and a picture in full colour reduced to a palette of 256.

    Examples
    --------
    >>> from PIL import Image
    >>> big = thumbnail_png(np.eye(800, dtype=bool), side=800)
    >>> Image.open(io.BytesIO(shrunk_png(big, side=200))).size
    (200, 200)
    """
    from PIL import Image

    image: Image.Image = Image.open(io.BytesIO(png))
    if max(image.size) <= side and not grey and image.mode not in ("RGB", "RGBA"):
        return png
    if grey:
        image = image.convert("L")
    image.thumbnail((side, side), Image.Resampling.BOX)
    if image.mode in ("RGB", "RGBA"):  # a palette of the 256 commonest: a third the bytes
        image = image.convert("RGB").quantize(256)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()
