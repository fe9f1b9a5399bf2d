"""Masks: which cells of a grid a maze may use, from a text file, a PNG or a NumPy array.

A mask is a 2-D boolean picture, ``True`` where cells stay. It comes from

* a text file, one row per line: ``X`` for off, ``.`` for on, every row the same length
  (as in Buck's *Mazes for Programmers*);
* a PNG: light pixels on, dark pixels (luminance below half) and transparent ones off;
* a NumPy bool array of shape (rows, columns).

Any grid takes any mask: the mask is stretched over the grid's bounding box and a cell is on
when the mask pixel under its centre is on, so a small heart drawn in a text editor shapes a
hexagonal maze as well as a square one. A square grid of the mask's own size is mapped cell
by cell. A maze needs one connected piece of cells, so :func:`masked` refuses a mask whose
cells fall apart (naming the pieces' sizes) unless asked to keep the largest.

Files come from anywhere, so reading trusts nothing: only regular files are opened, text is
read up to ``MAX_TEXT_BYTES``, and a PNG's size is read from its header and refused past
Pillow's decompression-bomb limit before a pixel is decoded. Every failure is one line.
"""

import os
import struct
import warnings
import zlib
from typing import TYPE_CHECKING, BinaryIO

import numpy as np

from tilewright.core.docstrings import fill_doc
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits, human_bytes
from tilewright.core.numbers import quoted, require_bool
from tilewright.core.polygon_grid import PolygonGrid, restrict
from tilewright.core.reading import open_regular, reason

if TYPE_CHECKING:
    from PIL import Image

# The characters of a text mask.
OFF, ON = "X", "."
# A text mask of a million cells is a megabyte; this is far beyond any drawn by hand.
MAX_TEXT_BYTES = 1 << 26
# Pillow's default decompression-bomb limit (Image.MAX_IMAGE_PIXELS), used when Pillow's
# own is switched off: a mask needs no more pixels than the grid has cells.
MAX_MASK_PIXELS = 89_478_485
# Bytes per pixel of decoding a PNG mask: Pillow's image, its RGBA copy, the luminance.
_PNG_BYTES_PER_PIXEL = 24
# Pixels at least this light (0-255 luminance, ITU-R 601 weights) and this opaque are on.
_LIGHT = 128
_OPAQUE = 128
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# signature, then the IHDR chunk's length, type, width and height
_PNG_HEADER = struct.Struct(">8sI4sII")
_CHUNK = 1 << 20
# Piece sizes a refusal lists before it says how many more there are.
_SHOWN_PIECES = 5


def parse_mask(text: str, name: str = "the mask") -> np.ndarray:
    """A mask from text: one row per line, ``X`` off and ``.`` on.

    Trailing whitespace on a line and blank lines at the end are ignored; every other line
    must have the same number of cells.

    Parameters
    ----------
    text : str
        The rows.
    name : str
        What the text is, for messages (a file name).

    Returns
    -------
    numpy.ndarray
        bool, shape (rows, columns): True where a cell stays.

    Raises
    ------
    TypeError
        When ``text`` is not a str.
    TilewrightError
        When there is no row, rows differ in length, or a character is neither ``X`` nor
        ``.``; the message names the line.

    Examples
    --------
    >>> parse_mask("X.X\\n...\\n").astype(int)
    array([[0, 1, 0],
           [1, 1, 1]])
    >>> parse_mask("X.X\\n..\\n")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the mask line 2 has 2 cells, line 1 has 3: \
every row needs the same length
    """
    if not isinstance(text, str):
        raise TypeError(f"a mask's text must be a str, not {type(text).__name__}")
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    if not lines:
        raise TilewrightError(f"{name} holds no rows (a text mask is rows of {OFF} and {ON})")
    width = len(lines[0])
    for number, line in enumerate(lines, start=1):
        if len(line) != width:
            raise TilewrightError(
                f"{name} line {number} has {len(line)} cells, line 1 has {width}: "
                "every row needs the same length"
            )
    joined = "".join(lines)
    if not joined.isascii():
        first = next(i for i, char in enumerate(joined) if not char.isascii())
    else:
        codes = np.frombuffer(joined.encode("ascii"), dtype=np.uint8)
        bad = np.flatnonzero((codes != ord(OFF)) & (codes != ord(ON)))
        if len(bad) == 0:
            return (codes == ord(ON)).reshape(len(lines), width)
        first = int(bad[0])
    row, column = divmod(first, width)
    raise TilewrightError(
        f"{name} line {row + 1} has {joined[first]!r} at column {column + 1}: "
        f"a text mask uses {OFF} (off) and {ON} (on)"
    )


