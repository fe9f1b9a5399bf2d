"""A Spectre patch as one object: ``generate`` it, iterate its tiles, ``save`` it.

Why lazy: a patch can be far larger than memory (20 000 × 20 000 tile edges is 5·10⁷
tiles), and the line walk finds its tiles in bounded memory, so a ``Patch`` holds only its
parameters and finds the tiles again each time they are asked for (the seed fixes them).
The breadth-first method holds the whole patch by nature; it searches once, on first use,
and keeps the result.
"""

import functools
import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, BinaryIO

import numpy as np

from tilewright.aperiodic import writers
from tilewright.aperiodic.patch import CHUNK
from tilewright.aperiodic.spectre import writers as spectre_writers
from tilewright.aperiodic.spectre.coordinates import Tiling
from tilewright.aperiodic.spectre.patch import (
    START_DEPTH,
    TILE_AREA,
    Chunk,
    Found,
    Frame,
    Tile,
    check_region,
    chunk_tiles,
    chunks,
    patch_arrays,
)
from tilewright.aperiodic.threaded import Walk, checked_threads
from tilewright.aperiodic.tiling_patch import (
    METHODS,
    PICTURES,
    SUFFIXES,
    NotebookPatch,
    Progress,
    check_plain,
    checked_style,
    choice,
)
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_bool
from tilewright.core.picture_size import PIXEL_BUDGET
from tilewright.core.seeds import resolve_seed

if TYPE_CHECKING:  # the cut's module is loaded by a cut only
    from tilewright.aperiodic.cut import TileEdges

# a patch expected to hold more tiles than this is not counted for its repr (it would walk
# the whole region), and not drawn for Jupyter (an SVG of about 90 bytes a tile)
REPR_COUNT_LIMIT = 200_000
REPR_SVG_LIMIT = 10_000


