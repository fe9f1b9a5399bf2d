"""What a Spectre ``Patch``, a ``HatPatch`` and a ``PenrosePatch`` share: the formats they
write, the region, seed and method that find their tiles again each time they are asked
for, the checks of the style arguments, and the writing of CSV and JSON Lines rows on any
number of threads (``threaded.walked``); each tiling plugs in its own search, its walk cut
for threads, and its writers."""

import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, BinaryIO

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted, require_bool

if TYPE_CHECKING:
    from tilewright.aperiodic.threaded import Walk

METHODS = ("line", "bfs")
FORMATS = ("svg", "png", "pdf", "jsonl", "csv", "geojson")
PICTURES = ("svg", "png", "pdf")
# what ``save`` and the command line write, by the file name's suffix: each format's
# own, and GeoJSON's as plain JSON
SUFFIXES = {f".{fmt}": fmt for fmt in FORMATS} | {".json": "geojson"}

# pixels: the largest side of the picture Jupyter shows
REPR_SVG_SIDE = 800
# wraps what a write goes through: chunks, or the rows of the threaded text formats
Progress = Callable[[Iterator[Any]], Iterator[Any]]


@dataclass(frozen=True)
class _Rows:
    """Text rows of some tiles; their length is the tiles', for a progress bar."""

    text: bytes
    tiles: int

    def __len__(self) -> int:
        return self.tiles


class TilingPatch:
    """Every tile of one tiling that meets a rectangle, held as the parameters that find
    the tiles again: the base of the Spectre's ``Patch``, the hat's ``HatPatch`` and the
    ``PenrosePatch``.

    Attributes
    ----------
    width, height : float
        The region's sides in the tiling's units.
    origin : tuple of float
        Its lower-left corner (x, y); y points up.
    seed : int
        The tiling.
    method : str
        ``"line"`` (bounded memory) or ``"bfs"`` (breadth first, held whole): the same
        tiles, in different orders.
    family : str
        The tiling's name, as the outputs record it (class attribute).
    """

    family: str
    # a tile's area, and how far (at most, about) tiles meeting the region reach past it
    # on each axis: the estimate of the count before the tiles are found
    tile_area: float
    reach: float

    def __init__(
        self,
        width: float,
        height: float,
        origin: tuple[float, float],
        seed: int,
        method: str = "line",
    ) -> None:
        self.width, self.height, self.origin = width, height, origin
        self.seed, self.method = seed, method
        self._count: int | None = None

    @property
    def region(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1): the rectangle the tiles meet."""
        x, y = self.origin
        return (x, y, x + self.width, y + self.height)

    def _described(self) -> dict[str, object]:
        """The tiling and the region, as ``info`` begins."""
        return {
            "family": self.family,
            "width": self.width,
            "height": self.height,
            "origin": list(self.origin),
        }

    @property
    def approximate_count(self) -> int:
        """The number of tiles, exact when known, else estimated from the area."""
        if self._count is not None:
            return self._count
        return round((self.width + self.reach) * (self.height + self.reach) / self.tile_area)

    def _region_text(self) -> str:
        """The region as the repr shows it: ``WxH at (x,y)``."""
        return f"{self.width:g}x{self.height:g} at ({self.origin[0]:g},{self.origin[1]:g})"

    def _write_rows(
        self,
        sink: BinaryIO,
        fmt: str,
        neighbours: bool,
        progress: Progress | None,
        threads: int,
    ) -> None:
        """CSV or JSON Lines, for every tiling alike: the rows of each batch of the
        tiling's walk (:meth:`_text_walk`), made on ``threads`` threads
        (``threaded.walked``), written in order after CSV's header, through ``progress``
        counting tiles. A whole pass makes the count of tiles exact."""
        from tilewright.aperiodic.threaded import walked  # a picture needs no threads

        walk = self._text_walk(neighbours, threads)
        made = walked(walk, self._row_maker(fmt, neighbours), threads)
        header = self._csv_header(neighbours) if fmt == "csv" else None
        write_rows(sink, header, self._counted(made), progress)

    def _text_walk(self, neighbours: bool, threads: int) -> "Walk":
        """The patch's tiles as the tiling's walk finds them, cut for ``threads``."""
        raise NotImplementedError

    def _row_maker(self, fmt: str, neighbours: bool) -> Callable[[Any], tuple[bytes, int]]:
        """What makes a batch of :meth:`_text_walk`'s tiles into rows of ``fmt``, with
        the count of its tiles; called on any thread."""
        raise NotImplementedError

    def _csv_header(self, neighbours: bool) -> bytes:
        """The CSV's first line."""
        raise NotImplementedError

    def _counted(self, made: Iterator[tuple[bytes, int]]) -> Iterator[tuple[bytes, int]]:
        """``made``, its tiles counted: once it has all been given, the patch's count."""
        count = 0
        for text, tiles in made:
            count += tiles
            yield text, tiles
        self._count = count


