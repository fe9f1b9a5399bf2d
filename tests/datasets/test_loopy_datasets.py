"""Loopy datasets: every row is the puzzle its own seed makes (a seed that makes none is
drawn again), its solution is the one loop and its text the puzzle's, configurations are
checked when made and travel as plain JSON, and datasets are written, mixed, filtered and
made on Dask as the other families' are.

The generator's kernels change while Loopy is worked on, and with them the puzzle a seed
makes: nothing here pins a puzzle, only how a row follows from its seed."""

import json
import pickle

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets import Mixture, config_from_dict, generate, load
from tilewright.datasets._family_rows import drawn_seeds
from tilewright.datasets.loopy_rows import (
    MAX_REFUSED,
    SCHEMA,
    STATS,
    LoopyConfig,
    loopy_puzzles,
)
from tilewright.loopy import DIFFICULTIES, Params, check_answer, render
from tilewright.loopy import generate as make
from tilewright.registry import LOOPY_TYPES

GRIDS = [name for name, _, _ in LOOPY_TYPES]
CONFIGS = [
    LoopyConfig(7, 6),
    LoopyConfig(6, 6, "honeycomb", "hard"),
    LoopyConfig(8, 8, "spectres", "normal"),  # a random grid: its patch drawn per seed
    LoopyConfig(5, 5, "penrose-p3", "normal"),  # about two seeds in three make no puzzle
]
# a configuration whose seeds make no puzzle at all: no 3x3 kite-and-dart patch keeps a tile
NEVER = LoopyConfig(3, 3, "penrose-p2")


def zeros(count: int) -> np.ndarray:
    return np.zeros(count, dtype=np.int64)


def seed_at(seed: int, index: int, draw: int) -> int:
    return int(drawn_seeds(seed, np.array([index]), np.array([draw]))[2][0])


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_row_is_the_puzzle_its_own_seed_makes(config):
    table = config.rows(11, np.arange(1000, 1006), zeros(6))
    for k, row in enumerate(table.to_pylist()):
        assert row["seed"] == seed_at(11, 1000 + k, row["draw"])
        made = make(config.params, seed=row["seed"])
        assert row["index"] == 1000 + k
        assert (row["width"], row["height"]) == (config.width, config.height)
        assert (row["grid"], row["difficulty"]) == (config.grid, config.difficulty)
        assert row["game_id"] == made.game_id
        assert row["game_id"].startswith(config.params.text + ":")
        assert row["clues"] == made.puzzle.clues.tolist()
        assert row["solution"] == np.flatnonzero(made.solution).tolist()
        assert row["text"] == render(made.puzzle)
        assert row["faces"] == len(row["clues"]) == made.puzzle.grid.num_cells
        assert row["edges"] == len(made.puzzle.plan.edges)
        assert row["clue_count"] == sum(clue >= 0 for clue in row["clues"])
        assert row["loop_length"] == len(row["solution"])
        assert {name: row[name] for name in STATS} == made.stats
        # the stored answer is the one loop, by the checker written apart from the solver
        assert check_answer(made.puzzle, edges=row["solution"]) is None


def test_rows_read_back_as_puzzles_whose_loops_the_checker_accepts():
    table = LoopyConfig(6, 5, "cairo", "tricky").rows(2, np.arange(4), zeros(4))
    read = loopy_puzzles(table)
    for (puzzle, loop), row in zip(read, table.to_pylist(), strict=True):
        assert puzzle.game_id == row["game_id"]
        assert np.flatnonzero(loop).tolist() == row["solution"]
        assert check_answer(puzzle, edges=loop) is None
        wrong = loop.copy()
        wrong[row["solution"][0]] = False  # one edge short: the loop has ends
        assert check_answer(puzzle, edges=wrong) is not None
    with pytest.raises(TilewrightError, match="not a Loopy dataset"):
        loopy_puzzles(table.drop_columns(["solution"]))
    assert loopy_puzzles(table.slice(0, 0)) == []


def test_the_text_is_the_board_on_the_square_grid_and_numbered_lists_elsewhere():
    (square,) = LoopyConfig(4, 3).rows(1, np.arange(1), zeros(1)).to_pylist()
    lines = square["text"].splitlines()
    assert lines[0] == square["game_id"] and len(lines) == 1 + 2 * 3 + 1
    (kites,) = LoopyConfig(3, 3, "kites").rows(1, np.arange(1), zeros(1)).to_pylist()
    assert "edges (id dot dot face face)" in kites["text"]


def test_the_seed_column_is_what_the_command_line_takes(capsys):
    from tilewright.cli import main

    config = LoopyConfig(7, 5, "octagonal", "normal")
    row = config.rows(4, np.array([2]), zeros(1)).to_pylist()[0]
    try:
        main(["loopy", "generate", config.params.text, "-s", str(row["seed"])])
    except SystemExit as ended:
        assert not ended.code
    assert capsys.readouterr().out.strip() == row["game_id"]


