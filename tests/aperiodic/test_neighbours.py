"""The neighbours written beside each Spectre tile: the tile across each edge shares that
edge exactly, names the tile back, and is the same tile whatever the method, the threads
or the depth of the rows the walk starts with."""

import io
import json

import numpy as np
import pytest

from tilewright import TilewrightError
from tilewright.aperiodic import generate
from tilewright.aperiodic.spectre import stream as stream_module
from tilewright.aperiodic.spectre._step_kernels import LEVELS
from tilewright.aperiodic.spectre.patch import Found, ancestry_indices, chunks, patch_arrays
from tilewright.aperiodic.spectre.writers import text_rows


def written(patch, fmt: str, **options) -> bytes:
    sink = io.BytesIO()
    patch.write(sink, fmt, **options)
    return sink.getvalue()


def neighbour_rows(patch) -> list[dict]:
    return [json.loads(line) for line in written(patch, "jsonl", neighbours=True).splitlines()]


@pytest.mark.parametrize(("seed", "origin"), [(5, (-3.0, 2.0)), (2**62, (4000.5, -7000.25))])
def test_each_neighbour_shares_its_edge_exactly_and_names_the_tile_back(seed, origin):
    x, y = origin
    rows = neighbour_rows(generate(30, 24, seed, origin))
    # every tile within reach of the region's: the neighbours of its tiles among them
    around = generate(62, 56, seed, (x - 16, y - 16), method="bfs")
    vertices = {tile.id: tile.place.vertices() for tile in around}
    named = {row["id"]: row["neighbours"] for row in rows}
    for row in rows:
        mine = vertices[row["id"]]
        assert len(row["neighbours"]) == 14
        for k, name in enumerate(row["neighbours"]):
            theirs = vertices[name]
            edge = (mine[(k + 1) % 14], mine[k])  # the neighbour runs along it backwards
            entries = [j for j in range(14) if (theirs[j], theirs[(j + 1) % 14]) == edge]
            assert len(entries) == 1, (row["id"], k, name)
            if name in named:
                assert named[name][entries[0]] == row["id"]


def test_neighbours_are_the_same_by_any_method_thread_count_or_starting_depth(monkeypatch):
    patch = generate(150, 90, seed=8, origin=(-40, 25))
    line = written(patch, "csv", neighbours=True)
    assert line.splitlines()[0].endswith(b",n12,n13")
    assert written(patch, "csv", neighbours=True, threads=2) == line
    bfs = generate(150, 90, seed=8, origin=(-40, 25), method="bfs")
    assert sorted(written(bfs, "csv", neighbours=True).splitlines()) == sorted(line.splitlines())
    # rows that start one level deep: the walk deepens them as its searches need
    monkeypatch.setattr(stream_module, "START_DEPTH", 1)
    assert written(patch, "csv", neighbours=True) == line


def test_rows_too_shallow_for_a_neighbour_are_deepened_and_name_the_same_tiles():
    # A chunk's rows stand for its tiles with any number of levels at or above the highest
    # where they differ from the start tile's; a step across the side of the supertile of
    # those levels needs more (the walk's own rows always have enough, from its searches).
    tiling, found = patch_arrays(60, 60, seed=4)
    deep = next(chunks(tiling, found))
    ancestry = ancestry_indices(tiling, found.rows)
    # the tiles of the start tile's level-2 supertile, as rows of two levels
    two_levels = np.flatnonzero((found.rows[:, LEVELS + 5 :: 2] == ancestry[2:]).all(axis=1))
    assert len(two_levels) > 20
    picked = Found(found.rows[two_levels, : LEVELS + 4], found.turns[two_levels],
                   found.corners[two_levels])  # fmt: skip
    shallow = next(chunks(tiling, picked))
    expected = text_rows(deep, "jsonl", neighbours=True).splitlines()
    got = text_rows(shallow, "jsonl", neighbours=True).splitlines()
    assert got == [expected[i] for i in two_levels]
    crossing = [json.loads(row) for row in got]
    # some of those tiles have a neighbour outside the supertile ("0:" and 3 digits or more)
    assert any(len(name) > 4 for row in crossing for name in row["neighbours"])


def test_neighbours_are_refused_where_they_are_not_written():
    patch = generate(10, 10, seed=1)
    for fmt in ("svg", "geojson", "png"):
        with pytest.raises(TilewrightError, match="neighbours are written in csv and jsonl"):
            written(patch, fmt, neighbours=True)
    with pytest.raises(TypeError):
        written(patch, "csv", neighbours=1)
    assert written(patch, "csv", neighbours=False) == written(patch, "csv")