class NotebookPatch(TilingPatch):
    """A patch Jupyter shows as a picture: an SVG up to the tiling's ``REPR_SVG_LIMIT``
    tiles, a small PNG past it (:func:`~tilewright.aperiodic.writers.notebook_png`); the
    base of the Spectre's ``Patch`` and the hat's ``HatPatch``, each of which names its
    limit in :meth:`_svg_limit`."""

    def _svg_limit(self) -> int:
        """The most tiles drawn as an SVG for Jupyter: the tiling module's
        ``REPR_SVG_LIMIT``, read when asked (so that a test may change it)."""
        raise NotImplementedError

    def write(self, sink: BinaryIO, fmt: str, *, scale: float | None = None) -> None:
        """Write the patch in format ``fmt`` to ``sink`` (each tiling's own)."""
        raise NotImplementedError

    def _repr_png_(self) -> bytes | None:
        """The patch as a PNG for Jupyter when it has too many tiles for an SVG."""
        from tilewright.aperiodic.writers import notebook_png

        return notebook_png(self, self._svg_limit())

    def _repr_svg_(self) -> str | None:
        """The patch drawn for Jupyter, or None when it has too many tiles to show."""
        from tilewright.aperiodic.writers import picture_scale

        if self.approximate_count > self._svg_limit():
            return None
        scale = picture_scale(self.width, self.height, None, REPR_SVG_SIDE)
        buffer = io.BytesIO()
        self.write(buffer, "svg", scale=scale)
        return buffer.getvalue().decode()


def check_grid_fits(
    width: float, height: float, tile_area: float, vertices: int, words: tuple[str, str]
) -> None:
    """Refuse a maze grid of a region whose cells would not fit in memory: about a tile a
    ``tile_area`` over the region grown by the tiles reaching past it, ``vertices`` corners
    each; ``words`` name the grid and its tiles (``("a Spectre grid", "tiles")``)."""
    # imported here: a patch written as text loads no grid
    from tilewright.core.memory import check_fits
    from tilewright.core.polygon_grid import GRID_CORNER_BYTES

    grid, tiles = words
    expected = (width + 8) * (height + 8) / tile_area
    check_fits(
        expected * vertices * GRID_CORNER_BYTES,
        f"{grid} of {width:g}x{height:g} (about {expected:.0f} {tiles})",
    )


def checked_style(
    fmt: object, colour: object, colourings: tuple[str, ...], plain: object, paper: str | None
) -> tuple[str, str, bool]:
    """The format, colouring and ``plain`` checked, and the paper (PDF only), or an error;
    ``plain`` is checked against the format by :func:`check_plain`."""
    fmt = choice(fmt, FORMATS, "format")
    if paper is not None:
        if fmt != "pdf":
            raise TilewrightError(f"paper applies to pdf, not {fmt}")
        from tilewright.core.sheets import paper_named  # the sheets' module: pdf only

        paper_named(paper)
    return fmt, choice(colour, colourings, "colour"), require_bool(plain, "plain")


def check_plain(fmt: str, plain: bool) -> None:
    """Refuse ``plain`` for a format with no paths: asked for and silently not drawn
    would be worse than refused."""
    if plain and fmt not in ("svg", "pdf"):
        raise TilewrightError(f"plain draws svg or pdf, not {fmt}")


def write_rows(
    sink: BinaryIO,
    header: bytes | None,
    made: Iterator[tuple[bytes, int]],
    progress: Progress | None,
) -> None:
    """Text rows, as ``(text, tiles)`` pieces in order, written after the ``header``
    (CSV's), through ``progress`` counting tiles."""
    if header is not None:
        sink.write(header)
    parts: Iterator[_Rows] = (_Rows(text, tiles) for text, tiles in made)
    if progress is not None:
        parts = progress(parts)
    sink.writelines(part.text for part in parts)


def choice(value: object, choices: tuple[str, ...], what: str) -> str:
    """``value`` if it is one of ``choices``, else a TypeError or TilewrightError naming
    ``what`` it is."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be text, not {type(value).__name__}")
    if value not in choices:
        raise TilewrightError(f"{what} is one of {', '.join(choices)}, not {quoted(value)}")
    return value
