"""Mixtures, filters and the removal of duplicates: exact counts, rows that do not depend on
how a dataset is cut, and every kept row still the maze its own seed makes."""

import json

import numpy as np
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets import (
    MANIFEST,
    MazeConfig,
    Mixture,
    config_from_dict,
    connection_lists,
    generate,
    load,
    row_keys,
    solution_paths,
)
from tilewright.datasets.selection import checked_where, selected_rows
from tilewright.mazes import generate as make_maze
from tilewright.mazes import shortest_path

MIX = Mixture((MazeConfig(5, 5, "wilson"), MazeConfig(4, 6, "backtracker", endpoints="random")))


def assert_rows_are_their_seeds_mazes(table: pa.Table) -> None:
    for row in table.to_pylist():
        maze = make_maze(
            row["width"],
            row["height"],
            row["algorithm"],
            seed=row["seed"],
            **json.loads(row["params"]),
        )
        one = table.filter(pa.compute.equal(table["index"], row["index"]))
        assert np.array_equal(connection_lists(one)[0], maze.connections)
        path = shortest_path(maze, tuple(row["origin"]), tuple(row["target"]))
        assert row["solution"] == [r * row["width"] + c for r, c in path.tolist()]
        assert np.array_equal(solution_paths(one)[0], path)


def test_a_mixture_holds_its_configurations_in_exact_proportions(tmp_path):
    mix = Mixture((MazeConfig(5, 5, "wilson"), MazeConfig(7, 7, "eller")), (3, 1))
    generate(mix, 403, 1, tmp_path / "m.parquet", part_size=50)
    table = load(tmp_path / "m.parquet")
    widths = table["width"].to_numpy()
    for start in range(0, 400, 4):  # every period of 4 holds three of one, one of the other
        assert sorted(widths[start : start + 4].tolist()) == [5, 5, 5, 7]
    assert table.schema.field("connections").type == pa.binary()  # sizes differ
    assert_rows_are_their_seeds_mazes(table.slice(0, 40))
    sevens = table.filter(pa.compute.equal(table["width"], 7))
    assert connection_lists(sevens).shape == (len(sevens), 2, 7, 7)


def test_a_mixture_of_one_size_keeps_fixed_size_connections():
    mix = Mixture((MazeConfig(6, 6, "wilson"), MazeConfig(6, 6, "kruskal")))
    assert mix.schema() == MazeConfig(6, 6).schema()
    assert config_from_dict(mix.to_dict()) == mix


@pytest.mark.parametrize(
    ("configs", "weights", "message"),
    [
        ((MazeConfig(5, 5),), (), "two or more"),
        ((MazeConfig(5, 5), MazeConfig(5, 5)), (), "differ"),
        ((MazeConfig(5, 5), MazeConfig(6, 6)), (1,), "needs 2 weights"),
        ((MazeConfig(5, 5), MazeConfig(6, 6)), (0, 1), "from 1"),
        ((MazeConfig(5, 5), MazeConfig(6, 6)), (10**9, 1), "at most"),
    ],
)
def test_a_malformed_mixture_is_refused(configs, weights, message):
    with pytest.raises(TilewrightError, match=message):
        Mixture(configs, weights)


def test_a_mixture_record_that_nests_or_lies_is_refused():
    record = MIX.to_dict()
    with pytest.raises(TilewrightError, match="mixture"):
        config_from_dict({**record, "configs": [record, record]})
    with pytest.raises(TilewrightError, match="kind"):
        config_from_dict({"kind": "nonsense"})
    with pytest.raises(TilewrightError):
        config_from_dict({**record, "weights": "many"})


def test_a_filter_keeps_the_count_and_every_kept_maze_passes(tmp_path):
    config = MazeConfig(6, 6, "wilson", endpoints="random")
    where = {"solution_length": (12, None), "dead_ends": (None, 0.4)}
    generate(config, 60, 4, tmp_path / "f.parquet", where=where, part_size=25)
    table = load(tmp_path / "f.parquet")
    assert table.num_rows == 60 and table["index"].to_pylist() == list(range(60))
    assert min(table["solution_length"].to_pylist()) >= 12
    assert max(table["dead_ends"].to_pylist()) <= 0.4
    assert max(table["draw"].to_pylist()) > 0  # some items were drawn again
    assert_rows_are_their_seeds_mazes(table)


def test_an_item_is_the_first_of_its_draws_that_passes():
    config = MazeConfig(6, 6, "wilson", endpoints="random")
    where = checked_where(config.schema(), {"solution_length": (14, None)})
    indices = np.arange(30, dtype=np.int64)
    kept = selected_rows(config, 9, indices, np.zeros(30, dtype=np.int64), where)
    for index, draw in zip(indices, kept["draw"].to_pylist(), strict=True):
        draws = np.arange(draw + 1, dtype=np.int64)
        tried = config.rows(9, np.full(draw + 1, index), draws)
        lengths = tried["solution_length"].to_pylist()
        assert lengths[-1] >= 14 and all(length < 14 for length in lengths[:-1])


@settings(max_examples=8, deadline=None)
@given(part_size=st.integers(1, 40), unique=st.booleans())
def test_selected_rows_do_not_depend_on_how_the_dataset_is_cut(tmp_path_factory, part_size, unique):
    folder = tmp_path_factory.mktemp("cut")
    config = MazeConfig(3, 3, "wilson", endpoints="random")
    options = {"where": {"solution_length": (3, None)}, "unique": unique}
    generate(config, 40, 6, folder / "whole.parquet", part_size=40, **options)
    generate(config, 40, 6, folder / "cut", part_size=part_size, **options)
    assert load(folder / "cut").equals(load(folder / "whole.parquet"))