def read_mask(path: str | os.PathLike) -> np.ndarray:
    """A mask from a file: a PNG (told by its signature) or a text mask.

    Parameters
    ----------
    path : str or os.PathLike
        A regular file: a PNG, light pixels on and dark or transparent ones off; or text,
        one row per line, ``X`` off and ``.`` on (see :func:`parse_mask`).

    Returns
    -------
    numpy.ndarray
        bool, shape (rows, columns), one entry per line and character or per pixel.

    Raises
    ------
    TypeError
        When ``path`` is not a path.
    TilewrightError
        When the file cannot be read, is not a regular file, is neither a PNG nor text,
        is a PNG that is damaged, truncated or larger than Pillow's decompression-bomb
        limit, or is text of more than ``MAX_TEXT_BYTES`` or not a valid mask.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> folder = tempfile.mkdtemp()
    >>> path = pathlib.Path(folder, "heart.txt")
    >>> _ = path.write_text(".X.\\n...\\nX.X\\n")
    >>> read_mask(path).sum()
    np.int64(6)
    """
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"a mask file is named by a str or path, not {type(path).__name__}")
    name = quoted(os.fsdecode(path))
    with open_regular(path, name, "a mask") as stream:
        head = stream.read(_PNG_HEADER.size)
        if head.startswith(_PNG_SIGNATURE):
            return _png_mask(stream, head, name)
        if os.fsdecode(path).lower().endswith(".png"):
            raise TilewrightError(f"cannot read {name}: it is not a PNG file (no PNG signature)")
        data = head + _read_text_bytes(stream, name, len(head))
    try:
        # utf-8-sig: a byte-order mark, as some Windows editors begin a file with, is no cell
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise TilewrightError(
            f"cannot read {name}: it is neither a PNG nor a text mask (rows of {OFF} and {ON})"
        ) from None
    return parse_mask(text, name)


@fill_doc
def mask_cells(grid: PolygonGrid, mask: np.ndarray | str | os.PathLike) -> np.ndarray:
    """Which cells of ``grid`` the mask keeps.

    The mask is stretched over the grid's bounding box (:meth:`PolygonGrid.bounds`), and
    a cell is kept when the mask pixel under its centre is on. A square grid whose width
    and height are the mask's columns and rows is mapped cell by cell.

    Parameters
    ----------
    %(any_grid)s
    mask : numpy.ndarray or str or os.PathLike
        A bool array (rows, columns), or a mask file (see :func:`read_mask`).

    Returns
    -------
    numpy.ndarray
        bool, shape (grid.num_cells,).

    Raises
    ------
    TypeError
        When ``grid`` is not a PolygonGrid or ``mask`` is neither a bool array nor a path.
    TilewrightError
        When the mask is empty or not 2-D, or its file cannot be read.

    Examples
    --------
    A 2×1 mask over a 4×2 grid keeps its left half:

    >>> from tilewright.core.polygon_grid import square_grid
    >>> mask_cells(square_grid(4, 2), np.array([[True, False]])).astype(int)
    array([1, 1, 0, 0, 1, 1, 0, 0])
    """
    _check_grid(grid)
    array, _ = _mask_array(mask)
    height, width = array.shape
    params = grid.params
    if (
        grid.kind == "square"
        and params.get("width") == width
        and params.get("height") == height
        and grid.num_cells == width * height
    ):
        return array.ravel().copy()
    x0, y0, x1, y1 = grid.bounds()
    columns = _pixel(grid.centres[:, 0], x0, x1, width)
    rows = _pixel(grid.centres[:, 1], y0, y1, height)
    return array[rows, columns]


