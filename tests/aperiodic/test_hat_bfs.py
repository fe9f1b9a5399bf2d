"""The hat's breadth-first method: exactly the line walk's hats, each once, in an order of
its own; refused where it cannot apply or would not fit."""

import io
import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cli.test_hat_cli import run
from tilewright.aperiodic import generate_hats, validate_hats
from tilewright.aperiodic.hat import _bfs_kernels as bfs_kernels
from tilewright.aperiodic.hat import bfs as hat_bfs
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import (
    HAT_KITES,
    UNITS,
    Placement,
    hat_kites,
    mirrored_kite,
    moved,
)
from tilewright.aperiodic.hat.walk import found_batches
from tilewright.core import memory
from tilewright.core.errors import TilewrightError


def line_hats(seed, box, neighbours=False):
    return np.concatenate(list(found_batches(HatTiling(seed), box, neighbours)))


def bfs_hats(seed, box, neighbours=False):
    found = hat_bfs.breadth_first(HatTiling(seed), box, neighbours)
    batches = list(found.batches(neighbours))
    return np.concatenate(batches) if batches else np.zeros((0, 48 if neighbours else 6), int)


def by_hexagon(hats):
    """The hats in the line walk's order: by row of hexagons b, then hexagon a."""
    return hats[np.lexsort((hats[:, 0] // 6, hats[:, 1] // 6))]


def assert_same_hats(seed, box, neighbours=False):
    line, bfs = line_hats(seed, box, neighbours), bfs_hats(seed, box, neighbours)
    ids = {tuple(row) for row in (bfs[:, :3] // (6, 6, 1)).tolist()}
    assert len(ids) == len(bfs), "a hat found twice"
    assert (by_hexagon(bfs) == line).all() and bfs.shape == line.shape
    return bfs


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 2**63 - 1),
    st.floats(-400, 400),
    st.floats(-400, 400),
    st.floats(0.01, 60),
    st.floats(0.01, 60),
    st.booleans(),
)
def test_the_search_finds_the_line_walks_hats(seed, x, y, width, height, neighbours):
    """The same ids, types, indices, colours and places (and neighbours), each once:
    sorted by hexagon, the breadth-first rows are the line walk's, column for column."""
    assert_same_hats(seed, (x, y, x + width, y + height), neighbours)


@pytest.mark.parametrize(
    ("seed", "box"),
    [
        (2, (0.3, 0.2, 0.30001, 0.5)),  # tiny: one hat
        (5, (10.0, 10.0, 10.001, 10.001)),
        (6, (-300.0, 7.5, 300.0, 7.52)),  # thin, across and up
        (7, (-41.25, -500.0, -41.2, 500.0)),
        (9, (-2000.5, -1300.25, -1950.0, -1280.0)),  # below and left of the centre
        (11, (4096.5, -4500.0, 4130.0, -4470.0)),  # far enough to start from a located kite
        (4, (1e12, -1e12, 1e12 + 30, -1e12 + 20)),
    ],
)
@pytest.mark.parametrize("neighbours", [False, True])
def test_tiny_thin_and_offset_regions(seed, box, neighbours):
    assert len(assert_same_hats(seed, box, neighbours)) >= 1


def test_the_order_is_breadth_first_from_the_line_walks_first_hat():
    box = (-20.0, -15.0, 60.0, 45.0)
    bfs, line = bfs_hats(3, box, neighbours=True), line_hats(3, box)
    assert (bfs[0, :6] == line[0]).all() and not (bfs[:, :6] == line).all()
    # each hat after the first is across an edge from one before it
    names = [tuple(row) for row in (bfs[:, :3] // (6, 6, 1)).tolist()]
    earlier = {names[0]}
    for name, row in zip(names[1:], bfs[1:].tolist(), strict=True):
        across = {tuple(row[6 + 3 * k : 9 + 3 * k]) for k in range(14)}
        assert across & earlier, name
        earlier.add(name)


def test_a_small_ring_and_a_small_room_grow_to_the_same_hats(monkeypatch):
    box = (-50.0, -30.0, 50.0, 40.0)
    expected = bfs_hats(8, box, neighbours=True)
    monkeypatch.setattr(hat_bfs, "RING", 2)  # the ring of addresses grows, often
    monkeypatch.setattr(hat_bfs, "_capacity", lambda box: 3)  # and the search starts again
    assert (bfs_hats(8, box, neighbours=True) == expected).all()


def test_a_region_no_hat_meets_has_no_hats():
    # a region this small has less than hat_walk.MEETS of area in any hat
    box = (0.5, 0.5, 0.5 + 1e-5, 0.5 + 1e-5)
    assert len(line_hats(1, box)) == 0 and len(bfs_hats(1, box)) == 0
    assert len(bfs_hats(1, box, neighbours=True)) == 0
    assert len(generate_hats(1e-5, 1e-5, 1, (0.5, 0.5), method="bfs")) == 0


@pytest.mark.parametrize(
    ("width", "height", "origin"), [(40, 30, (0, 0)), (25, 60, (-1000.5, 333.25))]
)
def test_breadth_first_patches_validate(width, height, origin):
    patch = generate_hats(width, height, 13, origin, method="bfs")
    tiles = list(patch)
    assert validate_hats(tiles, patch.region) is None
    assert len({tile.id for tile in tiles}) == len(tiles) == len(patch)


def test_the_kite_tables_agree_with_the_geometry():
    """``KITES`` is each placed hat's kites from its kite 0; ``BACK`` takes each kite of a
    hat to its kite 0."""
    for j in range(6):
        for reflected in (0, 1):
            kites = bfs_kernels.KITES[j, reflected].tolist()
            assert kites[0] == [0, 0, j]
            turn = (j + 1) % 6 if reflected else j
            placed = hat_kites(Placement((0, 0), UNITS[turn], bool(reflected)))
            assert [[x, y, d] for (x, y), d in placed] == kites
    for reflected in (0, 1):
        for number, kite in enumerate(HAT_KITES):
            kite = mirrored_kite(kite) if reflected else kite
            for move in bfs_kernels.BACK[reflected, number]:
                if move >= 0:
                    kite = moved(kite, int(move))
            first = mirrored_kite(HAT_KITES[0]) if reflected else HAT_KITES[0]
            assert kite == first


def test_text_is_the_line_walks_once_sorted():
    line, bfs = generate_hats(30, 25, 4, (-7.5, 3)), generate_hats(30, 25, 4, (-7.5, 3), "bfs")
    for fmt, neighbours in [("csv", False), ("csv", True), ("jsonl", True)]:
        texts = []
        for patch in (line, bfs):
            sink = io.BytesIO()
            patch.write(sink, fmt, neighbours=neighbours)
            texts.append(sink.getvalue().splitlines(keepends=True))
        assert texts[0] != texts[1]
        if fmt == "csv":  # the header first
            assert texts[0][0] == texts[1][0]
        assert sorted(texts[0]) == sorted(texts[1])


def test_the_method_is_recorded_only_when_it_is_not_the_line():
    assert "method" not in generate_hats(10, 10, 1).info
    patch = generate_hats(10, 10, 1, method="bfs")
    assert patch.info["method"] == "bfs" and patch.method == "bfs"
    sink = io.BytesIO()
    patch.write(sink, "geojson")
    assert json.loads(sink.getvalue())["tilewright"]["method"] == "bfs"


def test_bad_methods_and_what_bfs_cannot_do_are_refused():
    with pytest.raises(TilewrightError, match="method is one of line, bfs"):
        generate_hats(10, 10, 1, method="dfs")
    with pytest.raises(TypeError, match="method must be text"):
        generate_hats(10, 10, 1, method=None)
    with pytest.raises(TilewrightError, match="by the line method"):
        generate_hats(10, 10, 1, method="bfs").write(io.BytesIO(), "csv", threads=2)


def test_a_search_too_large_for_memory_is_refused_before_it_starts(monkeypatch):
    monkeypatch.setattr(memory, "available_bytes", lambda: 1 << 30)
    with pytest.raises(TilewrightError, match="breadth-first hat patch of 1e\\+06x1e\\+06"):
        generate_hats(10**6, 10**6, 1, method="bfs")
    # the line walk is bounded, and the neighbours' ids are counted in when asked for
    assert generate_hats(10**6, 10**6, 1).method == "line"
    hat_bfs.check_memory((0, 0, 8000, 8000))
    with pytest.raises(TilewrightError, match="memory"):
        hat_bfs.check_memory((0, 0, 8000, 8000), neighbours=True)


def test_the_command_line_writes_the_same_hats_by_either_method(capsysbinary):
    args = ("20x15", "-s", "8", "--origin", "3,-4", "-f", "csv", "--neighbours")
    status, line, _ = run(capsysbinary, *args)
    assert status == 0
    status, bfs, err = run(capsysbinary, *args, "--method", "BFS")
    assert status == 0 and err == "" and line != bfs
    assert sorted(line.splitlines()) == sorted(bfs.splitlines())
    status, svg, _ = run(capsysbinary, "10x10", "-s", "1", "--method", "bfs")
    assert status == 0 and b'"method":"bfs"' in svg
    status, svg, _ = run(capsysbinary, "10x10", "-s", "1")
    assert status == 0 and b'"method"' not in svg


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("-f", "parquet", "-o", "{folder}/hats", "--method", "bfs"), "drop --method"),
        (("-f", "csv", "--threads", "2", "--method", "bfs"), "drop --method"),
        (("--method", "dfs"), "choose from line, bfs"),
        (("--method", "bsf"), "did you mean bfs?"),
    ],
)
def test_the_command_line_refuses_bfs_where_it_cannot_apply(capsysbinary, tmp_path, args, says):
    args = [arg.format(folder=tmp_path) for arg in args]
    status, out, err = run(capsysbinary, "10x10", "-s", "1", *args)
    assert status == 2 and out == b""
    assert err.count("\n") == 1 and says in err, err
    assert list(tmp_path.iterdir()) == []


def test_the_command_line_refuses_a_search_too_large_for_memory(capsysbinary, monkeypatch):
    monkeypatch.setattr(memory, "available_bytes", lambda: 1 << 30)
    status, out, err = run(capsysbinary, "1000000x1000000", "--method", "bfs", "-f", "csv")
    assert status == 2 and out == b"" and err.count("\n") == 1
    assert "memory" in err and "seed" not in err  # refused before a seed is drawn
