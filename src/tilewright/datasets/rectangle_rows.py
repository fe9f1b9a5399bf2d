"""Datasets of Rectangles (Shikaku) puzzles, each with its one solution.

Item ``i`` of a dataset with seed ``s`` at draw ``d`` is the puzzle
``tilewright.rectangles.generate(config.params, seed=SEED)``, where ``SEED`` is the item's
own seed (see ``_family_rows.drawn_seeds``): its row depends on nothing but ``(s, i, d)``
and the configuration, and any one puzzle is made again alone with
``tilewright rect generate WxH[eF][a] [--max-area N] [--singles] -s SEED``.

Columns (one row per puzzle)
----------------------------
``index`` (int64), ``seed`` (int64: the puzzle's own seed), ``draw`` (int32: how many of
the item's earlier seeds were refused; 0 in a plain dataset), ``width``, ``height``
(int32), ``params`` (string: JSON of the generator's parameters beyond the size:
``expansion``, ``unique``, ``max_area``, ``singles``), ``game_id`` (string: the public
puzzle collection's ID, what ``tilewright rect generate`` prints), ``clues`` (list of
(row, column, number), in reading order), ``solution`` (list of (top, left, height,
width), one rectangle per clue, in the clues' order: rectangle ``k`` holds clue ``k``),
``rectangles`` (int32: how many), and what the generator did to prove the puzzle, as
``Generated.stats`` records it (int32 each): ``attempts`` (cuts of the whole grid),
``rounds`` (whole-puzzle deductions, 0 when uniqueness is not proven), ``clue_moves`` (a
clue confined to part of its rectangle to rule out another reading) and ``recuts`` (local
cuts afresh where that could not settle the proof).

Why the solution is a list of rectangles: it is the answer in the form the puzzle asks for
(and the form a sequence model writes), it is lossless and small (four numbers a clue
rather than one a square), and it lines up with ``clues``; :func:`puzzle_grids` paints it
into a per-square grid for a model that predicts squares. The solver computes no numbers
of its own (no step or guess counts), so the only statistics are the generator's.
"""

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import numpy as np
import pyarrow as pa

from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import shown
from tilewright.datasets._family_rows import (
    ITEM_FIELDS,
    MAX_CELLS,
    PuzzleConfig,
    drawn_seeds,
    item_columns,
    one_size,
)

if TYPE_CHECKING:
    from tilewright.rectangles import Generated, Params

# a max_area beyond int64 counts as int64's largest, as in the generator: stored so, two
# configurations that make the same puzzles are equal
_LARGEST_LIMIT = 2**63 - 1
# Generated.stats, in this order, as int32 columns
STATS = ("attempts", "rounds", "clue_moves", "recuts")
_KEYS = ("width", "height", "expansion", "unique", "max_area", "singles")

SCHEMA = pa.schema(
    [
        *ITEM_FIELDS,
        ("params", pa.string()),
        ("game_id", pa.string()),
        ("clues", pa.list_(pa.list_(pa.int32(), 3))),
        ("solution", pa.list_(pa.list_(pa.int32(), 4))),
        ("rectangles", pa.int32()),
        *((name, pa.int32()) for name in STATS),
    ]
)


