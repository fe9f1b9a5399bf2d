"""Tromino datasets: every row is the tiling its own seed makes, configurations are checked
when made and travel as plain JSON."""

import json
import pickle

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.datasets.tromino_rows import (
    TrominoConfig,
    schema_for,
    tiling_colours,
    tiling_labels,
)
from tilewright.tromino import generate, validate

CONFIGS = [
    TrominoConfig(8, 8),  # random, drawn exactly
    TrominoConfig(16, 16, colours=4),  # random, by the chain
    TrominoConfig(10, 7, colours=4, method="construct"),  # 2x3 blocks around a core
    TrominoConfig(5, 5),  # only the squares with both coordinates odd (from 1) tile
    TrominoConfig(1, 1),
    TrominoConfig(16, 16, method="construct"),  # the textbook's divide and conquer
]


def zeros(count: int) -> np.ndarray:
    return np.zeros(count, dtype=np.int64)


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_row_is_the_tiling_its_own_seed_makes(config):
    table = config.rows(11, np.arange(1000, 1012), zeros(12))
    labels = tiling_labels(table)
    shades = tiling_colours(table) if config.colours else None
    for k, row in enumerate(table.to_pylist()):
        tiling = generate(
            config.width,
            config.height,
            seed=row["seed"],
            method=config.method,
            sweeps=config.sweeps,
        )
        assert (row["index"], row["draw"]) == (1000 + k, 0)
        assert (row["width"], row["height"]) == (config.width, config.height)
        assert tuple(row["missing"]) == tiling.missing
        assert row["trominoes"] == tiling.trominoes
        assert np.array_equal(labels[k], tiling.labels)
        assert validate(labels[k]) is None
        if shades is None:
            assert row["colours"] is None
        else:
            assert np.array_equal(shades[k], tiling.colour(4))


def test_the_seed_column_is_what_the_command_line_takes(capsys):
    from tilewright.cli import main

    config = TrominoConfig(11, 8)
    table = config.rows(4, np.array([2]), zeros(1))
    try:
        main(["tromino", "tile", "11x8", "-s", str(table["seed"][0].as_py()), "--method", "random"])
    except SystemExit as ended:
        assert not ended.code
    printed = [[int(n) for n in line.split()] for line in capsys.readouterr().out.splitlines()]
    assert np.array_equal(np.array(printed), tiling_labels(table)[0])


def test_missing_squares_are_drawn_over_the_whole_board():
    table = TrominoConfig(4, 4).rows(3, np.arange(300), zeros(300))
    assert len({tuple(cell) for cell in table["missing"].to_pylist()}) == 16


@pytest.mark.parametrize("config", CONFIGS[:3], ids=str)
def test_the_schema_is_the_rows_schema(config):
    assert config.rows(1, np.arange(3), zeros(3)).schema == config.schema()
    assert config.rows(1, np.arange(0), zeros(0)).schema == config.schema()
    assert config.schema() == schema_for(config)
    assert list(config.schema().names[:3]) == ["index", "seed", "draw"]
    assert config.schema().field("tiles").type == pa.binary(4 * config.width * config.height)


@settings(max_examples=30)
@given(
    width=st.integers(1, 40),
    height=st.integers(1, 40),
    colours=st.sampled_from([None, 4, np.int64(4)]),
)
def test_configurations_travel_as_plain_json(width, height, colours):
    try:
        generate(width, height, seed=0)
    except TilewrightError as error:
        with pytest.raises(TilewrightError) as refused:
            TrominoConfig(width, height, colours)
        assert str(refused.value) == str(error)  # what the family itself says
        return
    config = TrominoConfig(np.int32(width), height, colours)
    record = config.to_dict()
    sweeps = 10 if min(width, height) > 10 else None  # recorded where the chain draws
    assert record == {
        "kind": "tromino",
        "width": width,
        "height": height,
        "colours": colours,
        "method": "random",
        "sweeps": sweeps,
    }
    assert json.loads(json.dumps(record)) == record
    assert TrominoConfig.from_dict(json.loads(json.dumps(record))) == config
    assert TrominoConfig.from_json(config.to_json()) == config
    assert pickle.loads(pickle.dumps(config)) == config


