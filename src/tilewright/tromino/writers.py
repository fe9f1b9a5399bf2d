"""Writing tilings as they are produced: text, ``.npy`` and PNG all take bands of rows."""

from collections.abc import Iterable

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.tromino.tiling import text_chunks


def label_dtype(trominoes: int) -> np.dtype:
    """The smallest unsigned integer type that holds every tromino number."""
    return np.dtype(np.uint32 if trominoes < 2**32 else np.uint64)


def write_text(stream, bands: Iterable[np.ndarray], number_width: int) -> None:
    """Bands as text, ``"%*d "`` per cell with ``number_width`` (0 or more)."""
    if require_int(number_width, "number_width") < 0:
        raise TilewrightError(f"number_width must be 0 or more, got {shown(number_width)}")
    for chunk in text_chunks(iter(bands), number_width):
        stream.write(chunk)


def write_npy(stream, bands: Iterable[np.ndarray], width: int, height: int, trominoes: int):
    """A NumPy ``.npy`` file written row by row: the header first (the shape is known), then
    each band's bytes, so the array never has to exist in memory."""
    for value, name in ((width, "width"), (height, "height"), (trominoes, "trominoes")):
        if require_int(value, name) < 0:
            raise TilewrightError(f"{name} must be 0 or more, got {shown(value)}")
    dtype = label_dtype(trominoes)
    header = {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False}
    np.lib.format.write_array_header_2_0(stream, {**header, "shape": (height, width)})
    for band in bands:
        stream.write(np.ascontiguousarray(band, dtype=dtype).tobytes())