@dataclass(frozen=True)
class RectanglesConfig(PuzzleConfig):
    """The puzzles of a dataset: ``width`` × ``height`` Rectangles with the generator's
    parameters, as :class:`tilewright.rectangles.Params` takes them.

    Parameters
    ----------
    width, height : int
        Squares across and down: at least 2 each, at most ``MAX_CELLS`` squares in all.
    expansion : float, default 0
        The collection's ``e``: 0 or more; larger means fewer, larger rectangles.
    unique : bool, default True
        ``False`` skips the proof of one solution (the collection's ``a``).
    max_area : int, optional
        No rectangle larger than this: at least 3 (1 with ``singles``).
    singles : bool, default False
        Allow 1×1 rectangles.

    Raises
    ------
    TypeError, TilewrightError
        As ``Params`` and ``generate`` raise them for the same arguments (memory too), and
        for more than ``MAX_CELLS`` squares; all when the configuration is made. Only a
        failure that depends on the seed is left to the items: with a small ``max_area``
        and an expansion, the generator may find no puzzle (:meth:`rows` says
        which item).

    Examples
    --------
    >>> config = RectanglesConfig(15, 15, expansion=1)
    >>> config.params
    Params(width=15, height=15, expansion=1.0, unique=True, max_area=None, singles=False)
    >>> RectanglesConfig.from_json(config.to_json()) == config
    True
    """

    kind: ClassVar[str] = "rectangles"
    record_keys: ClassVar[tuple[str, ...]] = _KEYS

    expansion: float = 0.0
    unique: bool = True
    max_area: int | None = None
    singles: bool = False

    def __post_init__(self) -> None:
        from tilewright.rectangles import Params
        from tilewright.rectangles.generator import check_room

        # Params runs every check of the arguments that generate relies on
        params = Params(
            self.width, self.height, self.expansion, self.unique, self.max_area, self.singles
        )
        if params.width * params.height > MAX_CELLS:
            raise TilewrightError(
                f"a dataset's puzzles have at most {MAX_CELLS} squares, "
                f"got {shown(params.width * params.height)}"
            )
        check_room(params)  # generate's memory check, once rather than per item
        # one form per value: 1 and 1.0 (and -0.0 and 0.0) make the same puzzles
        object.__setattr__(self, "width", params.width)
        object.__setattr__(self, "height", params.height)
        object.__setattr__(self, "expansion", float(params.expansion) + 0.0)
        object.__setattr__(self, "unique", params.unique)
        limit = params.max_area
        object.__setattr__(self, "max_area", None if limit is None else min(limit, _LARGEST_LIMIT))
        object.__setattr__(self, "singles", params.singles)

    @property
    def params(self) -> "Params":
        """The generator's parameters: ``generate(config.params, seed=row["seed"])``
        makes a row's puzzle."""
        from tilewright.rectangles import Params

        return Params(
            self.width, self.height, self.expansion, self.unique, self.max_area, self.singles
        )

    def schema(self) -> pa.Schema:
        """The columns of this configuration's rows (the same for every configuration)."""
        return SCHEMA

    def rows(self, seed: int, indices: np.ndarray, draws: np.ndarray) -> pa.Table:
        """The puzzles ``indices`` of the dataset ``(self, seed)``, each made by
        ``generate`` from its item's own seed (see :meth:`JsonConfig.rows`); columns as
        this module's docstring lists.

        Raises
        ------
        TilewrightError
            As ``JsonConfig.rows``, and when the generator finds no puzzle for an item's
            seed (the message names the item and its seed).

        Examples
        --------
        >>> from tilewright.rectangles import generate
        >>> config = RectanglesConfig(5, 4)
        >>> table = config.rows(1, np.array([10, 11]), np.array([0, 0]))
        >>> row = table.to_pylist()[1]
        >>> row["index"], row["game_id"] == generate(config.params, seed=row["seed"]).game_id
        (11, True)
        """
        from tilewright.rectangles import generate

        indices, draws, seeds = drawn_seeds(seed, indices, draws)
        params = self.params
        count = len(indices)
        game_ids: list[str] = []
        clues: list[np.ndarray] = []
        rectangles: list[np.ndarray] = []
        stats = np.empty((count, len(STATS)), dtype=np.int32)
        for k, (index, item_seed) in enumerate(zip(indices.tolist(), seeds.tolist(), strict=True)):
            try:
                made = generate(params, seed=item_seed)
            except TilewrightError as error:
                raise TilewrightError(f"item {index} (seed {item_seed}): {error}") from None
            game_ids.append(made.game_id)
            clue, rectangle = _answer(made)
            clues.append(clue)
            rectangles.append(rectangle)
            stats[k] = [made.stats[name] for name in STATS]
        lengths = np.array([len(clue) for clue in clues], dtype=np.int32)
        offsets = np.zeros(count + 1, dtype=np.int32)
        np.cumsum(lengths, out=offsets[1:])
        columns = {
            **item_columns(indices, seeds, draws, self.width, self.height),
            "params": pa.array([_params_json(self)] * count, pa.string()),
            "game_id": pa.array(game_ids, pa.string()),
            "clues": _lists(offsets, clues, 3),
            "solution": _lists(offsets, rectangles, 4),
            "rectangles": pa.array(lengths),
            **{name: pa.array(stats[:, k]) for k, name in enumerate(STATS)},
        }
        return pa.table(columns, schema=SCHEMA)


