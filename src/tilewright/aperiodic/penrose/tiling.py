"""A Penrose patch as one object: ``generate_penrose`` it, read its tiles, ``save`` it.

Kites and darts (P2) or rhombs (P3), every tile meeting a rectangle, with exact corners
(``field``), a type, a turn and an id that is the same in any region of one tiling. Like
the hat's breadth-first patch, a ``PenrosePatch`` searches once, on first use, and keeps
the tiles (:mod:`.region` says how they are found). By the descent, CSV, JSON Lines and
GeoJSON are written instead as its batches come, each dropped once written: in memory for a
batch, whatever the region's size.
"""

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING, BinaryIO

import numpy as np

from tilewright.aperiodic import writers
from tilewright.aperiodic.patch import farthest_within, positive_region
from tilewright.aperiodic.penrose import outputs
from tilewright.aperiodic.penrose.colours import four_colours
from tilewright.aperiodic.penrose.region import (
    NEIGHBOUR_REACH,
    TILINGS,
    TYPES,
    Found,
    across,
    box_area,
    descent,
    find,
    line_parts,
    neighbours,
)
from tilewright.aperiodic.threaded import Walk
from tilewright.aperiodic.tiling_patch import (
    METHODS,
    PICTURES,
    Progress,
    TilingPatch,
    Written,
    choice,
    write_rows,
)
from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits, fits
from tilewright.core.seeds import resolve_seed

if TYPE_CHECKING:
    from tilewright.aperiodic.cut import TileEdges

# The breadth-first search holds every triangle of the box from the tiling's centre to the
# region (see ``region.search_box``): its arrays, its hash table and the tiles made of
# them. Bytes a square edge of that box (measured: peak RSS over the imports, about 1,100
# at 300x300 and 1000x1000 edges, P2 and P3), with room to spare
SEARCH_BYTES_PER_AREA = 1_600
# The descent holds the tiles alone (``descent``) where they are held (pictures,
# neighbours, iterating the patch): bytes a tile of the patch (measured: peak RSS over the
# imports at 1000x1000 edges, P2 and P3, about 170 writing csv held and 420 with every
# tile's id and float corners held, as iterating the patch does), with room to spare. Its
# text formats are written batch by batch instead (``STREAMED``), in memory for a batch.
LINE_BYTES_PER_TILE = 500
# the formats the descent writes as its batches come, without neighbours (which look up
# the tiles of a wider region, all held)
STREAMED = ("csv", "jsonl", "geojson")
# the method a patch is found by unless told: the descent, as for the Spectre and the hat
# (any region, in memory for its tiles alone)
DEFAULT_METHOD = "line"
# a region's corners as far as the floats keep a tile's shape within a millionth of an
# edge (its exact integers go on): the descent reaches any region within it, the
# breadth-first search those whose box from the centre fits in memory
PENROSE_MAX_COORDINATE = 2.0**30
# each tiling's mean tile area (kites and darts, thick and thin rhombs, φ of the first to
# one of the second) and how far a tile meeting the region reaches past it, for estimates
_PHI = (1 + math.sqrt(5)) / 2
_SIN36, _SIN72 = math.sin(math.pi / 5), math.sin(2 * math.pi / 5)
MEAN_AREA = {
    "p2": (_PHI * _SIN36 + _SIN36 / _PHI) / (_PHI + 1),
    "p3": (_PHI * _SIN72 + _SIN36) / (_PHI + 1),
}
REACH = 1.7
# a patch shows its counts in its repr up to this many tiles (searched for it), an estimate
# past it
REPR_COUNT_LIMIT = 50_000
# the compiled kernels a patch runs by each method (for the word before compiling)
KERNEL_MODULES = {
    "bfs": (
        "tilewright.aperiodic.penrose._search_kernels",
        "tilewright.aperiodic.penrose._canonical_kernels",
    ),
    "line": (
        "tilewright.aperiodic.penrose._descent_kernels",
        "tilewright.aperiodic.penrose._canonical_kernels",
    ),
}
# and the one csv and jsonl rows are formatted by
TEXT_KERNELS = "tilewright.aperiodic.penrose._format_kernels"


