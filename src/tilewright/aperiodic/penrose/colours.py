"""Four colours for a Penrose tiling, no two tiles across an edge alike, each tile's colour
the same in any region of one tiling: a table looked up by what lies at the tile alone.

Why a table of local keys: a colouring found for a patch (a greedy one, say) depends on
the patch, so a larger region may colour a tile otherwise, and two pictures of
overlapping regions disagree. Here a tile's colour is a function of a small *key*, read
from the tile and the tiling near it; two tiles across an edge never have keys that the
table colours alike. Every Penrose tiling of one kind holds the same finite set of
configurations of two tiles across an edge (each is repetitive: a patch of a given size
occurs within a bounded distance of every point), so the pairs of keys seen across edges
in a large patch are all there are; ``tools/penrose_four_colours.py`` collects them and
finds the table, and the tests check every pair again on patches of many seeds, near the
centre and far out.

The keys (found by trying: the tile's type and turn alone need five colours):

- P3 (rhombs): type, turn, and the *index* of the start corner. A corner a + bt + ct² +
  dt³ (t = e^{iπ/5}) has index a − b + c − d mod 5, which a unit edge changes by ±1; in a
  Penrose rhomb tiling four of the five residues occur, as de Bruijn's indices 1 to 4 [1]_,
  so the index is counted from the residue that never occurs (:func:`absent_index`, the
  same for the whole tiling of a seed), which places the rhomb between indices 1-3 or 2-4.
- P2 (kites and darts): type and turn, and the type of the tile across edge 1 (from
  corner 1 to corner 2; its turn follows from the tile's). A tile on the region's edge
  has that neighbour outside the region, found by a second search of the region grown by
  a tile (``region.across_tiles``).

References
----------
.. [1] N. G. de Bruijn, "Algebraic theory of Penrose's non-periodic tilings of the plane",
   Indagationes Mathematicae 84 (1981), 39-66.
"""

import functools
from typing import Protocol

import numpy as np

from tilewright.aperiodic.penrose.region import Found, across_tiles, find

# the index of a corner a + bt + ct² + dt³, mod 5: t⁰, t² count 1, t¹, t³ count -1
_INDEX = np.array([1, -1, 1, -1], dtype=np.int64)
# turns of edge 0 a key counts: tenths of a turn (P3 uses 0-4)
_TURNS = 10

# key → colour, found by tools/penrose_four_colours.py; P3: (type, turn, index counted
# from the absent residue, 1-4); P2: (type, turn, the type across edge 1)
_P3_COLOURS = {
    (0, 0, 1): 0, (0, 0, 2): 0, (0, 1, 3): 0, (0, 1, 4): 0, (0, 2, 1): 1,
    (0, 2, 2): 2, (0, 3, 3): 2, (0, 3, 4): 3, (0, 4, 1): 3, (0, 4, 2): 1,
    (1, 0, 1): 1, (1, 0, 2): 2, (1, 1, 3): 2, (1, 1, 4): 3, (1, 2, 1): 3,
    (1, 2, 2): 2, (1, 3, 3): 2, (1, 3, 4): 3, (1, 4, 1): 3, (1, 4, 2): 1,
}  # fmt: skip
_P2_COLOURS = {
    (0, 0, 0): 2, (0, 0, 1): 0, (0, 1, 0): 2, (0, 1, 1): 0, (0, 2, 0): 1,
    (0, 2, 1): 1, (0, 3, 0): 3, (0, 3, 1): 1, (0, 4, 0): 0, (0, 4, 1): 0,
    (0, 5, 0): 0, (0, 5, 1): 0, (0, 6, 0): 2, (0, 6, 1): 2, (0, 7, 0): 1,
    (0, 7, 1): 1, (0, 8, 0): 3, (0, 8, 1): 1, (0, 9, 0): 3, (0, 9, 1): 3,
    (1, 0, 0): 1, (1, 1, 0): 3, (1, 2, 0): 0, (1, 3, 0): 0, (1, 4, 0): 2,
    (1, 5, 0): 1, (1, 6, 0): 3, (1, 7, 0): 3, (1, 8, 0): 2, (1, 9, 0): 2,
}  # fmt: skip