def puzzle_grids(table: pa.Table) -> tuple[np.ndarray, np.ndarray]:
    """The puzzles of ``table`` as grids: the clues and the solution, each ``(n, H, W)``
    int32.

    The clue grid holds each clue's number on its square and 0 elsewhere, as
    ``Puzzle.clues``; the solution grid gives each square the index of its rectangle
    (which is its clue's index in reading order), as ``Generated.regions``. All rows must
    share one size (one configuration).

    Raises
    ------
    TilewrightError
        When the table has no such columns or mixes sizes.

    Examples
    --------
    >>> from tilewright.rectangles import generate
    >>> config = RectanglesConfig(6, 5)
    >>> table = config.rows(3, np.arange(4), np.zeros(4, dtype=np.int64))
    >>> clues, regions = puzzle_grids(table)
    >>> made = generate(config.params, seed=table["seed"][2].as_py())
    >>> bool((clues[2] == made.puzzle.clues).all() and (regions[2] == made.regions).all())
    True
    """
    width, height = one_size(table, "Rectangles")
    for name in ("clues", "solution"):
        if name not in table.column_names:
            raise TilewrightError(f"the table has no {name!r} column: not a Rectangles dataset")
    count = table.num_rows
    clues = np.zeros((count, height, width), dtype=np.int32)
    regions = np.zeros((count, height, width), dtype=np.int32)
    if count == 0:
        return clues, regions
    items, triples = _flat(table["clues"], 3)
    clues[items, triples[:, 0], triples[:, 1]] = triples[:, 2]
    items, boxes = _flat(table["solution"], 4)
    # each rectangle's number is its position in its own row's list
    starts = np.searchsorted(items, np.arange(count))
    numbers = np.arange(len(items)) - starts[items]
    for item, number, (top, left, rows, cols) in zip(
        items.tolist(), numbers.tolist(), boxes.tolist(), strict=True
    ):
        regions[item, top : top + rows, left : left + cols] = number
    return clues, regions


def _answer(made: "Generated") -> tuple[np.ndarray, np.ndarray]:
    """The clues as (row, column, number) rows in reading order, and the solution's
    rectangles as (top, left, height, width) rows in the same order."""
    grid = made.puzzle.clues
    width = grid.shape[1]
    rows, cols = np.nonzero(grid)  # row-major: reading order
    clues = np.stack([rows, cols, grid[rows, cols]], axis=1).astype(np.int32)
    # Generated.regions numbers each rectangle by its clue's place in reading order, so
    # rectangle k's first and last squares in reading order are its corners
    flat = made.regions.ravel()
    _, first = np.unique(flat, return_index=True)
    _, from_end = np.unique(flat[::-1], return_index=True)
    last = flat.size - 1 - from_end
    top, left = np.divmod(first, width)
    bottom, right = np.divmod(last, width)
    boxes = np.stack([top, left, bottom - top + 1, right - left + 1], axis=1).astype(np.int32)
    return clues, boxes


def _lists(offsets: np.ndarray, pieces: list[np.ndarray], width: int) -> pa.ListArray:
    """``pieces`` (each ``(k, width)`` int32) as one list-of-fixed-lists array."""
    values = np.concatenate(pieces).ravel() if pieces else np.zeros(0, dtype=np.int32)
    inner = pa.FixedSizeListArray.from_arrays(pa.array(values, pa.int32()), width)
    return pa.ListArray.from_arrays(pa.array(offsets, pa.int32()), inner)


def _flat(column: pa.ChunkedArray, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Each entry of a list-of-fixed-lists column: its row and its ``width`` numbers."""
    array = column.combine_chunks()
    lengths = array.value_lengths().to_numpy(zero_copy_only=False)
    values = array.flatten().flatten().to_numpy(zero_copy_only=False)
    items = np.repeat(np.arange(len(lengths)), lengths)
    return items, values.reshape(-1, width).astype(np.int64)


def _params_json(config: RectanglesConfig) -> str:
    """The generator's parameters beyond the size, as JSON with keys sorted."""
    params = {key: getattr(config, key) for key in _KEYS[2:]}
    return json.dumps(params, sort_keys=True)