@dataclass(frozen=True)
class PenroseTile:
    """One tile: its id, type (kite, dart, thick or thin), turn, exact and float corners.

    ``exact`` holds four corners anticlockwise, each four integers (``field.Point``);
    ``xy`` the same in edges, y up.
    """

    id: str
    type: str
    turn: int
    exact: np.ndarray
    xy: np.ndarray


class PenrosePatch(TilingPatch):
    """Every tile of one Penrose tiling that meets a rectangle; made by
    :func:`generate_penrose`.

    Attributes
    ----------
    width, height : float
        The region's sides in edges (a rhomb's edge, a kite's or dart's long edge).
    origin : tuple of float
        Its lower-left corner (x, y); y points up.
    seed : int
        The tiling.
    tiling : str
        ``"p2"`` (kites and darts) or ``"p3"`` (rhombs).
    method : str
        ``"bfs"`` (breadth first from the tiling's centre) or ``"line"`` (down the
        substitution hierarchy): the same tiles, in different orders.

    Examples
    --------
    >>> generate_penrose(10, 10, seed=1, tiling="p3")
    <Penrose p3 patch 10x10 at (0,0) seed=1: 162 tiles, 98 thick, 64 thin>
    """

    named = "a Penrose patch"
    colourings = outputs.COLOURINGS

    def __init__(
        self,
        width: float,
        height: float,
        origin: tuple[float, float],
        seed: int,
        tiling: str,
        method: str = DEFAULT_METHOD,
    ) -> None:
        # one search, by either method, held whole once asked for (the descent's text
        # formats are written without it, batch by batch)
        super().__init__(width, height, origin, seed, method)
        self.tiling = tiling
        self.family = f"penrose-{tiling}"
        self.tile_area = MEAN_AREA[tiling]
        self.reach = REACH
        self._found: Found | None = None

    @property
    def found(self) -> Found:
        """The tiles as arrays (``region.Found``), searched on first use and kept (refused
        first if they would not fit in memory)."""
        if self._found is None:
            check_penrose_memory(self.region, self.tiling, self.method)
            self._found = find(self.seed, self.tiling, self.region, self.method)
            self._count = len(self._found)
        return self._found

    @property
    def info(self) -> dict[str, object]:
        """What made the patch, as every output that can carry it records it: the
        region, the seed, and the seed's start as a collection grid description; and the
        method when it is the descent's (the breadth-first files record none, as they did
        before there was a choice)."""
        if self._found is None and self.method == "line":
            # the descent's first batch knows it: its letters are drawn before any tile
            return self._info(next(self._streamed()).description)
        return self._info(self.found.description)

    def _info(self, description: str) -> dict[str, object]:
        method = {} if self.method == "bfs" else {"method": self.method}
        return {**self._described(), **method, "seed": self.seed, "description": description}

    def __len__(self) -> int:
        if self._too_large_to_hold():
            if self._count is None:
                self._count = sum(len(part) for part in self._streamed())
            return self._count
        return len(self.found)

    def __iter__(self) -> Iterator[PenroseTile]:
        """The tiles in the descent's order: held, or, for a patch by the descent too
        large to hold, batch by batch as the descent makes them (each pass anew)."""
        parts = self._streamed() if self._too_large_to_hold() else iter([self.found])
        names = TYPES[self.tiling]
        for found in parts:
            for k, name in enumerate(found.ids):
                yield PenroseTile(
                    name, names[found.kind[k]], int(found.turn[k]), found.exact[k], found.xy[k]
                )

    def _too_large_to_hold(self) -> bool:
        """Whether the descent's tiles, not held yet, would not fit in memory held: then
        counting and iterating go batch by batch, as the text formats are written."""
        return (
            self._found is None
            and self.method == "line"
            and not fits(_needed_bytes(self.region, self.method, self.tiling))
        )

    def __repr__(self) -> str:
        if self._found is None and self.approximate_count > REPR_COUNT_LIMIT:
            return (
                f"<Penrose {self.tiling} patch {self._region_text()} seed={self.seed}: "
                f"about {self.approximate_count:,} tiles>"
            )
        kinds = np.bincount(self.found.kind, minlength=2).tolist()
        first, second = TYPES[self.tiling]
        return (
            f"<Penrose {self.tiling} patch {self._region_text()} seed={self.seed}: "
            f"{len(self)} tiles, {kinds[0]} {first}, {kinds[1]} {second}>"
        )

    def _svg(self, written: Written) -> Iterator[bytes]:
        return outputs.svg(
            self.found, self._fills(written.colour), self.region, written.pixels, self.info
        )

    def _png(self, written: Written) -> bytes:
        parts = writers.held_parts(self.found.xy, self._fills(written.colour))
        return writers.paint_png(parts, self.region, written.pixels, self.info)

    def _fills(self, colour: str) -> list[str]:
        """Each tile's fill in the colouring ``colour``."""
        if colour == "four":
            return [writers.FOUR_COLOURS[c] for c in self.four_colours().tolist()]
        return outputs.fills(self.found, self.tiling, colour)

    def _write_geojson(self, sink: BinaryIO, progress: Progress | None) -> None:
        """GeoJSON, from the tiles held or as the descent finds them."""
        parts = self._streamed() if self._streams(False) else iter([self.found])
        first = next(parts)  # its description heads the file
        sink.write(outputs.geojson_head(self._info(first.description)))
        features = outputs.geojson_features(chain([first], parts), self.tiling)
        write_rows(sink, None, features, progress)
        sink.write(outputs.GEOJSON_TAIL)

    def _text_walk(self, neighbours: bool, threads: int) -> Walk:
        """The descent's batches, each selected and cut in pieces on a thread
        (``outputs.descent_pieces``); or the tiles held, in pieces."""
        if self._streams(neighbours):
            batches = descent(self.seed, self.tiling, self.region)
            pieces = functools.partial(outputs.descent_pieces, tiling=self.tiling, box=self.region)
            return Walk(batches, pieces)
        return Walk.each(outputs.pieces([self.found]))

    def _row_maker(
        self, fmt: str, neighbours: bool
    ) -> Callable[[tuple[int, Found]], tuple[bytes, int]]:
        across = self._across() if neighbours else None
        return functools.partial(outputs.text_rows, fmt=fmt, tiling=self.tiling, across=across)

    def _csv_header(self, neighbours: bool) -> bytes:
        return outputs.csv_header(neighbours)

    def _streams(self, neighbours: bool) -> bool:
        """Whether the ``STREAMED`` formats are written as the descent's batches come, none
        of them kept."""
        return self.method == "line" and not neighbours and self._found is None

    def _streamed(self) -> Iterator[Found]:
        """The descent's tiles batch by batch (``region.line_parts``), counted: a whole
        pass makes the patch's count exact, as holding them does."""
        count = 0
        for part in line_parts(self.seed, self.tiling, self.region):
            count += len(part)
            yield part
        self._count = count

    def neighbours(self) -> list[list[str]]:
        """The ids of the tiles across each tile's edges 0-3 (edge k runs from vertex k to
        vertex k + 1), inside the region or not (``region.neighbours``).

        Examples
        --------
        >>> patch = generate_penrose(5, 5, seed=1)
        >>> ids = {tile.id for tile in patch}
        >>> all(tile.id in ids for tile in patch) and len(patch.neighbours()) == len(patch)
        True
        """
        return neighbours(self.seed, self.tiling, self.found, self.region, self.method)

    def four_colours(self) -> np.ndarray:
        """Each tile's colour, 0-3, in the patch's order: no two tiles across an edge
        alike, and the same tile the same colour in any region of the tiling
        (:func:`~tilewright.aperiodic.penrose.colours.four_colours`: a table looked up by
        the tile's type, turn and a third number, a rhomb's corner's index or the type of
        the kite's or dart's neighbour across edge 1); what ``colour="four"`` paints.

        Examples
        --------
        >>> small, large = generate_penrose(4, 4, seed=2), generate_penrose(9, 9, seed=2)
        >>> colour = dict(zip(large.found.ids, large.four_colours().tolist()))
        >>> [colour[i] for i in small.found.ids] == small.four_colours().tolist()
        True
        """
        if self.tiling == "p2":
            self._check_second_search("the four colours")  # keys read a neighbour
        return four_colours(self)

    def laser_edges(self, progress: Progress | None = None, curved: bool = False) -> "TileEdges":
        """The edges the laser cut (:func:`~tilewright.aperiodic.cut.cut_paths`) follows,
        each once (:func:`~tilewright.aperiodic.penrose.laser.penrose_edges`); the tiles
        are held, so ``progress`` has nothing to wrap; a TilewrightError for ``curved``, a
        Spectre's cut only."""
        if curved:
            raise TilewrightError("only Spectres are cut curved, not Penrose tiles")
        from tilewright.aperiodic.penrose.laser import penrose_edges

        return penrose_edges(self.found, self.region)

    def _across(self) -> outputs.Across:
        """What the ids of the tiles across each tile's edges are made of
        (``region.across``)."""
        return across(self.seed, self.tiling, self.found, self.region, self.method)

    def _check_tiling(self, written: Written) -> Written:
        """Refuse what needs a second search (neighbours, a kite's or dart's four colours)
        or the tiles held, when they would not fit in memory."""
        written = super()._check_tiling(written)
        if written.neighbours:
            self._check_second_search("the neighbours")
        if written.fmt in PICTURES and written.colour == "four" and self.tiling == "p2":
            self._check_second_search("the four colours")  # keys read a neighbour
        streamed = written.fmt in STREAMED and self._streams(written.neighbours)
        if not streamed and self._found is None:
            check_penrose_memory(self.region, self.tiling, self.method)
        return written

    def _check_second_search(self, what: str) -> None:
        """Refuse ``what`` of the patch when a second search, of the region grown by a
        tile, beside the first's tiles would not fit in memory."""
        needed = 2 * _needed_bytes(self.region, self.method, self.tiling, NEIGHBOUR_REACH)
        check_fits(needed, f"{what} of a Penrose {self.tiling} patch")


