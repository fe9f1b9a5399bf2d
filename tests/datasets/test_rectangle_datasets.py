"""Rectangles datasets: every row is the puzzle its own seed makes, configurations are
checked when made and travel as plain JSON."""

import json
import pickle

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.datasets.rectangle_rows import (
    SCHEMA,
    STATS,
    RectanglesConfig,
    puzzle_grids,
)
from tilewright.rectangles import Params, generate

CONFIGS = [
    RectanglesConfig(7, 5),
    RectanglesConfig(6, 6, expansion=0.5),
    RectanglesConfig(8, 4, unique=False),
    RectanglesConfig(6, 5, max_area=4),
    RectanglesConfig(5, 5, singles=True, max_area=2),
]


def zeros(count: int) -> np.ndarray:
    return np.zeros(count, dtype=np.int64)


def painted(solution: list, shape: tuple[int, int]) -> np.ndarray:
    regions = np.full(shape, -1)
    for number, (top, left, rows, cols) in enumerate(solution):
        assert (regions[top : top + rows, left : left + cols] == -1).all()  # no overlap
        regions[top : top + rows, left : left + cols] = number
    return regions


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_row_is_the_puzzle_its_own_seed_makes(config):
    table = config.rows(11, np.arange(1000, 1008), zeros(8))
    clue_grids, region_grids = puzzle_grids(table)
    for k, row in enumerate(table.to_pylist()):
        made = generate(
            Params(config.width, config.height, **json.loads(row["params"])), row["seed"]
        )
        assert (row["index"], row["draw"]) == (1000 + k, 0)
        assert (row["width"], row["height"]) == (config.width, config.height)
        assert row["game_id"] == made.game_id
        rows, cols = np.nonzero(made.puzzle.clues)
        numbers = made.puzzle.clues[rows, cols]
        assert row["clues"] == [list(t) for t in zip(rows, cols, numbers, strict=True)]
        # rectangle k holds clue k, and together they are the generator's solution
        assert np.array_equal(painted(row["solution"], made.regions.shape), made.regions)
        for (r, c, n), (top, left, h, w) in zip(row["clues"], row["solution"], strict=True):
            assert top <= r < top + h and left <= c < left + w and h * w == n
        assert row["rectangles"] == len(row["clues"]) == int(np.count_nonzero(made.puzzle.clues))
        assert {name: row[name] for name in STATS} == made.stats
        assert np.array_equal(clue_grids[k], made.puzzle.clues)
        assert np.array_equal(region_grids[k], made.regions)


def test_the_seed_column_is_what_the_command_line_takes(capsys):
    from tilewright.cli import main

    config = RectanglesConfig(9, 7, expansion=0.5, max_area=12)
    row = config.rows(4, np.array([2]), zeros(1)).to_pylist()[0]
    try:
        main(["rect", "generate", "9x7e0.5", "--max-area", "12", "-s", str(row["seed"])])
    except SystemExit as ended:
        assert not ended.code
    assert capsys.readouterr().out.strip() == row["game_id"]


@pytest.mark.parametrize("config", CONFIGS[:2], ids=str)
def test_the_schema_is_the_rows_schema(config):
    assert config.schema() == SCHEMA
    assert config.rows(1, np.arange(3), zeros(3)).schema == config.schema()
    assert config.rows(1, np.arange(0), zeros(0)).schema == config.schema()
    assert list(SCHEMA.names[:3]) == ["index", "seed", "draw"]


@settings(max_examples=25)
@given(
    width=st.integers(2, 40),
    height=st.integers(2, 40),
    expansion=st.one_of(st.integers(0, 3), st.floats(0, 3)),
    unique=st.booleans(),
    max_area=st.one_of(st.none(), st.integers(3, 100), st.integers(2**62, 2**70)),
    singles=st.booleans(),
)
def test_configurations_travel_as_plain_json(width, height, expansion, unique, max_area, singles):
    config = RectanglesConfig(width, height, expansion, unique, max_area, singles)
    record = config.to_dict()
    assert record["kind"] == "rectangles"
    assert json.loads(json.dumps(record)) == record
    again = RectanglesConfig.from_dict(json.loads(json.dumps(record)))
    assert again == config and again.to_dict() == record
    assert RectanglesConfig.from_json(config.to_json()) == config
    assert pickle.loads(pickle.dumps(config)) == config
    limit = None if max_area is None else min(max_area, 2**63 - 1)  # the generator's clamp
    assert config.params == Params(width, height, expansion, unique, limit, singles)