@fill_doc
def components(grid: PolygonGrid) -> np.ndarray:
    """The connected pieces of a grid's cell graph.

    Parameters
    ----------
    %(any_grid)s

    Returns
    -------
    numpy.ndarray
        int32, shape (grid.graph.num_cells,): each graph node's piece, numbered 0, 1, … in
        the order of their lowest node (cell 0 is always in piece 0).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import restrict, square_grid
    >>> apart = restrict(square_grid(3, 1), np.array([True, False, True]))
    >>> components(apart).tolist()
    [0, 1]
    """
    from tilewright.core._mask_kernels import component_labels

    _check_grid(grid)
    return component_labels(grid.graph.num_cells, grid.graph.endpoints)


def masked(
    grid: PolygonGrid, mask: np.ndarray | str | os.PathLike, largest: bool = False
) -> PolygonGrid:
    """The grid of the cells a mask keeps, refused when they fall apart into pieces.

    Parameters
    ----------
    grid : PolygonGrid
        A grid without crossings.
    mask : numpy.ndarray or str or os.PathLike
        A bool array, or a mask file (see :func:`read_mask` and :func:`mask_cells`).
    largest : bool
        Keep only the largest piece (the one with the lowest cell among equals) instead of
        refusing a mask whose cells fall apart.

    Returns
    -------
    PolygonGrid
        The kept cells in their old order, of the same kind, with the mask's name
        (``"array"`` for an array) under ``"mask"`` in its params.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the mask cannot be read, leaves no cell, or leaves cells that fall apart
        (without ``largest``): the message names the pieces' sizes, largest first.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> ring = parse_mask("...\\n.X.\\n...")
    >>> masked(square_grid(3, 3), ring).num_cells
    8
    >>> masked(square_grid(3, 3), parse_mask(".X.\\nXXX\\n..X"))
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: the mask's cells fall apart into 3 pieces \
of 2, 1 and 1 cells; a maze needs one piece (--largest keeps the piece of 2)
    >>> masked(square_grid(3, 3), parse_mask(".X.\\nXXX\\n..X"), largest=True).num_cells
    2
    """
    from tilewright.core._mask_kernels import component_labels

    _check_grid(grid)
    largest = require_bool(largest, "largest")
    array, name = _mask_array(mask)
    if len(grid.under):
        raise TilewrightError("a grid with crossings (a weave) cannot be masked")
    keep = mask_cells(grid, array)
    if not keep.any():
        raise TilewrightError(f"the mask leaves no cell of the {grid.kind} grid")
    ends = grid.graph.endpoints
    inside = ends[keep[ends[:, 0]] & keep[ends[:, 1]]]
    labels = component_labels(grid.num_cells, inside)
    pieces, sizes = np.unique(labels[keep], return_counts=True)
    params = {**grid.params, "mask": name}
    if len(pieces) > 1:
        if not largest:
            raise TilewrightError(_fall_apart_message(sizes))
        # np.argmax takes the first of equal sizes: the piece with the lowest cell
        keep = labels == pieces[np.argmax(sizes)]
        params["largest"] = True
    return restrict(grid, keep, params)


def _fall_apart_message(sizes: np.ndarray) -> str:
    """The refusal of a mask with several pieces, their sizes largest first."""
    ordered = sorted(sizes.tolist(), reverse=True)
    shown = [str(size) for size in ordered[:_SHOWN_PIECES]]
    if len(ordered) > _SHOWN_PIECES:
        listed = f"{', '.join(shown)} and {len(ordered) - _SHOWN_PIECES} more"
    else:
        listed = f"{', '.join(shown[:-1])} and {shown[-1]}"
    return (
        f"the mask's cells fall apart into {len(ordered)} pieces of {listed} cells; "
        f"a maze needs one piece (--largest keeps the piece of {ordered[0]})"
    )


