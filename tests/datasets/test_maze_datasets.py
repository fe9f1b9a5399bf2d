"""Maze datasets: every row reproduces alone, parts are whole, runs resume, workers agree."""

import json
import os
from pathlib import Path

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.core.seeds import Stream
from tilewright.datasets import (
    MANIFEST,
    MazeConfig,
    Mixture,
    connection_lists,
    generate,
    item_seeds,
    iter_mazes,
    load,
    maze_items,
    solution_paths,
    writing,
)
from tilewright.datasets import part_files as on_disk
from tilewright.mazes import generate as make_maze
from tilewright.mazes import maze_stats, shortest_path


def part_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize(
    "config",
    [
        MazeConfig(7, 5, "wilson"),
        MazeConfig(6, 6, "eller", {"join": 0.3}),
        MazeConfig(1, 9, "backtracker", endpoints="random"),
        MazeConfig(8, 3, "growing-tree", {"strategy": "newest:50,random:50"}, "random"),
    ],
)
def test_every_row_is_the_maze_its_own_seed_makes(config):
    table = maze_items(config, seed=11, first=1000, count=12)
    mazes = connection_lists(table)
    paths = solution_paths(table)
    for k, row in enumerate(table.to_pylist()):
        assert row["index"] == 1000 + k
        maze = make_maze(
            config.width, config.height, config.algorithm, seed=row["seed"], **config.params
        )
        assert np.array_equal(mazes[k], maze.connections)
        start, goal = tuple(row["origin"]), tuple(row["target"])
        path = shortest_path(maze, start, goal)
        assert row["solution"] == [r * config.width + c for r, c in path.tolist()]
        assert np.array_equal(paths[k], path) and paths[k].dtype == np.int32
        stats = maze_stats(maze, start, goal)
        assert row["solution_length"] == stats.solution_length
        assert row["dead_ends"] == pytest.approx(stats.dead_ends, abs=1e-12)
        assert row["river"] == pytest.approx(stats.river, abs=1e-12)
        assert json.loads(row["params"]) == config.params


def test_item_seeds_follow_the_documented_seed_sequence():
    for index, value in zip(range(5, 9), item_seeds(2**40, 5, 4), strict=True):
        words = np.random.SeedSequence([2**40, int(Stream.DATASET), index]).generate_state(
            1, np.uint64
        )
        assert int(value) == int(words[0]) >> 1


def test_random_endpoints_are_two_cells_drawn_from_the_items_seed():
    config = MazeConfig(4, 4, endpoints="random")
    table = maze_items(config, seed=5, first=0, count=200)
    origins = np.array(table["origin"].to_pylist())
    targets = np.array(table["target"].to_pylist())
    assert (origins != targets).any(axis=1).all()
    assert len({tuple(o) for o in origins}) == 16  # every cell is drawn as an origin
    again = maze_items(config, seed=5, first=150, count=50)  # the same items, alone
    assert again["origin"].to_pylist() == table["origin"].to_pylist()[150:]