def good_record(**changes):
    return TrominoConfig(8, 8).to_dict() | changes


@pytest.mark.parametrize(
    "record",
    [
        None,
        [],
        "8x8",
        {"kind": "tromino"},
        good_record(kind="rectangles"),
        good_record(width="8"),
        good_record(width=8.0),
        good_record(width=0),
        good_record(height=True),
        good_record(width=9, height=7),  # no square of it can be missing
        good_record(width=2, height=1),
        good_record(colours=3),
        good_record(colours=True),
        good_record(colours="4"),
        good_record(width=1024, height=1025),
        good_record(missing=[0, 0]),
        good_record(method="shuffle"),
        good_record(sweeps=0),
        {key: value for key, value in good_record().items() if key != "sweeps"},
        {key: value for key, value in good_record().items() if key != "colours"},
    ],
)
def test_malformed_records_are_refused_with_a_tilewright_error(record):
    with pytest.raises(TilewrightError, match="tromino dataset configuration"):
        TrominoConfig.from_dict(record)


def test_a_configuration_recorded_before_random_tilings_is_the_construction():
    # the manifests of datasets written before had no method: they resume as written
    old = {"kind": "tromino", "width": 8, "height": 8, "colours": None}
    config = TrominoConfig.from_dict(old)
    assert (config.method, config.sweeps) == ("construct", None)
    assert config.content_columns == ("width", "height", "missing")
    table = config.rows(3, np.arange(4), zeros(4))
    for k, row in enumerate(table.to_pylist()):
        assert np.array_equal(tiling_labels(table)[k], generate(8, 8, seed=row["seed"]).labels)


def test_a_thousand_random_tilings_of_one_board_are_a_thousand_tilings():
    config = TrominoConfig(16, 16)
    assert config.content_columns == ("width", "height", "tiles")
    labels = tiling_labels(config.rows(6, np.arange(1000), zeros(1000)))
    assert len({board.tobytes() for board in labels}) == 1000
    constructed = TrominoConfig(16, 16, method="construct").rows(6, np.arange(1000), zeros(1000))
    assert len({board.tobytes() for board in tiling_labels(constructed)}) <= 16 * 16


def test_malformed_json_is_refused():
    for text in ("", "{", "[1, 2]", '{"kind": "tromino"}'):
        with pytest.raises(TilewrightError):
            TrominoConfig.from_json(text)


def test_three_colours_are_refused_with_the_reason():
    with pytest.raises(TilewrightError, match="no 3-colouring"):
        TrominoConfig(16, 16, colours=3)
    with pytest.raises(TypeError):
        TrominoConfig(16, 16, colours=4.0)


def widened(table: pa.Table) -> pa.Table:
    """The table as a mixture of sizes holds it: its grids in variable-width columns."""
    schema = table.schema
    for name in ("tiles", "colours"):
        schema = schema.set(schema.get_field_index(name), pa.field(name, pa.binary()))
    return table.cast(schema)


def test_grids_need_one_size_and_colours_to_be_asked_for():
    small = TrominoConfig(4, 4).rows(1, np.arange(2), zeros(2))
    other = TrominoConfig(7, 4).rows(1, np.arange(2), zeros(2))
    with pytest.raises(TilewrightError, match="select one size"):
        tiling_labels(pa.concat_tables([widened(small), widened(other)]))
    with pytest.raises(TilewrightError, match="did not make them"):
        tiling_colours(small)
    assert np.array_equal(tiling_labels(small.slice(1, 1))[0], tiling_labels(small)[1])
    assert np.array_equal(tiling_labels(widened(small)), tiling_labels(small))
    assert tiling_labels(small.slice(0, 0)).shape == (0, 0, 0)