def _table(colours: dict, shape: tuple[int, ...]) -> np.ndarray:
    """A key table as an array, -1 where no tile has the key."""
    table = np.full(shape, -1, dtype=np.int8)
    for key, colour in colours.items():
        table[key] = colour
    return table


_P3_TABLE = _table(_P3_COLOURS, (2, _TURNS, 5))
_P2_TABLE = _table(_P2_COLOURS, (2, _TURNS, 2))


def index_residues(exact: np.ndarray) -> np.ndarray:
    """Each corner's index mod 5: int64, the shape of ``exact`` (..., 4) without its last
    axis.

    Examples
    --------
    >>> index_residues(np.array([[1, 0, 0, 0], [0, 1, 0, 0], [2, 1, 1, 1]])).tolist()
    [1, 4, 1]
    """
    return (exact @ _INDEX) % 5


@functools.lru_cache(maxsize=64)
def absent_index(seed: int, method: str = "line") -> int:
    """The residue mod 5 no corner of the P3 tiling of ``seed`` has: the square around the
    tiling's centre, searched by ``method`` (the patch's: no other kernels to compile),
    grown until the other four occur.

    Examples
    --------
    >>> absent_index(1) in range(5)
    True
    """
    side = 4.0
    while True:
        corners = find(seed, "p3", (-side, -side, side, side), method).exact
        present = np.unique(index_residues(corners))
        if len(present) == 4:
            return int(np.setdiff1d(np.arange(5), present)[0])
        if len(present) == 5:
            raise AssertionError(f"the P3 tiling of seed {seed} has corners of every index")
        side *= 2


class Searched(Protocol):
    """What the colours read of a patch: its tiles, the tiling and the region they were
    found for, and how (a ``PenrosePatch`` is one)."""

    seed: int
    tiling: str
    method: str

    @property
    def found(self) -> Found: ...

    @property
    def region(self) -> tuple[float, float, float, float]: ...


def keys(patch: Searched) -> tuple[np.ndarray, ...]:
    """Each tile's key, as a tuple of int64 arrays (n,) indexing its tiling's table.

    Parameters
    ----------
    patch : PenrosePatch
        Its tiles, read with their tiling; a P2 patch finds its tiles' neighbours as it
        found them (its ``method``), in the region grown.

    Returns
    -------
    tuple of numpy.ndarray
        P3: type, turn, index 1-4; P2: type, turn, and the type across edge 1.
    """
    found, seed, method = patch.found, patch.seed, patch.method
    kind, turn = found.kind.astype(np.int64), found.turn.astype(np.int64)
    if patch.tiling == "p3":
        index = (index_residues(found.exact[:, 0]) - absent_index(seed, method)) % 5
        return kind, turn, index
    wide, beyond = across_tiles(seed, patch.tiling, found, patch.region, method)
    return kind, turn, wide.kind[beyond[:, 1]].astype(np.int64)


def four_colours(patch: Searched) -> np.ndarray:
    """Each tile's colour, 0-3: no two tiles across an edge alike, the same tile the same
    colour in any region of the tiling (the module's notes say how).

    Parameters
    ----------
    patch : PenrosePatch

    Returns
    -------
    numpy.ndarray
        int8, (n,), in the order of ``patch.found``.

    Examples
    --------
    >>> from tilewright.aperiodic.penrose.region import adjacency
    >>> from tilewright.aperiodic.penrose.tiling import generate_penrose
    >>> small = generate_penrose(4, 4, seed=2, method="bfs")
    >>> colours = four_colours(small)
    >>> across = adjacency(small.found)
    >>> bool(((across < 0) | (colours[across] != colours[:, None])).all())
    True
    >>> large = generate_penrose(12, 12, seed=2, origin=(-3, -3))  # by the descent
    >>> where = {i: k for k, i in enumerate(large.found.ids)}
    >>> again = four_colours(large)
    >>> bool((again[[where[i] for i in small.found.ids]] == colours).all())
    True
    """
    table = _P3_TABLE if patch.tiling == "p3" else _P2_TABLE
    colours = table[keys(patch)]
    if (colours < 0).any():  # a key the tables lack: a configuration never seen
        raise AssertionError(f"a {patch.tiling} tile has a key the colour table lacks")
    return colours
