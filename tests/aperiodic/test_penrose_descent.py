"""Penrose patches by the descent (``method="line"``): exactly the breadth-first search's
tiles, ids, types, turns and corners, each once, for any seed and region near the centre
or off it; far regions, which the search cannot reach, checked from their tiles alone;
and ``tilewright penrose --method``."""

import hashlib
import io
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.aperiodic.test_penrose_family import SHAPES, clipped_area, corners_in_tenths
from tests.helpers import run_binary
from tilewright.aperiodic.penrose import descent
from tilewright.aperiodic.penrose.patch import start_corners
from tilewright.aperiodic.penrose.region import find, start_of
from tilewright.aperiodic.penrose.substitution import child_corners, parent_corners
from tilewright.aperiodic.penrose.tables import PARENTS
from tilewright.aperiodic.penrose.tiling import generate_penrose

tilings = st.sampled_from(["p2", "p3"])
seeds = st.integers(0, 2**40)


def thousandths(low: float, high: float):
    return st.integers(round(low * 1000), round(high * 1000)).map(lambda n: n / 1000)


# (x0, y0, x1, y1): small and large, about the centre and well away from it
regions = st.tuples(
    thousandths(0.5, 25), thousandths(0.5, 25), thousandths(-80, 80), thousandths(-80, 80)
).map(lambda r: (r[2], r[3], r[2] + r[0], r[3] + r[1]))


def rows(found) -> dict[str, tuple]:
    """Each tile by id: its type, turn and exact corners."""
    exact = found.exact.tolist()
    return {
        name: (int(found.kind[k]), int(found.turn[k]), exact[k]) for k, name in enumerate(found.ids)
    }


@settings(max_examples=150, deadline=None)
@given(tilings, seeds, regions)
def test_the_descent_finds_the_search_s_tiles(tiling, seed, region):
    searched, descended = find(seed, tiling, region), find(seed, tiling, region, "line")
    assert len(set(descended.ids)) == len(descended)  # no tile twice
    assert rows(descended) == rows(searched)  # and every one the search finds


@settings(max_examples=30, deadline=None)
@given(tilings, seeds, regions)
def test_the_descent_s_neighbours_are_the_search_s(tiling, seed, region):
    x0, y0, x1, y1 = region
    by_line = generate_penrose(x1 - x0, y1 - y0, seed, (x0, y0), tiling, "line")
    by_search = generate_penrose(x1 - x0, y1 - y0, seed, (x0, y0), tiling)
    searched = dict(zip((t.id for t in by_search), by_search.neighbours(), strict=True))
    for tile, across in zip(by_line, by_line.neighbours(), strict=True):
        assert across == searched[tile.id]


def test_every_child_sits_in_its_parent_and_back():
    # any triangle of the right shape: the start triangle of each letter, at several turns
    for child, parents in PARENTS.items():
        for turn in (0, 3, 7):
            corners = start_corners(child, turn, 1)
            for parent in parents:
                above = parent_corners(parent, child, corners)
                assert child_corners(parent, child, above) == corners


far_places = st.sampled_from([1e6, -1e6, 3.5e7, 1e9, -1e9])


@settings(max_examples=20, deadline=None)
@given(tilings, seeds, far_places, far_places, thousandths(1, 6), thousandths(1, 6))
def test_far_regions_are_tiled_exactly_once(tiling, seed, x, y, width, height):
    patch = generate_penrose(width, height, seed, (x, y), tiling, "line")
    tiles = list(patch)
    assert tiles and len({t.id for t in tiles}) == len(tiles)
    for tile in tiles:
        assert corners_in_tenths(tile.exact) == SHAPES[tile.type]
    # measured from the region's corner: the floats keep a tile's shape there to 1e-6
    box = (0.0, 0.0, width, height)
    areas = [clipped_area(t.xy - (x, y), box) for t in tiles]
    assert min(areas) > 0
    assert math.isclose(math.fsum(areas), width * height, rel_tol=1e-5)


def test_a_far_region_starts_a_few_dozen_levels_up_from_a_few_triangles():
    start = start_of(7, "p2")
    level, tops = descent.top_triangles(
        start.ancestry, start.turn, start.start_vertex, (1e9, 1e9, 1e9 + 300, 1e9 + 300)
    )
    assert level < 50 and len(tops) < 20


def test_the_line_order_is_fixed():
    # the order of the descent, pinned as the search's is by the golden hashes
    sink = io.BytesIO()
    generate_penrose(10, 10, 1, (0, 0), "p3", "line").write(sink, "csv")
    digest = hashlib.sha256(sink.getvalue()).hexdigest()
    assert digest == "1c215d573ccf8fed558695ba34fc9eb506d9c5232c9ad131a8ac6998e0450030"
    searched = io.BytesIO()
    generate_penrose(10, 10, 1, (0, 0), "p3").write(searched, "csv")
    assert sorted(sink.getvalue().splitlines()) == sorted(searched.getvalue().splitlines())


def test_the_command_takes_a_method(capsysbinary):
    args = ["penrose", "6x5", "-s", "4", "--origin", "-3,2", "-f", "jsonl", "--tiling", "p2"]
    status, by_search, err = run_binary(capsysbinary, *args)
    assert status == 0, err
    status, by_line, err = run_binary(capsysbinary, *args, "--method", "line")
    assert status == 0, err
    assert sorted(by_line.splitlines()) == sorted(by_search.splitlines())
    sink = io.BytesIO()
    generate_penrose(6, 5, 4, (-3, 2), "p2", "line").write(sink, "jsonl")
    assert by_line == sink.getvalue()


def test_the_command_reaches_far_by_the_line_method_only(capsysbinary):
    far = ["penrose", "5x5", "-s", "1", "--origin", "1000000000,-1000000000", "-f", "csv"]
    status, out, err = run_binary(capsysbinary, *far)  # the default: the descent
    assert status == 0, err
    assert out.count(b"\n") > 10
    status, _, err = run_binary(capsysbinary, *far, "--method", "bfs")
    assert status == 2 and err.count("\n") == 1 and "line method" in err
    status, _, err = run_binary(capsysbinary, "penrose", "5x5", "--method", "dfs", "-f", "csv")
    assert status == 2 and "dfs" in err


def test_a_patch_by_the_descent_records_its_method():
    patch = generate_penrose(4, 4, 2)  # the default: the descent
    assert patch.info["method"] == "line"
    searched = generate_penrose(4, 4, 2, (0, 0), "p3", "bfs")
    assert "method" not in searched.info
    assert np.array_equal(
        np.sort(np.array([t.id for t in patch])), np.sort(np.array([t.id for t in searched]))
    )