def _pixel(values: np.ndarray, low: float, high: float, pixels: int) -> np.ndarray:
    """The pixel (0 to ``pixels - 1``) under each of ``values`` when ``pixels`` pixels
    span ``low`` to ``high``."""
    scaled = np.floor((values - low) / (high - low) * pixels)
    return np.clip(scaled, 0, pixels - 1).astype(np.int64)


def _check_grid(grid: object) -> None:
    if not isinstance(grid, PolygonGrid):
        raise TypeError(f"grid must be a PolygonGrid, not {type(grid).__name__}")


def _mask_array(mask: object) -> tuple[np.ndarray, str]:
    """The mask as a bool array, and its name for records (a file's name, or "array")."""
    if isinstance(mask, np.ndarray):
        if mask.dtype != np.bool_:
            raise TypeError(f"a mask array must be bool (True = cell kept), not {mask.dtype}")
        if mask.ndim != 2 or mask.size == 0:
            raise TilewrightError(f"a mask array needs 2 dimensions and a cell, got {mask.shape}")
        return mask, "array"
    if isinstance(mask, str | os.PathLike):
        return read_mask(mask), os.path.basename(os.fsdecode(mask))
    raise TypeError(f"a mask is a bool array or a file name, not {type(mask).__name__}")


# --- files ------------------------------------------------------------------------------


def _read_text_bytes(stream: BinaryIO, name: str, already: int) -> bytes:
    """The rest of a text mask, refused past ``MAX_TEXT_BYTES``: read in chunks, so a
    file that grows while it is read stops there."""
    chunks = []
    total = already
    while chunk := stream.read(_CHUNK):
        total += len(chunk)
        if total > MAX_TEXT_BYTES:
            raise TilewrightError(
                f"cannot read {name}: more than {human_bytes(MAX_TEXT_BYTES)} of text; "
                "a mask needs a character per cell at most"
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _png_mask(stream: BinaryIO, head: bytes, name: str) -> np.ndarray:
    """A PNG's pixels as a mask: light and opaque pixels on.

    The size is read from the IHDR chunk and refused before Pillow decodes a pixel, so a
    tiny file declaring a gigapixel image costs nothing.
    """
    from PIL import Image

    if len(head) < _PNG_HEADER.size:
        raise TilewrightError(f"cannot read {name}: the PNG file is truncated")
    _, _, chunk, width, height = _PNG_HEADER.unpack(head)
    if chunk != b"IHDR" or width == 0 or height == 0:
        raise TilewrightError(f"cannot read {name}: the PNG file is damaged (no valid header)")
    limit = Image.MAX_IMAGE_PIXELS or MAX_MASK_PIXELS
    if width * height > limit:
        raise TilewrightError(
            f"cannot read {name}: its {width}×{height} pixels pass {limit}, the limit that "
            "guards against decompression bombs; a mask needs a pixel per cell at most"
        )
    check_fits(width * height * _PNG_BYTES_PER_PIXEL, f"a {width}×{height} mask")
    stream.seek(0)
    try:
        with warnings.catch_warnings():
            # Pillow only warns between its limit and twice it; the check above stops those
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(stream, formats=["PNG"]) as image:
                image.load()
                return _light_pixels(image)
    except (
        OSError,
        SyntaxError,
        ValueError,
        EOFError,
        struct.error,
        zlib.error,
        Image.DecompressionBombError,
        Image.DecompressionBombWarning,
    ) as error:
        raise TilewrightError(f"cannot read {name}: a damaged PNG ({reason(error)})") from None


def _light_pixels(image: "Image.Image") -> np.ndarray:
    """bool (rows, columns): the pixels light and opaque enough to be on."""
    if image.mode.startswith("I"):
        # 16-bit grey: PNG has no alpha in this mode; light is the upper half
        return np.asarray(image, dtype=np.int64) >= 1 << 15
    rgba = np.asarray(image.convert("RGBA"), dtype=np.uint32)
    luminance = (299 * rgba[..., 0] + 587 * rgba[..., 1] + 114 * rgba[..., 2]) // 1000
    return (luminance >= _LIGHT) & (rgba[..., 3] >= _OPAQUE)