def test_a_seed_that_makes_no_puzzle_is_refused_and_the_next_drawn():
    config = CONFIGS[-1]
    table = config.rows(5, np.arange(12), zeros(12))
    draws = table["draw"].to_pylist()
    assert max(draws) > 0  # some items' first seeds made no puzzle
    for index, draw in enumerate(draws):
        for refused in range(draw):
            with pytest.raises(TilewrightError):
                make(config.params, seed=seed_at(5, index, refused))
        # made from any of its refused draws on, the item is the same row
        again = config.rows(5, np.full(draw + 1, index), np.arange(draw + 1))
        assert again.to_pylist() == [table.to_pylist()[index]] * (draw + 1)


def test_an_item_that_no_seed_makes_names_itself():
    with pytest.raises(
        TilewrightError, match=rf"^item 6: no easy 3x3 penrose-p2 puzzle came from {MAX_REFUSED}"
    ):
        NEVER.rows(1, np.array([6]), zeros(1))


@pytest.mark.parametrize("config", CONFIGS[:2], ids=str)
def test_the_schema_is_the_rows_schema(config):
    assert config.schema() == SCHEMA
    assert config.rows(1, np.arange(3), zeros(3)).schema == SCHEMA
    assert config.rows(1, np.arange(0), zeros(0)).schema == SCHEMA
    first = ["index", "seed", "draw", "width", "height", "grid", "difficulty"]
    assert list(SCHEMA.names[:7]) == first


@settings(max_examples=40)
@given(
    grid=st.sampled_from(GRIDS),
    difficulty=st.sampled_from(DIFFICULTIES),
    width=st.integers(6, 40),
    height=st.integers(6, 40),
)
def test_configurations_travel_as_plain_json(grid, difficulty, width, height):
    config = LoopyConfig(np.int64(width), height, grid, difficulty)
    record = config.to_dict()
    assert record == {
        "kind": "loopy",
        "width": width,
        "height": height,
        "grid": grid,
        "difficulty": difficulty,
    }
    again = LoopyConfig.from_dict(json.loads(json.dumps(record)))
    assert again == config and again.to_dict() == record
    assert config_from_dict(record) == config
    assert LoopyConfig.from_json(config.to_json()) == config
    assert pickle.loads(pickle.dumps(config)) == config
    assert config.params == Params(width, height, grid, difficulty)


@pytest.mark.parametrize(
    ("arguments", "error", "said"),
    [
        ((6, 6, "hexagons"), TilewrightError, "grid is one of square"),
        ((6, 6, "square", "expert"), TilewrightError, "difficulty is one of easy"),
        ((6, 6, 3), TilewrightError, "grid is one of"),
        ((2, 9), TilewrightError, "at least 3x3"),
        ((5, 5, "hats"), TilewrightError, "at least 6x6"),
        ((0, 5), TilewrightError, "1 or more"),
        ((-3, 5), TilewrightError, "1 or more"),
        ((2048, 1024), TilewrightError, "at most 1048576"),
        ((6.0, 6), TypeError, "width"),
        ((True, 6), TypeError, "width"),
        ((6, "6"), TypeError, "height"),
    ],
)
def test_configurations_refuse_bad_arguments(arguments, error, said):
    with pytest.raises(error, match=said):
        LoopyConfig(*arguments)


def good_record(**changes):
    return LoopyConfig(6, 6).to_dict() | changes


@pytest.mark.parametrize(
    "record",
    [
        None,
        "6x6",
        {"kind": "loopy"},
        good_record(kind="rectangles"),
        good_record(width="6"),
        good_record(height=2),
        good_record(grid="squares"),
        good_record(difficulty=None),
        good_record(colour="red"),
        {key: value for key, value in good_record().items() if key != "difficulty"},
    ],
)
def test_malformed_records_are_refused_with_a_tilewright_error(record):
    with pytest.raises(TilewrightError, match="loopy dataset configuration"):
        LoopyConfig.from_dict(record)


def test_a_written_dataset_holds_the_rows_its_configuration_makes(tmp_path):
    config = CONFIGS[-1]  # refused seeds too
    summary = generate(config, 23, 9, tmp_path / "d", part_size=10)
    assert (summary.items, summary.parts, summary.unit) == (23, 3, "puzzles")
    table = load(tmp_path / "d")
    assert table.equals(config.rows(9, np.arange(23), zeros(23)))
    assert max(table["draw"].to_pylist()) > 0


