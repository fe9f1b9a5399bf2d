"""Joining segments into polylines: every segment exactly once, as few polylines as the
graph allows, and SVG path data / JSON lists that read back to the same points."""

import itertools
import json
import re
from collections import Counter

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core.polylines import coordinate_lists, join_segments, path_data


def walked(ptr: np.ndarray, ids: np.ndarray) -> Counter:
    """The segments the polylines walk, as a multiset of unordered pairs."""
    steps: Counter = Counter()
    for p in range(len(ptr) - 1):
        line = ids[ptr[p] : ptr[p + 1]].tolist()
        assert len(line) >= 2, "a polyline walks at least one segment"
        for a, b in itertools.pairwise(line):
            steps[(min(a, b), max(a, b))] += 1
    return steps


def least_polylines(segments: np.ndarray) -> int:
    """Reference, in plain Python: per connected piece max(1, odd vertices / 2)."""
    parent: dict[int, int] = {}

    def find(v: int) -> int:
        parent.setdefault(v, v)
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    degree: Counter = Counter()
    for a, b in segments.tolist():
        degree[a] += 1
        degree[b] += 1
        parent[find(a)] = find(b)
    odd: Counter = Counter()
    pieces = {find(v) for v in degree}
    for v, d in degree.items():
        odd[find(v)] += d % 2
    return sum(max(1, odd[piece] // 2) for piece in pieces)


segment_lists = st.integers(1, 12).flatmap(
    lambda v: st.lists(st.tuples(st.integers(0, v - 1), st.integers(0, v - 1)), max_size=60)
)


@given(segment_lists, st.data())
def test_every_segment_is_walked_exactly_once_by_the_fewest_polylines(pairs, data):
    segments = np.array(pairs, dtype=np.int32).reshape(-1, 2)
    mask = np.array(data.draw(st.lists(st.booleans(), min_size=len(pairs), max_size=len(pairs))))
    mask = mask.astype(bool).reshape(-1)
    ptr, ids = join_segments(segments, mask)
    chosen = segments[mask]
    assert ptr[0] == 0 and ptr[-1] == len(ids) and np.all(np.diff(ptr) >= 2)
    assert walked(ptr, ids) == Counter((min(a, b), max(a, b)) for a, b in chosen.tolist())
    assert len(ptr) - 1 == (least_polylines(chosen) if len(chosen) else 0)
    # the vertices walked are exactly the selected segments' ends, in ids of the input
    assert ids.dtype == np.int32 and set(ids.tolist()) == set(chosen.ravel().tolist())


def test_a_cycle_is_one_closed_polyline_and_a_path_one_open_one():
    cycle = np.array([[0, 1], [1, 2], [2, 3], [3, 0]])
    ptr, ids = join_segments(cycle)
    assert len(ptr) == 2 and ids[0] == ids[-1] and len(ids) == 5
    path = np.array([[2, 1], [0, 1], [2, 3]])
    ptr, ids = join_segments(path)
    assert sorted([ids[0], ids[-1]]) == [0, 3] and len(ids) == 4


def test_a_large_grid_of_segments_joins_in_one_pass():
    # the walls of a 300x300 lattice, a tenth left out at random
    side = 301
    index = np.arange(side * side).reshape(side, side)
    segments = np.concatenate(
        [
            np.stack([index[:, :-1].ravel(), index[:, 1:].ravel()], axis=1),
            np.stack([index[:-1].ravel(), index[1:].ravel()], axis=1),
        ]
    )
    mask = np.random.default_rng(1).random(len(segments)) < 0.9
    ptr, ids = join_segments(segments, mask)
    degree = np.bincount(segments[mask].ravel(), minlength=side * side)
    assert len(ptr) - 1 == max(1, int((degree % 2).sum()) // 2)  # connected: a reference
    # consecutive ids are segments (a vectorised check of the whole walk)
    starts = np.ones(len(ids), dtype=bool)
    starts[ptr[:-1]] = False
    steps = np.sort(np.stack([ids[:-1], ids[1:]], axis=1)[starts[1:]], axis=1)
    key = steps[:, 0].astype(np.int64) * side * side + steps[:, 1]
    chosen = np.sort(segments[mask], axis=1)
    expected = chosen[:, 0].astype(np.int64) * side * side + chosen[:, 1]
    assert np.array_equal(np.sort(key), np.sort(expected))


def test_no_segments_make_no_polylines():
    ptr, ids = join_segments(np.zeros((0, 2), dtype=np.int64))
    assert ptr.tolist() == [0] and len(ids) == 0
    ptr, ids = join_segments(np.array([[0, 1]]), np.array([False]))
    assert ptr.tolist() == [0] and len(ids) == 0


@pytest.mark.parametrize(
    ("segments", "mask", "error"),
    [
        (np.array([[0.0, 1.0]]), None, TypeError),
        (np.array([[0, 1, 2]]), None, TilewrightError),
        (np.array([[-1, 1]]), None, TilewrightError),
        (np.array([[0, 1]]), np.array([1]), TypeError),
        (np.array([[0, 1]]), np.array([True, False]), TilewrightError),
    ],
)
def test_bad_segments_are_refused(segments, mask, error):
    with pytest.raises(error):
        join_segments(segments, mask)


def test_vertex_ids_past_num_vertices_are_refused():
    with pytest.raises(TilewrightError, match="0 to 2"):
        join_segments(np.array([[0, 3]]), num_vertices=3)


@given(
    st.lists(st.tuples(st.integers(-(10**6), 10**6), st.integers(-(10**6), 10**6)), min_size=3),
    st.booleans(),
)
def test_path_data_reads_back_to_the_points(points, close):
    xy = np.array(points, dtype=np.float64) / 100
    ids = np.arange(len(points) + close, dtype=np.int32) % len(points)  # closed: back to 0
    data = path_data(np.array([0, len(ids)]), ids, xy, decimals=2)
    assert re.fullmatch(r"M[-0-9. ]+L[-0-9. ]+Z?", data)
    numbers = [float(value) for value in re.findall(r"-?[0-9.]+", data)]
    assert data.endswith("Z") == close
    assert np.array_equal(np.array(numbers).reshape(-1, 2), xy)


def test_coordinate_lists_are_json():
    xy = np.array([[0.5, -1.25], [3.0, 4.0], [1e-7, 2.0]])
    text, offsets = coordinate_lists(np.array([0, 3, 5]), np.array([0, 1, 2, 1, 0]), xy)
    first = json.loads(text[offsets[0] : offsets[1]])
    second = json.loads(text[offsets[1] : offsets[2]])
    assert first == [[0.5, -1.25], [3, 4], [0, 2]] and second == [[3, 4], [0.5, -1.25]]
