"""A Spectre patch as one object: ``generate`` it, iterate its tiles, ``save`` it.

Why lazy: a patch can be far larger than memory (20 000 × 20 000 tile edges is 5·10⁷
tiles), and the line walk finds its tiles in bounded memory, so a ``Patch`` holds only its
parameters and finds the tiles again each time they are asked for (the seed fixes them).
The breadth-first method holds the whole patch by nature; it searches once, on first use,
and keeps the result.
"""

import functools
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
from tilewright.aperiodic.threaded import Walk
from tilewright.aperiodic.tiling_patch import (
    METHODS,
    NotebookPatch,
    Progress,
    Written,
    choice,
)
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
    named = "a Spectre patch"
    curves = True
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

    def _write_geojson(self, sink: BinaryIO, progress: Progress | None) -> None:
        sink.writelines(spectre_writers.geojson(self._chunks(progress), self.info))

    def _svg(self, written: Written) -> Iterator[bytes]:
        box, base = self.drawing_frame()
        colour, plain, scale = written.colour, written.plain, written.pixels
        parts = self._chunks(written.progress)
        return spectre_writers.svg(
            parts, box, colour, plain, scale, self.info, written.curved, base
        )

    def _png(self, written: Written) -> bytes:
        box, base = self.drawing_frame()
        parts = self._chunks(written.progress)
        return spectre_writers.png(
            parts, box, written.colour, written.pixels, self.info, written.curved, base
        )

    def _chunks(self, progress: Progress | None) -> Iterator[Chunk]:
        """The patch's chunks, through ``progress`` when given."""
        return self.chunks() if progress is None else progress(self.chunks())

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

    def _check_picture(self, written: Written) -> None:
        """Refuse a picture past the region's limits, and a PDF whose SVG, drawn whole in
        memory, would not fit."""
        writers.check_picture(self.region, written.colour, written.pixels)
        if written.fmt == "pdf":
            from tilewright.core.pdf import check_pdf_fits  # with the page layouts

            count = self.approximate_count
            svg_bytes = count * writers.SVG_BYTES_PER_TILE[written.plain]
            check_pdf_fits(svg_bytes, f"about {count:,} tiles")


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