@settings(max_examples=10, deadline=None)
@given(count=st.integers(1, 40), part_size=st.integers(1, 50))
def test_rows_do_not_depend_on_how_the_dataset_is_cut(tmp_path_factory, count, part_size):
    folder = tmp_path_factory.mktemp("cut")
    config = MazeConfig(5, 4, "kruskal")
    summary = generate(config, count, 3, folder / "d", part_size=part_size)
    assert summary.parts == -(-count // part_size) and summary.made == summary.parts
    whole = maze_items(config, 3, 0, count)
    assert load(folder / "d").equals(whole)
    generate(config, count, 3, folder / "one.parquet", part_size=part_size)
    assert load(folder / "one.parquet").equals(whole)


def test_a_folder_has_its_parts_and_a_manifest_of_their_checksums(tmp_path):
    generate(MazeConfig(6, 6), 25, 1, tmp_path / "d", part_size=10)
    names = sorted(os.listdir(tmp_path / "d"))
    assert names == [MANIFEST, "part-00000.parquet", "part-00001.parquet", "part-00002.parquet"]
    manifest = json.loads((tmp_path / "d" / MANIFEST).read_text())
    assert [p["items"] for p in manifest["parts"]] == [10, 10, 5]
    import hashlib

    for entry in manifest["parts"]:
        data = (tmp_path / "d" / entry["file"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"]
        assert len(data) == entry["bytes"]


def test_an_interrupted_run_leaves_whole_parts_and_the_rerun_finishes_it(tmp_path, monkeypatch):
    config = MazeConfig(6, 5, "wilson")
    generate(config, 40, 9, tmp_path / "whole", part_size=10)
    made = on_disk.make_part

    def dies_on_part_two(job):
        if job.task.number == 2:
            raise KeyboardInterrupt
        return made(job)

    monkeypatch.setattr(on_disk, "make_part", dies_on_part_two)
    with pytest.raises(KeyboardInterrupt):
        generate(config, 40, 9, tmp_path / "cut", part_size=10)
    left = sorted(os.listdir(tmp_path / "cut"))
    assert left == ["part-00000.parquet", "part-00001.parquet"]  # no manifest, no temporaries
    with pytest.raises(TilewrightError, match="not complete"):
        load(tmp_path / "cut")
    monkeypatch.setattr(on_disk, "make_part", made)
    summary = generate(config, 40, 9, tmp_path / "cut", part_size=10)
    assert (summary.parts, summary.made) == (4, 2)
    assert part_files(tmp_path / "cut") == part_files(tmp_path / "whole")


def test_a_damaged_part_is_made_again(tmp_path):
    config = MazeConfig(5, 5)
    generate(config, 30, 2, tmp_path / "d", part_size=10)
    before = part_files(tmp_path / "d")
    (tmp_path / "d" / "part-00001.parquet").write_bytes(b"PAR1 not really")
    (tmp_path / "d" / MANIFEST).unlink()
    summary = generate(config, 30, 2, tmp_path / "d", part_size=10)
    assert summary.made == 1 and part_files(tmp_path / "d") == before


def test_a_folder_of_another_dataset_is_refused(tmp_path):
    generate(MazeConfig(5, 5), 10, 2, tmp_path / "d", part_size=5)
    with pytest.raises(TilewrightError, match="another dataset"):
        generate(MazeConfig(5, 5), 10, 3, tmp_path / "d", part_size=5)
    with pytest.raises(TilewrightError, match="another dataset"):
        generate(MazeConfig(5, 5), 20, 2, tmp_path / "d", part_size=20)


def test_connection_lists_are_maze_datasets_layout_and_iter_mazes_reads_them(tmp_path):
    config = MazeConfig(7, 3, "binary-tree")
    generate(config, 5, 4, tmp_path / "d.parquet")
    lists = connection_lists(load(tmp_path / "d.parquet"))
    assert lists.shape == (5, 2, 3, 7) and lists.dtype == np.bool_
    mazes = list(iter_mazes(tmp_path / "d.parquet", batch_size=2))
    assert [m.connections.tolist() for m in mazes] == lists.tolist()
    assert all(m.is_perfect() for m in mazes)


def test_polars_reads_the_parts(tmp_path):
    polars = pytest.importorskip("polars")
    generate(MazeConfig(5, 5), 12, 1, tmp_path / "d", part_size=5)
    frame = polars.read_parquet(str(tmp_path / "d" / "*.parquet"))
    assert frame.height == 12 and frame["index"].to_list() == list(range(12))


def test_two_dask_workers_write_the_same_bytes(tmp_path):
    config = MazeConfig(9, 9, "wilson", endpoints="random")
    generate(config, 50, 5, tmp_path / "here", part_size=7)
    summary = generate(config, 50, 5, tmp_path / "dask", part_size=7, workers=2)
    assert summary.made == 8
    assert part_files(tmp_path / "dask") == part_files(tmp_path / "here")


def run(capsys, *args: str) -> tuple[int, str]:
    return run_cli(capsys, "dataset", *args)


def test_the_command_writes_a_dataset_and_says_so(tmp_path, capsys):
    status, err = run(
        capsys,
        "mazes",
        "6x4",
        "-a",
        "wilson",
        "--count",
        "30",
        "-s",
        "1",
        "--part-size",
        "10",
        "-o",
        str(tmp_path / "d"),
    )
    assert status == 0 and "30 mazes in 3 parts" in err
    assert load(tmp_path / "d").equals(maze_items(MazeConfig(6, 4, "wilson"), 1, 0, 30))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["6x4", "--count", "0", "-o", "x"], "count"),
        (["6", "--count", "3", "-o", "x"], "WIDTHxHEIGHT"),
        (["6x4", "--count", "3", "-o", "no/such/folder/x"], "does not exist"),
        (["2000x2000", "--count", "3", "-o", "x"], "at most"),
        (["6x4", "--count", "3", "-a", "kruskal", "--join", "0.5", "-o", "x"], "join"),
        (
            ["6x4", "--count", "3", "--workers", "2", "--scheduler", "a:1", "-o", "x"],
            "not both",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, monkeypatch, args, message):
    monkeypatch.chdir(tmp_path)
    status, err = run(capsys, "mazes", *args)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()


def test_part_files_carry_their_own_record():
    config = MazeConfig(3, 3)
    task = writing._Items(4, 40, 10, config.to_json(), 1, ())
    table = on_disk.make_part(on_disk._Job(task, None, on_disk._record({"seed": 1}, 4)))
    assert table.num_rows == 10
    record = json.loads(table.schema.metadata[b"tilewright.part"])
    assert record == {"dataset": {"seed": 1}, "part": 4}


def test_no_items_make_an_empty_table_of_the_schema():
    config = MazeConfig(7, 5, "eller")
    table = maze_items(config, 1, 3, 0)
    assert table.num_rows == 0
    assert table.schema == config.schema()


def test_solution_paths_read_each_row_by_its_width_in_sliced_chunked_tables():
    mix = Mixture((MazeConfig(5, 3, "wilson"), MazeConfig(3, 7, "prim", endpoints="random")))
    zeros = np.zeros(6, dtype=np.int64)
    parts = [mix.rows(2, np.arange(first, first + 6), zeros) for first in (0, 6)]
    table = pa.concat_tables(parts).slice(3, 7)  # two chunks, the first entered midway
    paths = solution_paths(table)
    assert len(paths) == 7
    for path, row in zip(paths, table.to_pylist(), strict=True):
        maze = make_maze(row["width"], row["height"], row["algorithm"], seed=row["seed"])
        assert np.array_equal(path, shortest_path(maze, tuple(row["origin"]), tuple(row["target"])))
    assert solution_paths(table.slice(0, 0)) == []