def test_unique_leaves_no_two_mazes_alike_and_draws_only_duplicates_again(tmp_path):
    config = MazeConfig(3, 3, "binary-tree")  # 16 mazes in all: duplicates are sure
    plain = load_of(generate, config, tmp_path / "plain.parquet", unique=False)
    summary = generate(config, 14, 1, tmp_path / "u", part_size=4, unique=True)
    table = load(tmp_path / "u")
    keys = row_keys(table, config.content_columns)
    assert len(set(keys.tolist())) == 14 and summary.redrawn > 0
    first_keys = row_keys(plain, config.content_columns).tolist()
    final_keys = keys.tolist()
    for k, draw in enumerate(table["draw"].to_pylist()):
        # the rule: an item keeps its first maze unless an earlier item finally has it
        assert (draw == 0) == (first_keys[k] not in final_keys[:k])
    assert_rows_are_their_seeds_mazes(table)


def load_of(make, config, path, **options) -> pa.Table:
    make(config, 14, 1, path, part_size=4, **options)
    return load(path)


def test_unique_asks_no_more_than_the_configuration_makes(tmp_path):
    with pytest.raises(TilewrightError, match="fewer items"):
        generate(MazeConfig(3, 3, "binary-tree"), 30, 1, tmp_path / "u", unique=True)


def test_an_interrupted_unique_run_resumes_to_the_same_bytes(tmp_path, monkeypatch):
    from tilewright.datasets import part_files as on_disk

    config = MazeConfig(3, 3, "binary-tree")
    generate(config, 14, 1, tmp_path / "whole", part_size=4, unique=True)
    made = on_disk.make_part
    calls = []

    def dies_remaking(job):  # the first pass makes 4 parts; die while correcting them
        calls.append(job.task.number)
        if len(calls) == 6:
            raise KeyboardInterrupt
        return made(job)

    monkeypatch.setattr(on_disk, "make_part", dies_remaking)
    with pytest.raises(KeyboardInterrupt):
        generate(config, 14, 1, tmp_path / "cut", part_size=4, unique=True)
    assert not (tmp_path / "cut" / MANIFEST).exists()
    monkeypatch.setattr(on_disk, "make_part", made)
    generate(config, 14, 1, tmp_path / "cut", part_size=4, unique=True)
    whole = {p.name: p.read_bytes() for p in (tmp_path / "whole").iterdir()}
    assert {p.name: p.read_bytes() for p in (tmp_path / "cut").iterdir()} == whole


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ({"seed": (1, None)}, "cannot filter on 'seed'"),
        ({"algorithm": (1, None)}, "not a number column"),
        ({"nope": (1, None)}, "columns are"),
        ({"river": (float("nan"), None)}, "finite"),
        ({"river": (0.5, 0.1)}, "holds nothing"),
        ({"river": "high"}, "lowest, highest"),
    ],
)
def test_a_bad_filter_is_refused(where, message):
    with pytest.raises(TilewrightError, match=message):
        checked_where(MazeConfig(4, 4).schema(), where)


def test_a_filter_that_keeps_almost_nothing_is_refused(tmp_path):
    with pytest.raises(TilewrightError, match="loosen"):
        generate(
            MazeConfig(4, 4), 5, 1, tmp_path / "x.parquet", where={"solution_length": (100, None)}
        )
    assert not (tmp_path / "x.parquet").exists()


def run(capsys, *args: str) -> tuple[int, str]:
    return run_cli(capsys, "dataset", "mazes", *args)


def test_the_command_mixes_filters_and_removes_duplicates(tmp_path, capsys):
    out = str(tmp_path / "d")
    status, err = run(
        capsys,
        "5x5",
        "7x4",
        "-a",
        "wilson",
        "-a",
        "eller",
        "--join",
        "0.3",
        "--weights",
        "1,2,3,4",
        "--where",
        "solution_length>=6",
        "--unique",
        "--count",
        "50",
        "-s",
        "2",
        "--part-size",
        "20",
        "-o",
        out,
    )
    assert status == 0 and "50 mazes in 3 parts" in err
    table = load(out)
    eller = [
        json.loads(p)
        for a, p in zip(table["algorithm"].to_pylist(), table["params"].to_pylist(), strict=True)
        if a == "eller"
    ]
    assert eller and all(p["join"] == 0.3 for p in eller)
    assert min(table["solution_length"].to_pylist()) >= 6
    mix = Mixture(
        tuple(
            MazeConfig(w, h, a, {"join": 0.3} if a == "eller" else {})
            for w, h in ((5, 5), (7, 4))
            for a in ("wilson", "eller")
        ),
        (1, 2, 3, 4),
    )
    generate(
        mix,
        50,
        2,
        tmp_path / "api.parquet",
        part_size=20,
        where={"solution_length": (6, None)},
        unique=True,
    )
    assert table.equals(load(tmp_path / "api.parquet"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-a", "wilson", "-a", "kruskal", "--join", "0.4"], "none of the algorithms"),
        (["--weights", "1,2"], "needs several"),
        (["-a", "wilson", "-a", "kruskal", "--weights", "1,x"], "whole numbers"),
        (["-a", "wilson", "-a", "kruskal", "--weights", "1"], "needs 2 weights"),
        (["--where", "solution_length>>3"], "looks like"),
        (["--where", "seed>=3"], "cannot filter"),
        (["--where", "river<=" + "9" * 5000], "characters"),
    ],
)
def test_bad_mixture_or_filter_options_are_one_line_and_exit_2(
    tmp_path, capsys, monkeypatch, args, message
):
    monkeypatch.chdir(tmp_path)
    status, err = run(capsys, "5x5", "--count", "3", "-o", "x", *args)
    assert status == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x").exists()
