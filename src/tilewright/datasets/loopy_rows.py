"""Datasets of Loopy (Slitherlink) puzzles, each with its one solution and as text.

Item ``i`` of a dataset with seed ``s`` at draw ``d`` is the puzzle
``tilewright.loopy.generate(config.params, seed=SEED)``, where ``SEED`` is the item's own
seed (see ``_family_rows.drawn_seeds``): its row depends on nothing but ``(s, i, d)`` and
the configuration, and any one puzzle is made again alone with ``tilewright loopy generate
WxHtTdD -s SEED`` (``WxHtTdD`` as the ``game_id`` begins).

Seeds that make no puzzle
-------------------------
On small grids at some levels the generator finds no puzzle for some seeds (most of them
on a 5×5 Penrose P3 at Normal), and on the smallest grids of a few kinds for none (a 2×2
dodecagonal grid, a 3×3 Penrose patch). Such a seed is refused as a filter refuses an
item: the item is drawn again from its next seed, and ``draw`` counts the seeds refused,
so the count stays exact and the row stays reproducible from ``(s, i)``. An item that
finds no puzzle in ``MAX_REFUSED`` seeds in a row is an error naming it: its
configuration (nearly) never makes one, and a larger grid or an easier level does.

Columns (one row per puzzle)
----------------------------
``index`` (int64), ``seed`` (int64: the puzzle's own seed), ``draw`` (int32: how many of
the item's earlier seeds were refused), ``width``, ``height`` (int32: the grid's size in
its own units), ``grid`` and ``difficulty`` (string: ``"spectres"``, ``"hard"``),
``game_id`` (string: the public puzzle collection's ID, what ``tilewright loopy generate``
prints, which the collection's Loopy loads), ``clues`` (list of int8: one a face in the
game ID's face order, -1 where a face has none), ``solution`` (list of int32: the loop's
edges by their numbers in the grid's planar map, ascending), ``text`` (string: the puzzle
as :func:`tilewright.loopy.text.render` writes it, the collection's ASCII board on the
square grid and the numbered dots, faces and edges on the others), ``faces``, ``edges``,
``clue_count``, ``loop_length`` (int32: the grid's faces and edges, the clues given and
the edges on the loop), and what the generator did, as ``Generated.stats`` records it
(int32 each): ``attempts`` (loops drawn), ``trials`` (clues tried), ``left_out``,
``put_back`` (clues the whole check put back) and ``too_easy`` (boards refused as solved
by the level below).

Why the solution is a list of edge numbers: it is the answer in the form the puzzle asks
for and a model states (by the numbers ``render(puzzle, form="lists")`` gives the edges,
the default text on every grid but the square), it is what
:func:`tilewright.loopy.check_answer` takes as ``edges=`` and any reader can turn it into
a mask with one line (``mask[solution] = True``, ``edges`` long), while a bit-packed mask
would need this package's bit order to read. Random grids (Penrose, hats, Spectres) have
a different number of faces and edges for each seed, so the lists differ in length even
within one configuration; :func:`loopy_puzzles` reads rows back as puzzles and loops.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import require_int, shown
from tilewright.datasets._family_rows import (
    ITEM_FIELDS,
    MAX_CELLS,
    PuzzleConfig,
    drawn_seeds,
    item_columns,
)

if TYPE_CHECKING:
    from tilewright.loopy import Generated, Params, Puzzle

# Seeds in a row that may make no puzzle before an item is an error. Measured over the
# least sizes of every grid and level, a configuration that makes any puzzles at all makes
# one from 1 seed in 30 or more often (4x4 Penrose P2 at Hard), where 1000 refusals in a
# row have odds near 1e-15; one that makes none (3x3 Penrose: no patch keeps a tile) is named
# after 1 to 25 s, a refused seed costing 1 to 25 ms.
MAX_REFUSED = 1000
# Generated.stats, in this order, as int32 columns
STATS = ("attempts", "trials", "left_out", "put_back", "too_easy")
_KEYS = ("width", "height", "grid", "difficulty")

SCHEMA = pa.schema(
    [
        *ITEM_FIELDS,
        ("grid", pa.string()),
        ("difficulty", pa.string()),
        ("game_id", pa.string()),
        ("clues", pa.list_(pa.int8())),
        ("solution", pa.list_(pa.int32())),
        ("text", pa.string()),
        ("faces", pa.int32()),
        ("edges", pa.int32()),
        ("clue_count", pa.int32()),
        ("loop_length", pa.int32()),
        *((name, pa.int32()) for name in STATS),
    ]
)


@dataclass(frozen=True)
class LoopyConfig(PuzzleConfig):
    """The puzzles of a dataset: ``width`` × ``height`` Loopy on ``grid`` at
    ``difficulty``, as :class:`tilewright.loopy.Params` takes them.

    Parameters
    ----------
    width, height : int
        The grid's size in its own units, at least the grid's least (as ``tilewright loopy
        generate`` takes it), at most ``MAX_CELLS`` units in all.
    grid : str, default "square"
        One of the collection's eighteen grids (``tilewright.registry.LOOPY_TYPES``).
    difficulty : str, default "easy"
        ``"easy"``, ``"normal"``, ``"tricky"`` or ``"hard"``.

    Raises
    ------
    TypeError, TilewrightError
        For a size that is not a whole number or is out of range, an unknown grid or
        difficulty; all when the configuration is made. Seeds that make no puzzle are
        left to the items (see the module's notes).

    Examples
    --------
    >>> config = LoopyConfig(10, 10, "spectres", "hard")
    >>> config.params.text
    '10x10t17dh'
    >>> LoopyConfig.from_json(config.to_json()) == config
    True
    """

    kind: ClassVar[str] = "loopy"
    record_keys: ClassVar[tuple[str, ...]] = _KEYS

    grid: str = "square"
    difficulty: str = "easy"

    def __post_init__(self) -> None:
        from tilewright.loopy import DIFFICULTIES, Params, parse_params
        from tilewright.registry import LOOPY_TYPES

        width = require_int(self.width, "width")
        height = require_int(self.height, "height")
        names = [name for name, _, _ in LOOPY_TYPES]
        if not isinstance(self.grid, str) or self.grid not in names:
            raise TilewrightError(f"grid is one of {', '.join(names)}, not {self.grid!r}")
        if not isinstance(self.difficulty, str) or self.difficulty not in DIFFICULTIES:
            raise TilewrightError(
                f"difficulty is one of {', '.join(DIFFICULTIES)}, not {self.difficulty!r}"
            )
        if width < 1 or height < 1:
            raise TilewrightError(f"a Loopy grid's sides are 1 or more, got {width}x{height}")
        if width * height > MAX_CELLS:
            raise TilewrightError(
                f"a dataset's puzzles are at most {MAX_CELLS} units of grid in all, "
                f"got {shown(width)}x{shown(height)}"
            )
        # the text goes through the checks the command line's parameters go through
        parse_params(Params(width, height, self.grid, self.difficulty).text)
        object.__setattr__(self, "width", int(width))
        object.__setattr__(self, "height", int(height))

    @property
    def params(self) -> "Params":
        """The generator's parameters: ``generate(config.params, seed=row["seed"])``
        makes a row's puzzle."""
        from tilewright.loopy import Params

        return Params(self.width, self.height, self.grid, self.difficulty)

    def schema(self) -> pa.Schema:
        """The columns of this configuration's rows (the same for every configuration)."""
        return SCHEMA

    def rows(self, seed: int, indices: np.ndarray, draws: np.ndarray) -> pa.Table:
        """The puzzles ``indices`` of the dataset ``(self, seed)``, each made by
        ``generate`` from the first of its item's seeds, from its draw on, that makes one
        (see :meth:`JsonConfig.rows`); columns as this module's docstring lists.

        Raises
        ------
        TilewrightError
            As ``JsonConfig.rows``, and when an item's ``MAX_REFUSED`` seeds in a row make
            no puzzle (the message names the item).

        Examples
        --------
        >>> from tilewright.loopy import generate
        >>> config = LoopyConfig(5, 4, "honeycomb", "normal")
        >>> table = config.rows(1, np.array([10, 11]), np.array([0, 0]))
        >>> row = table.to_pylist()[1]
        >>> row["index"], row["game_id"] == generate(config.params, seed=row["seed"]).game_id
        (11, True)
        """
        from tilewright.loopy import render

        indices, draws, _ = drawn_seeds(seed, indices, draws)
        made = [
            self._first_made(seed, index, draw) for index, draw in zip(indices, draws, strict=True)
        ]
        puzzles = [generated.puzzle for generated, _ in made]
        loops = [np.flatnonzero(generated.solution).astype(np.int32) for generated, _ in made]
        count = len(made)
        seeds = np.array([generated.seed for generated, _ in made], dtype=np.int64)
        drawn = np.array([draw for _, draw in made], dtype=np.int64)
        columns = {
            **item_columns(indices, seeds, drawn, self.width, self.height),
            "grid": pa.array([self.grid] * count, pa.string()),
            "difficulty": pa.array([self.difficulty] * count, pa.string()),
            "game_id": pa.array([puzzle.game_id for puzzle in puzzles], pa.string()),
            "clues": _lists([puzzle.clues for puzzle in puzzles], pa.int8()),
            "solution": _lists(loops, pa.int32()),
            "text": pa.array([render(puzzle) for puzzle in puzzles], pa.string()),
            "faces": _counts(len(puzzle.clues) for puzzle in puzzles),
            "edges": _counts(len(puzzle.plan.edges) for puzzle in puzzles),
            "clue_count": _counts(int((puzzle.clues >= 0).sum()) for puzzle in puzzles),
            "loop_length": _counts(len(loop) for loop in loops),
            **{name: _counts(generated.stats[name] for generated, _ in made) for name in STATS},
        }
        return pa.table(columns, schema=SCHEMA)

    def _first_made(self, seed: int, index: int, draw: int) -> tuple["Generated", int]:
        """Item ``index``'s puzzle from the first of its seeds, from ``draw`` on, that makes
        one, and that seed's draw."""
        from tilewright.loopy import generate

        params = self.params
        for tried in range(draw, draw + MAX_REFUSED):
            _, _, (item_seed,) = drawn_seeds(seed, np.array([index]), np.array([tried]))
            try:
                return generate(params, seed=int(item_seed)), tried
            except TilewrightError:
                continue  # this seed makes no puzzle: the item's next one is drawn
        raise TilewrightError(
            f"item {index}: no {params.difficulty} {self.size} {self.grid} puzzle came from "
            f"{MAX_REFUSED} seeds in a row (draws {draw} to {draw + MAX_REFUSED - 1}); "
            "a larger grid or an easier level makes one"
        )


def loopy_puzzles(table: pa.Table) -> list[tuple["Puzzle", np.ndarray]]:
    """Each row of ``table`` as its puzzle, read from its game ID, and its loop as one bool
    an edge (the planar map's numbering): what ``check_answer`` and ``render`` take.

    Raises
    ------
    TilewrightError
        When the table has no ``game_id`` or ``solution`` column, or a game ID does not
        read.

    Examples
    --------
    >>> from tilewright.loopy import check_answer
    >>> table = LoopyConfig(6, 6).rows(3, np.arange(2), np.zeros(2, dtype=np.int64))
    >>> [check_answer(puzzle, edges=loop) for puzzle, loop in loopy_puzzles(table)]
    [None, None]
    """
    from tilewright.loopy import Puzzle

    for name in ("game_id", "solution"):
        if name not in table.column_names:
            raise TilewrightError(f"the table has no {name!r} column: not a Loopy dataset")
    read = []
    for game_id, solution in zip(
        table["game_id"].to_pylist(), table["solution"].to_pylist(), strict=True
    ):
        puzzle = Puzzle.from_game_id(game_id)
        loop = np.zeros(len(puzzle.plan.edges), dtype=bool)
        loop[np.asarray(solution, dtype=np.int64)] = True
        read.append((puzzle, loop))
    return read


def _lists(pieces: list[np.ndarray], kind: pa.DataType) -> pa.ListArray:
    """``pieces`` (1-d arrays) as one list array of ``kind``."""
    lengths = np.array([len(piece) for piece in pieces], dtype=np.int32)
    offsets = np.zeros(len(pieces) + 1, dtype=np.int32)
    np.cumsum(lengths, out=offsets[1:])
    values = np.concatenate(pieces) if pieces else np.zeros(0, dtype=kind.to_pandas_dtype())
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, kind))


def _counts(values: Iterable[int]) -> pa.Array:
    """``values`` as one int32 column."""
    return pa.array(np.fromiter(values, dtype=np.int32))
