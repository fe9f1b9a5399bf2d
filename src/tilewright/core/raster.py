"""Pictures drawn by cairo from NumPy arrays: antialiased polygons, written as PNG row by row.

Tilings are drawn here (``aperiodic.spectre.writers``, ``aperiodic.hat.writers``), as mazes on
polygon grids are (``mazes.grid_pictures``): cairo covers each pixel by the share of it a
shape covers, so edges are smooth where a fill of whole pixels steps. Polygons go to cairo
as arrays (:func:`append_polylines`), a chunk of tiles a call, never a point a call.

The picture is one buffer of 4 bytes a pixel (cairo's RGB24), drawn through *windows*:
cairo surfaces of at most ``CAIRO_SIDE`` pixels a side over parts of the same buffer, so a
picture may be wider or taller than cairo allows a surface. It is written as PNG a band of
rows at a time (pypng), so encoding adds no second copy of it.
"""

from collections.abc import Iterator, Mapping
from typing import Any, BinaryIO

import numpy as np
import png

from tilewright.core.colours import parse_colour
from tilewright.core.docstrings import fill_doc
from tilewright.core.memory import check_fits

# cairo's largest surface side (its coordinates are 16.16 fixed point)
CAIRO_SIDE = 32767
# rows converted to RGB at a time while the PNG is written
_BAND_ROWS = 256


def append_polylines(context: Any, ptr: np.ndarray, ids: np.ndarray, xy: np.ndarray) -> None:
    """Add polylines to cairo's current path in one call: polyline ``i`` runs through the
    points ``xy[ids[ptr[i]:ptr[i + 1]]]``.

    Why not ``Context.move_to``/``line_to``: a million-cell maze has millions of points,
    and a call each from Python costs seconds. cairo reads a path as an array of 16-byte
    records, a header (type, length) and then each point, which NumPy builds at once.
    """
    from cairocffi import PATH_LINE_TO, PATH_MOVE_TO, cairo, ffi

    count = len(ids)
    if count == 0:
        return
    records = np.zeros((2 * count, 2), dtype=np.float64)
    header = records[0::2].view(np.int32).reshape(count, 4)  # int type, int length
    header[:, 0] = PATH_LINE_TO
    header[np.asarray(ptr[:-1]), 0] = PATH_MOVE_TO
    header[:, 1] = 2  # the header and one point
    records[1::2] = xy[ids]
    data = ffi.cast("cairo_path_data_t *", ffi.from_buffer(records))
    path = ffi.new("cairo_path_t *", {"status": 0, "data": data, "num_data": 2 * count})
    # the context's own pointer: cairocffi's append_path would rebuild the records in Python
    cairo.cairo_append_path(context._pointer, path)