def _needed_bytes(
    region: tuple[float, float, float, float], method: str, tiling: str, grown: float = 0.0
) -> float:
    """The memory a patch of ``region`` (grown by ``grown`` on each side) needs: the
    breadth-first search's box from the tiling's centre, or the descent's tiles."""
    x0, y0, x1, y1 = region[0] - grown, region[1] - grown, region[2] + grown, region[3] + grown
    if method == "bfs":
        return box_area((x0, y0, x1, y1)) * SEARCH_BYTES_PER_AREA
    tiles = (x1 - x0 + 2 * REACH) * (y1 - y0 + 2 * REACH) / MEAN_AREA[tiling]
    return tiles * LINE_BYTES_PER_TILE


def check_penrose_region(
    width: float,
    height: float,
    origin: tuple[float, float] = (0.0, 0.0),
    tiling: str = "p3",
    method: str = DEFAULT_METHOD,
    held: bool = True,
) -> tuple[float, float, tuple[float, float]]:
    """A Penrose region checked: positive finite sides, within
    ``PENROSE_MAX_COORDINATE``, and a search that fits in memory (breadth first: from the
    tiling's centre to the region; by the descent, unless ``held`` is false as for its
    text formats, written batch by batch: the region's tiles).

    Examples
    --------
    >>> check_penrose_region(30, 20, (-5, 2))
    (30.0, 20.0, (-5.0, 2.0))
    >>> check_penrose_region(10, 10, (1e6, 1e6), method="line")
    (10.0, 10.0, (1000000.0, 1000000.0))
    >>> check_penrose_region(1e6, 1e6, method="line", held=False)  # csv, batch by batch
    (1000000.0, 1000000.0, (0.0, 0.0))
    """
    width, height, x, y = positive_region(width, height, origin)
    region = (x, y, x + width, y + height)
    farthest_within(region, PENROSE_MAX_COORDINATE, ("a Penrose region", "edges", "tile"))
    if held or method == "bfs":
        check_penrose_memory(region, tiling, method)
    return width, height, (x, y)


