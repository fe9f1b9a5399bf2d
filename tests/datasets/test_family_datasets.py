"""Rectangles, tromino and Loopy datasets written whole: the parts hold exactly the rows the
configurations make, mixtures and filters and duplicates work as for mazes, and the
command line writes them and refuses bad input in one line."""

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.core.seeds import Stream
from tilewright.datasets import (
    LoopyConfig,
    MazeConfig,
    Mixture,
    RectanglesConfig,
    TrominoConfig,
    config_from_dict,
    generate,
    item_seeds,
    load,
    puzzle_grids,
    tiling_labels,
)
from tilewright.rectangles import parse_game_id, solve


def zeros(count: int) -> np.ndarray:
    return np.zeros(count, dtype=np.int64)


# every kind draws its items' seeds the same way (``_family_rows.drawn_seeds``)
KINDS = [
    MazeConfig(6, 5, "wilson", endpoints="random"),
    RectanglesConfig(6, 5, expansion=0.25),
    TrominoConfig(7, 7, colours=4),
    LoopyConfig(6, 5, "honeycomb", "normal"),
]


@pytest.mark.parametrize("config", KINDS, ids=str)
def test_rows_are_the_same_made_together_or_one_at_a_time(config):
    indices, draws = np.array([3, 4, 9]), np.array([0, 2, 1])
    together = config.rows(8, indices, draws)
    alone = [config.rows(8, indices[k : k + 1], draws[k : k + 1]) for k in range(3)]
    assert together.equals(pa.concat_tables(alone))
    backwards = config.rows(8, indices[::-1], draws[::-1])
    assert backwards.to_pylist() == together.to_pylist()[::-1]


@pytest.mark.parametrize("config", KINDS, ids=str)
def test_draws_give_each_item_new_seeds_after_the_documented_sequence(config):
    table = config.rows(2**40, np.array([7, 7, 7, 8]), np.array([0, 1, 2, 0]))
    seeds = table["seed"].to_pylist()
    assert len(set(seeds)) == 4
    assert seeds[0] == int(item_seeds(2**40, 7, 1)[0])  # draw 0: the first datasets' seed
    words = np.random.SeedSequence([2**40, int(Stream.DATASET), 7, 2]).generate_state(1, np.uint64)
    assert seeds[2] == int(words[0]) >> 1
    assert table["draw"].to_pylist() == [0, 1, 2, 0]


@pytest.mark.parametrize("config", KINDS, ids=str)
@pytest.mark.parametrize(
    ("seed", "indices", "draws"),
    [(-1, [0], [0]), (2**63, [0], [0]), (1, [-1], [0]), (1, [0], [-1]), (1, [0, 1], [0])],
)
def test_seeds_indices_and_draws_out_of_range_are_refused(config, seed, indices, draws):
    with pytest.raises(TilewrightError):
        config.rows(seed, np.array(indices), np.array(draws))


@pytest.mark.parametrize(
    "config", [RectanglesConfig(7, 6, expansion=0.5), TrominoConfig(8, 8, colours=4)], ids=str
)
def test_a_written_dataset_holds_the_rows_its_configuration_makes(tmp_path, config):
    summary = generate(config, 23, 9, tmp_path / "d", part_size=10)
    assert (summary.items, summary.parts, summary.unit) == (23, 3, config.unit)
    assert load(tmp_path / "d").equals(config.rows(9, np.arange(23), zeros(23)))
    assert config_from_dict(config.to_dict()) == config


def test_a_mixture_of_puzzle_sizes_keeps_each_puzzle_its_own(tmp_path):
    small, large = RectanglesConfig(5, 5), RectanglesConfig(9, 7, expansion=1)
    generate(Mixture((small, large), (1, 2)), 12, 4, tmp_path / "m.parquet", part_size=5)
    table = load(tmp_path / "m.parquet")
    sizes = list(zip(table["width"].to_pylist(), table["height"].to_pylist(), strict=True))
    assert sizes.count((5, 5)) == 4 and sizes.count((9, 7)) == 8
    for row in table.to_pylist():
        config = small if row["width"] == 5 else large
        (made,) = config.rows(4, np.array([row["index"]]), zeros(1)).to_pylist()
        assert made == row


def test_a_filter_keeps_only_puzzles_in_range(tmp_path):
    config = RectanglesConfig(8, 8)
    generate(config, 20, 2, tmp_path / "f.parquet", where={"rectangles": (None, 12)})
    table = load(tmp_path / "f.parquet")
    assert table.num_rows == 20
    assert max(table["rectangles"].to_pylist()) <= 12
    assert table["index"].to_pylist() == list(range(20))


def test_unique_tilings_are_all_different(tmp_path):
    # a 5x5 board has 128 tilings in all (9 squares whose removal tiles, OEIS A233807):
    # 60 random ones repeat some, so --unique redraws, and keeps 60 different tilings
    summary = generate(TrominoConfig(5, 5), 60, 3, tmp_path / "u", part_size=16, unique=True)
    tiles = load(tmp_path / "u")["tiles"].to_pylist()
    assert len(set(tiles)) == 60
    assert summary.redrawn > 0
    # the construction: a tiling for each square, so 9 items at most, all different
    constructed = TrominoConfig(5, 5, method="construct")
    summary = generate(constructed, 9, 3, tmp_path / "c", part_size=4, unique=True)
    missing = [tuple(square) for square in load(tmp_path / "c")["missing"].to_pylist()]
    assert len(set(missing)) == 9
    assert summary.redrawn > 0


def run(capsys, *args: str) -> tuple[int, str]:
    return run_cli(capsys, "dataset", *args)


def test_the_rectangles_command_writes_puzzles_the_collection_reads(tmp_path, capsys):
    out = str(tmp_path / "r.parquet")
    status, err = run(capsys, "rectangles", "7x5", "--count", "6", "-s", "1", "-o", out)
    assert status == 0 and "6 puzzles in 1 part" in err
    table = pq.read_table(out)
    clues, regions = puzzle_grids(table)
    for k, game_id in enumerate(table["game_id"].to_pylist()):
        puzzle = parse_game_id(game_id)
        assert np.array_equal(puzzle.clues, clues[k])
        (only,) = solve(puzzle, limit=2)  # exactly one solution, the one stored
        assert np.array_equal(only, regions[k])


def test_the_tromino_command_writes_tilings_and_colours(tmp_path, capsys):
    out = str(tmp_path / "t")
    status, err = run(
        capsys, "tromino", "10x7", "--count", "5", "--colour", "four", "-s", "2", "-o", out
    )
    assert status == 0 and "5 tilings in 1 part" in err
    table = load(out)
    assert table.equals(TrominoConfig(10, 7, colours=4).rows(2, np.arange(5), zeros(5)))
    assert tiling_labels(table).shape == (5, 7, 10)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["rectangles", "10x10q"], "parameters look like"),
        (["rectangles", "1x1"], "at least"),
        (["rectangles", "9x9", "--where", "clues>=3"], "clues"),
        (["rectangles", "9x9", "--weights", "1,2"], "--weights"),
        (["tromino", "9x7"], "no square of a 9x7 board"),
        (["tromino", "4x4", "8x8", "--weights", "1"], "weights"),
        (["tromino", "99999999999999999999x4"], "20 digits"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, args, said):
    status, err = run(capsys, *args, "--count", "3", "-o", str(tmp_path / "x"))
    assert status == 2
    assert said in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()