def _polylines(lines: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(ptr, ids, xy)`` of ``lines`` as :func:`append_polylines` takes them."""
    ptr = np.zeros(len(lines) + 1, dtype=np.int64)
    np.cumsum([len(line) for line in lines], out=ptr[1:])
    return ptr, np.arange(ptr[-1]), np.concatenate(lines).astype(np.float64)


def rgb(colour: str) -> tuple[float, float, float]:
    """A CSS colour as cairo takes it: red, green and blue from 0 to 1.

    Examples
    --------
    >>> rgb("#ff8000")
    (1.0, 0.5019607843137255, 0.0)
    """
    red, green, blue = parse_colour(colour)
    return red / 255, green / 255, blue / 255


@fill_doc
class PolygonCanvas:
    """A ``width`` × ``height`` picture on ``background``, painted with filled, outlined
    polygons, antialiased.

    Parameters
    ----------
    width, height : int
        Pixels, at least 1 each.
    background : str
        A CSS colour.

    %(picture_memory_raises)s

    Examples
    --------
    >>> import io
    >>> canvas = PolygonCanvas(4, 4)
    >>> square = np.array([[[0.5, 0.5], [3.5, 0.5], [3.5, 3.5], [0.5, 3.5]]])
    >>> canvas.paint(square, ["#ff0000"], "#000000", 1.0)
    >>> sink = io.BytesIO()
    >>> canvas.write_png(sink, {})
    >>> sink.getvalue()[1:4]
    b'PNG'
    """

    def __init__(self, width: int, height: int, background: str = "white") -> None:
        import cairocffi

        check_fits(4 * width * height + 3 * _BAND_ROWS * width, f"a {width}x{height} picture")
        self.width, self.height = width, height
        red, green, blue = parse_colour(background)
        # a row more than the picture: cairo asks a window for whole rows of the stride,
        # which for a window at the right runs on past the picture's last pixel
        flat = np.full((height + 1) * width, (red << 16) | (green << 8) | blue, np.uint32)
        self.pixels = flat[: height * width].reshape(height, width)
        self.windows = []
        for top in range(0, height, CAIRO_SIDE):
            for left in range(0, width, CAIRO_SIDE):
                # a surface over the buffer from (left, top), with the whole picture's
                # stride: a window onto it, drawing nothing outside its own rectangle
                wide, high = min(CAIRO_SIDE, width - left), min(CAIRO_SIDE, height - top)
                start = top * width + left
                window = flat[start : start + high * width]
                data = window.view(np.uint8)
                surface = cairocffi.ImageSurface.create_for_data(
                    data, cairocffi.FORMAT_RGB24, wide, high, 4 * width
                )
                context = cairocffi.Context(surface)
                context.translate(-left, -top)
                context.set_line_join(cairocffi.LINE_JOIN_ROUND)
                context.set_line_cap(cairocffi.LINE_CAP_ROUND)
                self.windows.append((surface, context))

    def paint(
        self, polygons: np.ndarray | list[np.ndarray], fills: list[str], outline: str, line: float
    ) -> None:
        """Fill each polygon with its colour, then outline them all ``line`` pixels wide.

        Parameters
        ----------
        polygons : numpy.ndarray or list of numpy.ndarray
            Corners in pixels, each polygon an (n, 2) array (n may differ between them).
        fills : list of str
            A CSS colour per polygon.
        outline : str
            The colour of every outline.
        line : float
            The outline's width in pixels.
        """
        if not len(polygons):
            return
        # each polygon closed by its first corner again, so that its outline goes round
        closed = [np.concatenate([corners, corners[:1]]) for corners in polygons]
        groups: dict[str, list[np.ndarray]] = {}
        for corners, colour in zip(closed, fills, strict=True):
            groups.setdefault(colour, []).append(corners)
        shades = [(rgb(colour), _polylines(group)) for colour, group in groups.items()]
        every = _polylines(closed)
        for _, context in self.windows:
            for shade, polylines in shades:
                append_polylines(context, *polylines)
                context.set_source_rgb(*shade)
                context.fill()
            append_polylines(context, *every)
            context.set_source_rgb(*rgb(outline))
            context.set_line_width(line)
            context.stroke()

    def write_png(self, stream: BinaryIO, text: Mapping[str, str]) -> None:
        """Write the picture as an RGB PNG to ``stream``, with ``text`` (what made it, as
        ``core.metadata.png_text`` gives it) in text chunks."""
        for surface, _ in self.windows:
            surface.flush()
        writer = TextPngWriter(text, self.width, self.height, greyscale=False, bitdepth=8)
        writer.write(stream, self._rgb_rows())

    def _rgb_rows(self) -> Iterator[np.ndarray]:
        for top in range(0, self.height, _BAND_ROWS):
            band = self.pixels[top : top + _BAND_ROWS]
            # RGB24 keeps each pixel as a native-endian 0x00RRGGBB word
            rgb_band = np.stack([(band >> shift) & 0xFF for shift in (16, 8, 0)], axis=-1)
            yield from rgb_band.astype(np.uint8).reshape(len(band), -1)


class TextPngWriter(png.Writer):
    """pypng's writer with ``tEXt`` chunks after the header: pypng writes none itself.

    Parameters
    ----------
    text : mapping of str to str
        The chunks' keywords and texts (Latin-1; other characters become ``?``).
    *args, **kwargs
        As ``png.Writer`` takes them.
    """

    def __init__(self, text: Mapping[str, str], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.text = dict(text)

    def write_preamble(self, outfile: BinaryIO) -> None:
        super().write_preamble(outfile)
        for key, value in self.text.items():
            data = key.encode("latin-1") + b"\0" + value.encode("latin-1", "replace")
            png.write_chunk(outfile, b"tEXt", data)