def check_penrose_memory(
    region: tuple[float, float, float, float], tiling: str, method: str
) -> None:
    """Refuse a search of ``region`` whose tiles (by the descent) or triangles (breadth
    first) would not fit in memory, held."""
    x0, y0, x1, y1 = region
    how = (
        "searched from the tiling's centre; the line method holds its tiles alone"
        if method == "bfs"
        else "by the descent, held; its csv, jsonl and geojson are written batch by batch"
    )
    check_fits(
        _needed_bytes(region, method, tiling),
        f"a Penrose {tiling} patch of {x1 - x0:g}x{y1 - y0:g} at ({x0:g},{y0:g}) ({how})",
    )


def generate_penrose(
    width: float,
    height: float,
    seed: int | None = None,
    origin: tuple[float, float] = (0, 0),
    tiling: str = "p3",
    method: str = DEFAULT_METHOD,
) -> PenrosePatch:
    """The patch of the Penrose tiling ``seed`` over [x, x + width] × [y, y + height].

    A seed fixes one tiling of the whole plane (kites and darts, or rhombs); every tile
    whose interior meets the rectangle belongs to the patch, once, with exact corners.

    Parameters
    ----------
    width, height : float
        Finite and positive, in edges (a rhomb's edge; a kite's or dart's long edge, the
        short one 1/φ ≈ 0.618).
    seed : int, optional
        The tiling; None draws one (read it back from ``patch.seed``).
    origin : pair of float
        The region's lower-left corner (x, y), y up.
    tiling : {"p3", "p2"}
        Rhombs (thick and thin) or kites and darts.
    method : {"line", "bfs"}, default "line"
        How the tiles are found: down the substitution hierarchy (memory for the tiles
        alone where they are held, for a batch where csv, jsonl and geojson are written,
        and a region 10^9 edges away in a millisecond; each large triangle's tiles
        together), or breadth first from the tiling's centre (memory for the whole box
        from the centre to the region; the collection's order). The same tiles and ids.

    Returns
    -------
    PenrosePatch

    Raises
    ------
    TypeError, TilewrightError
        For a bad argument, or a region whose breadth-first search (from the tiling's
        centre, so growing with the distance) would not fit in memory. The descent's
        tiles are checked when first held (its length, its tiles, a picture).

    References
    ----------
    .. [1] R. Penrose, "Pentaplexity: a class of non-periodic tilings of the plane", 1979.
    .. [2] S. Tatham, "Aperiodic tilings: combinatorial coordinates", 2023.

    Examples
    --------
    >>> patch = generate_penrose(12, 8, seed=3, tiling="p2")
    >>> inner = {tile.id for tile in generate_penrose(4, 4, seed=3, origin=(3, 2), tiling="p2")}
    >>> inner <= {tile.id for tile in patch}  # the same tiling, any region
    True
    >>> far = generate_penrose(4, 4, seed=3, origin=(1e9, 1e9), method="line")
    >>> len(far) > 0
    True
    """
    tiling = choice(tiling, TILINGS, "tiling")
    method = choice(method, METHODS, "method")
    # by the descent, the tiles are checked when first held (``found``): its text formats
    # hold none
    width, height, origin = check_penrose_region(width, height, origin, tiling, method, False)
    return PenrosePatch(width, height, origin, resolve_seed(seed), tiling, method)