class Patch(NotebookPatch):
    """Every tile of one Spectre tiling that meets a rectangle; made by :func:`generate`.

    Attributes
    ----------
    width, height : float
        The region's sides in tile edges.
    origin : tuple of float
        Its lower-left corner (x, y); y points up.
    seed : int
        The tiling (drawn by :func:`generate` when none was given).
    method : str
        ``"line"`` (band by band, bounded memory) or ``"bfs"`` (breadth first, held whole).

    Notes
    -----
    Iterating gives the tiles as :class:`~tilewright.aperiodic.spectre.patch.Tile` objects;
    :meth:`chunks` gives them as arrays, for speed. Both methods give the same tiles, in
    different orders once the region spans more than one 256-edge block.

    Examples
    --------
    >>> patch = generate(40, 30, seed=3)
    >>> patch
    <Spectre patch 40x30 at (0,0) seed=3: 179 tiles>
    >>> len(patch), sum(1 for tile in patch)
    (179, 179)
    """

    family = "spectre"
    tile_area = TILE_AREA
    reach = 2.0

    # the breadth-first search's result, found on first use and kept
    _searched: tuple[Tiling, Found] | None = None

    @property
    def info(self) -> dict[str, object]:
        """What made the patch, as every output that can carry it records it."""
        return {**self._described(), "method": self.method, "seed": self.seed}

    def drawing_frame(self) -> tuple[tuple[float, float, float, float], np.ndarray | None]:
        """The region as pictures and cuts measure it, and the exact point ((4,) int64)
        they measure from; near the centre the region itself, and None (the centre).

        Why: far out a tile's own floats are too coarse to draw (at 10¹⁵ they step by an
        eighth of an edge), so a far region is drawn from the vertex the search measures
        from (:class:`~tilewright.aperiodic.spectre.patch.Frame`), near its corner.

        Examples
        --------
        >>> box, base = generate(10, 10, seed=3, origin=(1e15, 0)).drawing_frame()
        >>> abs(box[0]) < 50, box[2] - box[0], base is not None
        (True, 10.0, True)
        """
        frame = Frame.of(Tiling(self.seed), self.origin, START_DEPTH)
        box = frame.box(self.origin, self.width, self.height).tolist()
        return (box[0], box[1], box[2], box[3]), frame.drawn_from

    def laser_edges(self, progress: Progress | None = None, curved: bool = False) -> "TileEdges":
        """The edges the laser cut (:func:`~tilewright.aperiodic.cut.cut_paths`) follows,
        each once, straight or ``curved``
        (:func:`~tilewright.aperiodic.spectre.laser.spectre_edges`), its tiles found
        through ``progress``, measured as the pictures are (:meth:`drawing_frame`)."""
        from tilewright.aperiodic.spectre.laser import spectre_edges

        box, base = self.drawing_frame()
        chunks = self.chunks()
        return spectre_edges(
            progress(chunks) if progress is not None else chunks, box, base, curved
        )

    def chunks(self, size: int = CHUNK) -> Iterator[Chunk]:
        """The tiles as arrays, about ``size`` at a time.

        Parameters
        ----------
        size : int
            Tiles a chunk holds (at most; the line walk hands over whole blocks).

        Returns
        -------
        iterator of Chunk
            Address rows, types, indices, colours, turns, exact corners; float vertices
            and ids on demand.

        Examples
        --------
        >>> patch = generate(40, 30, seed=3)
        >>> sum(len(chunk) for chunk in patch.chunks(size=50))
        179
        """
        if self.method == "bfs":
            tiling, found = self._breadth_first()
            return chunks(tiling, found, size)
        from tilewright.aperiodic.spectre.stream import line_chunks  # its kernels: line only

        return line_chunks(self.width, self.height, self.seed, self.origin, size)

    def _breadth_first(self) -> tuple[Tiling, Found]:
        """The breadth-first search's result, made on first use and kept."""
        if self._searched is None:
            self._searched = patch_arrays(self.width, self.height, self.seed, self.origin)
            self._count = len(self._searched[1].turns)
        return self._searched

    def __iter__(self) -> Iterator[Tile]:
        return (tile for chunk in self.chunks() for tile in chunk_tiles(chunk))

    def __len__(self) -> int:
        if self._count is None:
            self._count = sum(len(chunk) for chunk in self.chunks())
        return self._count

    def __repr__(self) -> str:
        if self._count is None and self.approximate_count > REPR_COUNT_LIMIT:
            count = f"about {self.approximate_count:,} tiles"
        else:
            count = f"{len(self)} tiles"
        return f"<Spectre patch {self._region_text()} seed={self.seed}: {count}>"

    def _svg_limit(self) -> int:
        return REPR_SVG_LIMIT

    def write(
        self,
        sink: BinaryIO,
        fmt: str,
        colour: str = "type",
        plain: bool = False,
        scale: float | None = None,
        max_side: int = PIXEL_BUDGET,
        progress: Progress | None = None,
        threads: int = 1,
        neighbours: bool = False,
        curved: bool = False,
        paper: str | None = None,
    ) -> None:
        """Write the patch in format ``fmt`` to the binary file ``sink``, as it is found.

        Parameters
        ----------
        sink : binary file
            Where the bytes go (``save`` passes an all-or-nothing file).
        fmt : str
            One of ``FORMATS``: svg, png, pdf, jsonl, csv, geojson.
        colour : str
            Pictures: ``"type"`` (by metatile), ``"orientation"`` (by turn) or ``"four"``
            (a proper four-colouring).
        plain : bool
            SVG and PDF: one closed path per tile instead of ``<use>`` (refused for the
            other formats).
        scale : float, optional
            Pictures: pixels a tile edge; None fits the picture to ``max_side``
            (:func:`~tilewright.aperiodic.writers.picture_scale`).
        max_side : int
            Pictures: the largest side in pixels.
        progress : callable, optional
            Wraps the iterator of chunks (a progress bar, say).
        threads : int
            CSV and JSON Lines by the line method: make the tiles and their rows on this
            many threads at once (``stream.line_walk``); the bytes are the same.
            Refused above 1 for the other formats and for ``"bfs"``.
        neighbours : bool
            CSV and JSON Lines: each row ends with the ids of the tiles across the tile's
            14 edges, in the edges' order (``spectre.writers.text_rows``); refused for the others.
        curved : bool
            Pictures: the strictly chiral Spectre, each edge an S-curve (``curved``);
            refused for the other formats.
        paper : str, optional
            PDF: the page, ``"a4"`` (default) or ``"letter"``; refused for the others.

        Raises
        ------
        TypeError, TilewrightError
            For a bad argument or a picture past the budget, before anything is written.

        Notes
        -----
        SVG, JSON Lines, CSV and GeoJSON are written chunk by chunk, so with the line
        method memory stays bounded however large the patch. PNG holds the image (at most
        ``max_side`` squared pixels), PDF the SVG it is drawn from (refused before the walk
        when that would not fit in memory).
        """
        fmt, colour, plain, scale = self._checked(fmt, colour, plain, scale, max_side, paper)
        threads = checked_threads(fmt, threads, self.method)
        neighbours = self._checked_neighbours(fmt, neighbours)
        curved = self._checked_curved(fmt, curved)
        if fmt in writers.TEXT_FORMATS:
            self._write_rows(sink, fmt, neighbours, progress, threads)
            return
        parts = self.chunks()
        if progress is not None:
            parts = progress(parts)
        if fmt in ("svg", "pdf", "png"):
            box, base = self.drawing_frame()
        if fmt == "svg":
            sink.writelines(
                spectre_writers.svg(parts, box, colour, plain, scale, self.info, curved, base)
            )
        elif fmt == "pdf":
            from tilewright.core.pdf import DEFAULT_PAPER, pdf_from_svg

            svg = b"".join(
                spectre_writers.svg(parts, box, colour, plain, scale, self.info, curved, base)
            )
            sink.write(pdf_from_svg(svg, self.info, paper or DEFAULT_PAPER))
        elif fmt == "png":
            sink.write(spectre_writers.png(parts, box, colour, scale, self.info, curved, base))
        else:
            sink.writelines(spectre_writers.geojson(parts, self.info))

    def _text_walk(self, neighbours: bool, threads: int) -> Walk:
        """The line walk cut into parts of blocks (``stream.line_walk``), or the
        breadth-first patch as one part."""
        if self.method == "bfs":
            return Walk.whole(self.chunks())
        from tilewright.aperiodic.spectre.stream import line_walk  # its kernels: line only

        return line_walk(self.width, self.height, self.seed, self.origin)

    def _row_maker(self, fmt: str, neighbours: bool) -> Callable[[Chunk], tuple[bytes, int]]:
        return functools.partial(_chunk_rows, fmt=fmt, neighbours=neighbours)

    def _csv_header(self, neighbours: bool) -> bytes:
        return spectre_writers.csv_header(neighbours)

    def _checked_neighbours(self, fmt: str, neighbours: object) -> bool:
        """``neighbours`` checked: a bool, and True only where they are written."""
        if require_bool(neighbours, "neighbours") and fmt not in writers.TEXT_FORMATS:
            raise TilewrightError(f"neighbours are written in csv and jsonl, not {fmt}")
        return bool(neighbours)

    def _checked_curved(self, fmt: str, curved: object) -> bool:
        """``curved`` checked: a bool, and True only for pictures."""
        if require_bool(curved, "curved") and fmt not in PICTURES:
            raise TilewrightError(f"curved Spectres are drawn in svg, pdf and png, not {fmt}")
        return bool(curved)

    def save(
        self,
        path: str | os.PathLike,
        colour: str = "type",
        plain: bool = False,
        scale: float | None = None,
        max_side: int = PIXEL_BUDGET,
        threads: int = 1,
        neighbours: bool = False,
        curved: bool = False,
        paper: str | None = None,
    ) -> None:
        """Write the patch to ``path`` in the format its suffix names, all or nothing.

        Parameters
        ----------
        path : str or path-like
            Ending in .svg, .png, .pdf, .jsonl, .csv, .geojson or .json (GeoJSON).
        colour, plain, scale, max_side, threads, neighbours, curved, paper
            As for :meth:`write`.

        Raises
        ------
        TilewrightError
            For a suffix it cannot write (naming those it can), a bad argument or a
            picture past the budget; the file is then left as it was.

        Examples
        --------
        >>> import pathlib, tempfile
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

        fmt = format_by_suffix(path, SUFFIXES, "a Spectre patch")
        # checked before the file is opened, so that a refusal leaves no trace at all
        fmt, colour, plain, scale = self._checked(fmt, colour, plain, scale, max_side, paper)
        threads = checked_threads(fmt, threads, self.method)
        neighbours = self._checked_neighbours(fmt, neighbours)
        curved = self._checked_curved(fmt, curved)
        with open_output(os.fspath(path)) as sink:
            self.write(
                sink,
                fmt,
                colour,
                plain,
                scale,
                max_side,
                threads=threads,
                neighbours=neighbours,
                curved=curved,
                paper=paper,
            )

    def _checked(
        self, fmt, colour, plain, scale, max_side, paper=None
    ) -> tuple[str, str, bool, float]:
        """The style arguments checked (and the picture's scale chosen), or an error."""
        fmt, colour, plain = checked_style(fmt, colour, writers.COLOURINGS, plain, paper)
        check_plain(fmt, plain)
        if fmt in PICTURES:
            scale = writers.picture_scale(self.width, self.height, scale, max_side)
            writers.check_picture(self.region, colour, scale)
            writers.check_picture_tiles(self.approximate_count, "tiles")
            if fmt == "png":
                writers.check_png_size(self.region, scale)
            elif fmt == "pdf":  # drawn from the whole SVG, held in memory
                from tilewright.core.pdf import check_pdf_fits  # with the page layouts

                count = self.approximate_count
                svg_bytes = count * writers.SVG_BYTES_PER_TILE[plain]
                check_pdf_fits(svg_bytes, f"about {count:,} tiles")
        return fmt, colour, plain, scale if scale is not None else writers.SCALE


def generate(
    width: float,
    height: float,
    seed: int | None = None,
    origin: tuple[float, float] = (0, 0),
    method: str = "line",
) -> Patch:
    """The patch of the Spectre tiling ``seed`` over [x, x + width] × [y, y + height].

    A seed fixes one tiling of the whole plane; every tile whose interior meets the
    rectangle belongs to the patch, once. The region is checked here; the tiles are found
    when first asked for.

    Parameters
    ----------
    width, height : float
        The region in tile edges: finite and positive, within ±2⁵⁰ of the tiling's centre
        (see :func:`~tilewright.aperiodic.spectre.patch.check_region`).
    seed : int, optional
        The tiling; None draws one (read it back from ``patch.seed``).
    origin : pair of float
        The region's lower-left corner (x, y), y up.
    method : str
        ``"line"`` walks the region band by band in bounded memory; ``"bfs"`` searches it
        breadth first and holds the whole patch (about 170 bytes a tile).

    Returns
    -------
    Patch

    Raises
    ------
    TypeError
        For an argument of the wrong type.
    TilewrightError
        For a region out of range, an unknown method, or (``"bfs"``) a patch that would
        not fit in memory.

    References
    ----------
    .. [1] D. Smith, J. S. Myers, C. S. Kaplan and C. Goodman-Strauss, "A chiral
       aperiodic monotile", Combinatorial Theory 4(2), 2024.
    .. [2] S. Tatham, "Combinatorial coordinates for the aperiodic Spectre tiling", 2023.

    Examples
    --------
    >>> patch = generate(40, 30, seed=3)
    >>> patch.seed, patch.region
    (3, (0.0, 0.0, 40.0, 30.0))
    >>> [tile.id for tile in patch][:3] == [tile.id for tile in generate(40, 30, 3)][:3]
    True
    >>> sorted(t.id for t in patch) == sorted(t.id for t in generate(40, 30, 3, method="bfs"))
    True
    """
    method = choice(method, METHODS, "method")
    width, height, origin = check_region(width, height, origin, whole=method == "bfs")
    return Patch(width, height, origin, resolve_seed(seed), method)


def _chunk_rows(chunk: Chunk, fmt: str, neighbours: bool) -> tuple[bytes, int]:
    """A chunk's text rows and its count of tiles: a batch's work in a write."""
    return spectre_writers.text_rows(chunk, fmt, neighbours), len(chunk)
