"""What a Spectre ``Patch``, a ``HatPatch`` and a ``PenrosePatch`` share: one ``write`` and
one ``save`` for every format (the arguments checked once, then rows, GeoJSON or a
picture), the region, seed and method that find their tiles again each time they are asked
for, and the writing of CSV and JSON Lines rows on any number of threads
(``threaded.walked``); each tiling plugs in its own search, its walk cut for threads, its
checks, and its writers."""

import io
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, BinaryIO, TypedDict, Unpack

from tilewright.aperiodic import writers
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted, require_bool
from tilewright.core.options import check_options
from tilewright.core.picture_size import PIXEL_BUDGET

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


class WriteOptions(TypedDict, total=False):
    """The keyword arguments of :meth:`TilingPatch.write` and :meth:`TilingPatch.save`,
    described there."""

    colour: str
    plain: bool
    scale: float | None
    max_side: int
    shape: Sequence[float] | None
    curved: bool
    neighbours: bool
    threads: int
    progress: Progress | None
    paper: str | None


@dataclass(frozen=True)
class Written:
    """A write's arguments with their defaults (``WriteOptions``), and once checked
    (:meth:`TilingPatch._checked`), ``pixels``: the scale drawn at, ``scale`` or the one
    chosen to fit ``max_side`` when ``scale`` is None."""

    fmt: str
    colour: str = "type"
    plain: bool = False
    scale: float | None = None
    max_side: int = PIXEL_BUDGET
    shape: Sequence[float] | None = None
    curved: bool = False
    neighbours: bool = False
    threads: int = 1
    progress: Progress | None = None
    paper: str | None = None
    pixels: float = writers.SCALE


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
    ``PenrosePatch``, which all :meth:`write` and :meth:`save` alike.

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
    colourings : tuple of str
        The ``colour`` arguments its pictures take (class attribute).
    """

    family: str
    colourings: tuple[str, ...] = writers.COLOURINGS
    # what a tile is called in messages ("tiles", "hats"), and the patch in a refusal's
    tile_word = "tiles"
    named: str
    # whether its pictures may draw the tiles' edges curved (the Spectre's)
    curves = False
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

    def write(self, sink: BinaryIO, fmt: str, **options: Unpack[WriteOptions]) -> None:
        """Write the patch in format ``fmt`` to the binary file ``sink``.

        Parameters
        ----------
        sink : binary file
            Where the bytes go (:meth:`save` passes an all-or-nothing file).
        fmt : str
            One of ``FORMATS``: svg, png, pdf, jsonl, csv, geojson.
        colour : str
            Pictures: one of the patch's ``colourings``: ``"type"`` (by the tiling's types
            of tile: the Spectre's and the hat's metatiles, kites and darts, thick and thin
            rhombs), ``"orientation"`` (by turn), ``"four"`` (a proper four-colouring, the
            tiling's own: a tile has its colour in any region) and the hat's ``"reflected"``
            (all alike but the reflected hats, which are dark in every colouring but
            ``"four"``).
        plain : bool
            SVG and PDF: one closed path a tile instead of ``<use>`` (a Penrose tile is
            always one); refused for the other formats.
        scale : float, optional
            Pictures: pixels a tile edge (a hat unit); None fits ``max_side``
            (:func:`~tilewright.aperiodic.writers.picture_scale`).
        max_side : int
            Pictures: the largest side in pixels.
        shape : pair of float, optional
            Hat pictures: draw the tiling with Tile(a, b) (``hat.shapes``); None is the
            hat. Any other shape moves the hats, so the picture shows the whole of the
            redrawn patch, unclipped. Refused for the other tilings.
        curved : bool
            Spectre pictures: the strictly chiral Spectre, each edge an S-curve
            (``spectre.curved``); refused for the other formats and tilings.
        neighbours : bool
            CSV and JSON Lines: each row ends with the ids of the tiles across its edges
            (14 for a Spectre or a hat, 4 for a Penrose tile), in the edges' order (edge k
            runs from vertex k to vertex k + 1), inside the region or not: the tiling's
            adjacency as data.
        threads : int
            CSV and JSON Lines by the line method: make the tiles and their rows on this
            many threads at once and write them in order (``threaded.walked``): the same
            bytes. Refused above 1 for the other formats and methods.
        progress : callable, optional
            Wraps the iterator of what is written (a progress bar, say): pieces of rows,
            each as long as its tiles; the Spectre's chunks for its other formats, the
            hat's tiles for GeoJSON.
        paper : str, optional
            PDF: the page, ``"a4"`` (default) or ``"letter"``; refused for the others.

        Raises
        ------
        TypeError, TilewrightError
            For a bad argument, a picture past the pixel budget, or tiles to hold that
            would not fit in memory, before anything is written.

        Notes
        -----
        By the line method, CSV, JSON Lines (and the Spectre's other formats but PNG and
        PDF, the Penrose tiling's GeoJSON) are written as the tiles are found, so memory
        stays bounded however large the patch. A picture holds its tiles, PNG its image
        (at most ``max_side`` squared pixels), PDF the SVG it is drawn from: refused
        before the walk when that would not fit in memory.
        """
        self._write(sink, self._checked(fmt, options, "write"))

    def save(self, path: str | os.PathLike, **options: Unpack[WriteOptions]) -> None:
        """Write the patch to ``path`` in the format its suffix names, all or nothing.

        Parameters
        ----------
        path : str or path-like
            Ending in .svg, .png, .pdf, .jsonl, .csv, .geojson or .json (GeoJSON).
        **options
            As for :meth:`write`.

        Raises
        ------
        TypeError, TilewrightError
            For a suffix it cannot write (naming those it can), a bad argument or a
            picture past the budget; the file is then left as it was.

        Examples
        --------
        >>> import pathlib, tempfile
        >>> from tilewright.aperiodic import generate
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> patch = generate(12, 8, seed=5)
        >>> patch.save(folder / "patch.svg")
        >>> (folder / "patch.svg").read_text().count("<use")
        22
        >>> patch.save(folder / "patch.gif")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        tilewright.core.errors.TilewrightError: cannot write .gif files: a Spectre patch ...
        """
        from tilewright.core.output import format_by_suffix, open_output

        fmt = format_by_suffix(path, SUFFIXES, self.named)
        # checked before the file is opened, so that a refusal leaves no trace at all
        written = self._checked(fmt, options, "save")
        with open_output(os.fspath(path)) as sink:
            self._write(sink, written)

    def _checked(self, fmt: str, options: WriteOptions, function: str) -> Written:
        """The arguments checked (``function`` names the caller in a refusal), the
        tiling's checks too, and a picture's scale chosen; or an error."""
        from tilewright.aperiodic.threaded import checked_threads

        check_options(options, WriteOptions, function)
        asked = Written(fmt, **options)
        fmt, colour, plain = checked_style(
            fmt, asked.colour, self.colourings, asked.plain, asked.paper
        )
        check_plain(fmt, plain)
        neighbours = require_bool(asked.neighbours, "neighbours")
        if neighbours and fmt not in writers.TEXT_FORMATS:
            raise TilewrightError(f"neighbours are written in csv and jsonl, not {fmt}")
        if require_bool(asked.curved, "curved") and not self.curves:
            raise TilewrightError(f"only Spectres are drawn curved, not {self.named}")
        if asked.curved and fmt not in PICTURES:
            raise TilewrightError(f"curved Spectres are drawn in svg, pdf and png, not {fmt}")
        threads = checked_threads(fmt, asked.threads, self.method)
        written = replace(
            asked, fmt=fmt, colour=colour, plain=plain, neighbours=neighbours, threads=threads
        )
        written = self._check_tiling(written)
        if fmt not in PICTURES:
            return written
        scale = writers.picture_scale(self.width, self.height, asked.scale, asked.max_side)
        written = replace(written, pixels=scale)
        writers.check_picture_tiles(self.approximate_count, self.tile_word)
        if fmt == "png":
            writers.check_png_size(self.region, scale)
        self._check_picture(written)
        return written

    def _check_tiling(self, written: Written) -> Written:
        """``written`` with what only the tiling checks checked (its shape, the memory its
        tiles need held), or an error; the base refuses a shape."""
        if written.shape is not None:
            raise TilewrightError(f"a shape redraws hats, not {self.named}")
        return written

    def _check_picture(self, written: Written) -> None:
        """Refuse a picture the tiling cannot draw in memory (its scale is chosen)."""

    def _write(self, sink: BinaryIO, written: Written) -> None:
        """Write what :meth:`_checked` checked: rows, GeoJSON or a picture."""
        fmt = written.fmt
        if fmt in writers.TEXT_FORMATS:
            self._write_rows(sink, fmt, written.neighbours, written.progress, written.threads)
        elif fmt == "geojson":
            self._write_geojson(sink, written.progress)
        elif fmt == "png":
            sink.write(self._png(written))
        elif fmt == "svg":
            sink.writelines(self._svg(written))
        else:
            from tilewright.core.pdf import DEFAULT_PAPER, pdf_from_svg

            svg = b"".join(self._svg(written))
            paper = written.paper or DEFAULT_PAPER
            sink.write(pdf_from_svg(svg, self._picture_info(written), paper))

    def _write_geojson(self, sink: BinaryIO, progress: Progress | None) -> None:
        """The tiles as a GeoJSON feature collection."""
        raise NotImplementedError

    def _svg(self, written: Written) -> Iterator[bytes]:
        """The picture as SVG, in pieces."""
        raise NotImplementedError

    def _png(self, written: Written) -> bytes:
        """The picture as PNG."""
        raise NotImplementedError

    def _picture_info(self, written: Written) -> dict[str, object]:
        """What a picture records of how it was made (a PDF's metadata)."""
        return self.info

    @property
    def info(self) -> dict[str, object]:
        """What made the patch, as every output that can carry it records it."""
        raise NotImplementedError

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