def test_equal_configurations_give_equal_records():
    plain = RectanglesConfig(np.int64(9), 9, expansion=1, max_area=2**80)
    assert plain.to_json() == RectanglesConfig(9, 9, expansion=1.0, max_area=2**63 - 1).to_json()
    assert RectanglesConfig(4, 4, expansion=-0.0).to_dict()["expansion"] == 0.0
    assert json.dumps(RectanglesConfig(4, 4, expansion=-0.0).expansion) == "0.0"


def good_record(**changes):
    return RectanglesConfig(6, 6).to_dict() | changes


@pytest.mark.parametrize(
    "record",
    [
        None,
        [],
        "6x6",
        {"kind": "rectangles"},
        good_record(kind="mazes"),
        good_record(kind=None),
        good_record(width="6"),
        good_record(width=6.0),
        good_record(width=1),
        good_record(height=True),
        good_record(expansion=-1),
        good_record(expansion="0.5"),
        good_record(expansion=float("nan")),
        good_record(unique=1),
        good_record(singles="no"),
        good_record(max_area=2),
        good_record(max_area=4.0),
        good_record(width=2000, height=2000),
        good_record(colour="red"),
        {key: value for key, value in good_record().items() if key != "singles"},
    ],
)
def test_malformed_records_are_refused_with_a_tilewright_error(record):
    with pytest.raises(TilewrightError, match="rectangles dataset configuration"):
        RectanglesConfig.from_dict(record)


def test_malformed_json_is_refused():
    for text in ("", "{", "[1, 2]", '{"kind": "rectangles"}'):
        with pytest.raises(TilewrightError):
            RectanglesConfig.from_json(text)


@settings(max_examples=30)
@given(
    width=st.one_of(st.integers(-3, 5), st.just(2**40), st.booleans(), st.just(2.0)),
    expansion=st.one_of(st.floats(allow_nan=True), st.just("1")),
    max_area=st.one_of(st.none(), st.integers(-1, 4), st.just(3.0)),
    singles=st.one_of(st.booleans(), st.just(0)),
)
def test_configurations_refuse_what_params_refuses(width, expansion, max_area, singles):
    try:
        Params(width, 4, expansion, True, max_area, singles)
    except (TypeError, TilewrightError) as error:
        with pytest.raises(type(error)) as refused:
            RectanglesConfig(width, 4, expansion, True, max_area, singles)
        assert str(refused.value) == str(error)
    else:
        assert RectanglesConfig(width, 4, expansion, True, max_area, singles).params.width == width


def test_a_dataset_bounds_its_puzzles():
    with pytest.raises(TilewrightError, match="at most 1048576 squares"):
        RectanglesConfig(1025, 1024)


def test_an_item_the_generator_cannot_make_names_itself():
    config = RectanglesConfig(15, 15, expansion=1, max_area=5)  # no seed makes one
    with pytest.raises(TilewrightError, match=r"^item 6 \(seed \d+\): could not make"):
        config.rows(1, np.array([6]), zeros(1))


def test_grids_need_one_size():
    small = RectanglesConfig(4, 4).rows(1, np.arange(2), zeros(2))
    large = RectanglesConfig(5, 4).rows(1, np.arange(2), zeros(2))
    with pytest.raises(TilewrightError, match="select one size"):
        puzzle_grids(pa.concat_tables([small, large]))
    with pytest.raises(TilewrightError, match="not a Rectangles dataset"):
        puzzle_grids(small.drop_columns(["solution"]))
    clues, _ = puzzle_grids(small.slice(1, 1))  # a slice keeps its own row
    assert np.array_equal(clues[0], puzzle_grids(small)[0][1])
    assert puzzle_grids(small.slice(0, 0))[0].shape == (0, 0, 0)  # no rows, no size
