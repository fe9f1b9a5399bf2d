"""``core.colouring.proper_colours``: no two neighbours alike, never more colours than one
past the graph's degeneracy, on random graphs; bad neighbour lists refused."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.core.colouring import proper_colours


def neighbour_rows(n: int, pairs: list[tuple[int, int]]) -> np.ndarray:
    """The graph of ``pairs`` (loops and repeats dropped) as rows of neighbours, -1 padded."""
    lists: list[set[int]] = [set() for _ in range(n)]
    for a, b in pairs:
        if a != b:
            lists[a].add(b)
            lists[b].add(a)
    width = max((len(each) for each in lists), default=0)
    rows = np.full((n, max(width, 1)), -1, dtype=np.int64)
    for v, each in enumerate(lists):
        rows[v, : len(each)] = sorted(each)
    return rows


def degeneracy(rows: np.ndarray) -> int:
    """The largest least degree met while taking vertices of least degree out, naively."""
    left = set(range(len(rows)))
    most = 0
    while left:
        degree = {v: sum(1 for u in rows[v] if u in left) for v in left}
        v = min(left, key=degree.__getitem__)
        most = max(most, degree[v])
        left.remove(v)
    return most


graphs = st.integers(1, 40).flatmap(
    lambda n: st.tuples(
        st.just(n), st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=120)
    )
)


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_no_two_neighbours_alike_and_at_most_one_past_the_degeneracy(graph):
    n, pairs = graph
    rows = neighbour_rows(n, pairs)
    colours = proper_colours(rows)
    assert colours.shape == (n,) and colours.dtype == np.int8 and colours.min() >= 0
    for v in range(n):
        for u in rows[v]:
            assert u < 0 or colours[u] != colours[v]
    assert colours.max() <= degeneracy(rows)


def test_a_complete_graph_takes_one_colour_a_vertex_and_a_cycle_two():
    complete = np.array([[u for u in range(5) if u != v] for v in range(5)])
    assert sorted(proper_colours(complete).tolist()) == [0, 1, 2, 3, 4]
    even = np.array([[(v - 1) % 6, (v + 1) % 6] for v in range(6)])
    assert set(proper_colours(even).tolist()) <= {0, 1, 2}


@pytest.mark.parametrize(
    ("rows", "error", "message"),
    [
        (np.array([[1], [2], [0]]), ValueError, "one of its ends only"),
        (np.array([[0]]), ValueError, "its own neighbour"),
        (np.array([[5], [-1]]), ValueError, "out of range"),
        (np.array([[-2], [-1]]), ValueError, "out of range"),
        (np.array([0.5, 1.0]), TypeError, "2-D array of integers"),
        (np.array([[1.0], [0.0]]), TypeError, "2-D array of integers"),
    ],
)
def test_bad_neighbour_lists_are_refused(rows, error, message):
    with pytest.raises(error, match=message):
        proper_colours(rows)