def test_a_mixture_of_grids_and_levels_keeps_each_puzzle_its_own(tmp_path):
    configs = (LoopyConfig(6, 6), LoopyConfig(6, 6, "hats", "hard"), LoopyConfig(5, 4, "kagome"))
    generate(Mixture(configs, (2, 1, 1)), 12, 4, tmp_path / "m.parquet", part_size=5)
    table = load(tmp_path / "m.parquet")
    kinds = list(zip(table["grid"].to_pylist(), table["difficulty"].to_pylist(), strict=True))
    assert kinds.count(("square", "easy")) == 6 and kinds.count(("hats", "hard")) == 3
    for row in table.to_pylist():
        (config,) = [config for config in configs if config.grid == row["grid"]]
        (alone,) = config.rows(4, np.array([row["index"]]), zeros(1)).to_pylist()
        assert alone == row


def test_filters_and_no_duplicates_work_as_for_the_other_families(tmp_path):
    config = LoopyConfig(6, 6)
    generate(config, 20, 2, tmp_path / "f.parquet", where={"clue_count": (None, 14)})
    table = load(tmp_path / "f.parquet")
    assert table.num_rows == 20 and max(table["clue_count"].to_pylist()) <= 14
    generate(LoopyConfig(3, 3), 40, 2, tmp_path / "u.parquet", unique=True)
    assert len(set(load(tmp_path / "u.parquet")["game_id"].to_pylist())) == 40


def test_two_dask_workers_write_the_same_bytes(tmp_path):
    config = Mixture((LoopyConfig(6, 6, "spectres", "tricky"), CONFIGS[-1]))
    generate(config, 30, 5, tmp_path / "here", part_size=7)
    summary = generate(config, 30, 5, tmp_path / "dask", part_size=7, workers=2)
    assert summary.made == 5
    for name in sorted(path.name for path in (tmp_path / "here").iterdir()):
        assert (tmp_path / "dask" / name).read_bytes() == (tmp_path / "here" / name).read_bytes()


def run(capsys, *args: str) -> tuple[int, str]:
    return run_cli(capsys, "dataset", "loopy", *args)


def test_the_command_mixes_sizes_grids_and_levels(tmp_path, capsys):
    out = str(tmp_path / "l.parquet")
    status, err = run(
        capsys,
        *("6x6", "5x5t2", "--grid", "square", "--grid", "floret"),
        *("--difficulty", "easy", "--difficulty", "tricky", "--weights", "1,1,1,1,2,2,2,2"),
        *("--count", "24", "-s", "3", "-o", out),
    )
    assert status == 0 and "24 puzzles in 1 part" in err
    configs = [
        LoopyConfig(size, size, grid, level)
        for size in (6, 5)
        for grid in ("square", "floret")
        for level in ("easy", "tricky")
    ]
    mixture = Mixture(tuple(configs), (1, 1, 1, 1, 2, 2, 2, 2))
    assert load(out).equals(mixture.rows(3, np.arange(24), zeros(24)))


def test_the_command_takes_the_collections_parameters_whole(tmp_path, capsys):
    out = str(tmp_path / "p.parquet")
    status, _ = run(capsys, "7x7t17dh", "7x7t17dh", "--count", "3", "-s", "1", "-o", out)
    assert status == 0  # the same configuration twice is one
    config = LoopyConfig(7, 7, "spectres", "hard")
    assert load(out).equals(config.rows(1, np.arange(3), zeros(3)))


def test_parts_hold_fewer_puzzles_than_mazes_as_rows_hold_text(capsys):
    from tilewright.cli import main

    with pytest.raises(SystemExit) as ended:
        main(["dataset", "loopy", "--help"])
    assert ended.value.code == 0
    assert "[default: 10000]" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["10x10q"], "WxHtTdD"),
        (["2x2"], "at least 3x3"),
        (["6x6", "--grid", "hexagons"], "grid is one of"),
        (["6x6", "--difficulty", "expert"], "expert"),
        (["6x6", "--where", "clues>=3"], "cannot filter on 'clues'"),
        (["6x6", "--weights", "1,2"], "--weights"),
        (["6x6", "--grid", "kites", "--grid", "square", "--weights", "1"], "weights"),
        (["3x3t11", "-s", "1"], "no easy 3x3 penrose-p2 puzzle"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, args, said):
    # an item no seed makes is refused after MAX_REFUSED seeds (1000, some 8 s, checked by
    # test_an_item_that_no_seed_makes_names_itself); what the command says of it is the
    # same after ten
    monkeypatch.setattr("tilewright.datasets.loopy_rows.MAX_REFUSED", 10)
    status, err = run(capsys, *args, "--count", "3", "-o", str(tmp_path / "x.parquet"))
    assert status == 2
    assert said in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.parquet").exists()


def test_no_items_make_an_empty_table_of_the_schema():
    table = LoopyConfig(6, 6).rows(1, np.arange(0), zeros(0))
    assert table.num_rows == 0 and table.schema == SCHEMA
    assert pa.concat_tables([table, table]).num_rows == 0
