"""Writing tilings as they are produced: text and ``.npy`` take bands of rows, so a board
of any height streams (PNG, the same way, is in ``pictures``)."""

from collections.abc import Iterable

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.tromino.tiling import text_chunks


def label_dtype(trominoes: int) -> np.dtype:
    """The smallest unsigned integer type that holds every tromino number.

    Examples
    --------
    >>> label_dtype(21), label_dtype(2**40)
    (dtype('uint32'), dtype('uint64'))
    """
    return np.dtype(np.uint32 if trominoes < 2**32 else np.uint64)


def write_text(stream, bands: Iterable[np.ndarray], number_width: int) -> None:
    """Bands of labels as text: C's ``"%*d "`` per cell, a newline per row.

    Parameters
    ----------
    stream : binary file
        Where the bytes go.
    bands : iterable of numpy.ndarray
        (k, W) int64 bands of rows, as :func:`~tilewright.tromino.tile_rows` makes them.
    number_width : int
        The ``*`` of ``"%*d "``, 0 or more (2 is the textbook's ``"%2d "``); longer
        numbers are written whole.

    Raises
    ------
    TypeError, TilewrightError
        When ``number_width`` is not a whole number of 0 or more.

    Examples
    --------
    >>> import io
    >>> from tilewright.tromino import tile_rows
    >>> sink = io.BytesIO()
    >>> write_text(sink, tile_rows(2, 2, (0, 0)), 2)
    >>> sink.getvalue()
    b' 0  1 \\n 1  1 \\n'
    """
    if require_int(number_width, "number_width") < 0:
        raise TilewrightError(f"number_width must be 0 or more, got {shown(number_width)}")
    for chunk in text_chunks(iter(bands), number_width):
        stream.write(chunk)


def write_npy(stream, bands: Iterable[np.ndarray], width: int, height: int, trominoes: int) -> None:
    """A NumPy ``.npy`` file written row by row: the header first (the shape is known), then
    each band's bytes, so the array never has to exist in memory.

    Parameters
    ----------
    stream : binary file
        Where the bytes go.
    bands : iterable of numpy.ndarray
        The (k, W) bands of the board, top to bottom.
    width, height : int
        The board's shape, written in the header.
    trominoes : int
        The largest label: it chooses uint32 or uint64 (:func:`label_dtype`).

    Raises
    ------
    TypeError, TilewrightError
        When a size is not a whole number of 0 or more.

    Examples
    --------
    >>> import io
    >>> from tilewright.tromino import tile_rows
    >>> sink = io.BytesIO()
    >>> write_npy(sink, tile_rows(2, 2, (0, 0)), 2, 2, 1)
    >>> _ = sink.seek(0)
    >>> np.load(sink).tolist()
    [[0, 1], [1, 1]]
    """
    for value, name in ((width, "width"), (height, "height"), (trominoes, "trominoes")):
        if require_int(value, name) < 0:
            raise TilewrightError(f"{name} must be 0 or more, got {shown(value)}")
    dtype = label_dtype(trominoes)
    header = {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False}
    np.lib.format.write_array_header_2_0(stream, {**header, "shape": (height, width)})
    for band in bands:
        stream.write(np.ascontiguousarray(band, dtype=dtype).tobytes())
