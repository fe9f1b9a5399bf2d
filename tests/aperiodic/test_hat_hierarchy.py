"""Far hat regions: the hierarchy's poses against the walk, the search, and far patches."""

import hashlib
import io
import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.aperiodic.hat import _kernels as kernels
from tilewright.aperiodic.hat import walk as hat_walk
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import TYPES
from tilewright.aperiodic.hat.hierarchy import (
    HAT_REACH,
    IDENTITY,
    SLACK,
    hat_units,
    kites_in_metatile,
    locate,
    poses,
    start_pose,
)
from tilewright.aperiodic.hat.tiling import HAT_MAX_COORDINATE, generate_hats
from tilewright.aperiodic.hat.validation import validate_hats
from tilewright.aperiodic.hat.walk import DEPTH, found_batches, region_frame
from tilewright.core.errors import TilewrightError


def _placed(tiling, types, indices, hat, kite, top):
    """Where the hierarchy puts an address: its kite (pointy end, direction) and its
    kitemap's colours, composed down from the start's level-``top`` ancestor (the address
    shares the levels from ``top`` up with the ancestry)."""
    pose = start_pose(tiling, top)
    for k in range(top, 0, -1):
        if k == 1:
            colours = pose.colours
        pose = pose.then(poses(k - 1)[TYPES[types[k]]][indices[k - 1]])
    pose = pose.then(kites_in_metatile()[TYPES[types[0]]][hat][kite])
    return pose.shift, pose.turn, colours


def _walker(tiling):
    tiling.grow(DEPTH + 1)
    types = np.array([TYPES.index(t) for t in tiling.ancestry.types[: DEPTH + 1]], np.int64)
    indices = np.array(tiling.ancestry.indices[:DEPTH], np.int64)
    walker = np.array([0, tiling.start.hat, 0, 0, tiling.start_turn, 0, 1, 2], np.int64)
    return types, indices, walker, np.zeros((DEPTH, 5), np.int64)


def test_every_overlap_agrees_at_every_level():
    """``poses`` raises when two names of one metatile would lie apart, or a child is out
    of reach: 48 levels reach far past 2⁵⁰ hat units."""
    for level in range(48):
        table = poses(level)
        assert all(table[t][0] == IDENTITY or level == 0 for t in TYPES)
    assert poses(0)["H"][0].shift == (0, 0)


@settings(max_examples=25)
@given(
    st.integers(0, 10**6),
    st.lists(st.tuples(st.integers(-200, 200), st.integers(-200, 200)), min_size=1, max_size=4),
    st.lists(st.integers(0, 3), max_size=12),
)
def test_walked_kites_lie_where_the_hierarchy_puts_them(seed, hexagons, moves):
    """The compiled walk tracks each kite's place, direction and colours move by move;
    the hierarchy computes them from the address alone. They must agree everywhere."""
    tiling = HatTiling(seed)
    types, indices, walker, saved = _walker(tiling)
    for a, b in hexagons:
        assert kernels.go_to(types, indices, walker, saved, a, b)
        for move in moves:
            assert kernels.step(types, indices, walker, move, saved)
        kite, j, colours = _placed(tiling, types, indices, walker[1], walker[0], DEPTH - 2)
        assert (kite, j, colours) == ((walker[2], walker[3]), walker[4], tuple(walker[5:8]))


@settings(max_examples=60)
@given(st.integers(0, 2**40), st.floats(0, 50.0), st.floats(0, 2 * math.pi))
def test_the_search_finds_a_hat_at_any_point_out_to_the_limit(seed, exponent, angle):
    distance = min(2.0**exponent, HAT_MAX_COORDINATE)
    target = (distance * math.cos(angle), distance * math.sin(angle))
    tiling = HatTiling(seed)
    found = locate(tiling, target)
    assert abs(hat_units(found.kite[0]) - complex(*target)) <= HAT_REACH + SLACK
    # the address is one of the tiling's, and names the kite found with its colours
    top = len(found.indices)
    kite, j, colours = _placed(tiling, found.types, found.indices, found.hat, 0, top)
    assert (kite, j, colours) == (found.kite[0], found.kite[1], found.colours)
    assert top <= 48


@settings(max_examples=30)
@given(
    st.integers(0, 10**4),
    st.floats(-3000, 3000),
    st.floats(-3000, 3000),
    st.floats(0.5, 40),
    st.floats(0.5, 40),
    st.booleans(),
)
def test_a_located_start_walks_the_same_hats_as_the_walk_from_the_centre(
    seed, x, y, width, height, neighbours
):
    """Ids, types, indices, colours, places and neighbours, in the same order."""
    box = (x, y, x + width, y + height)
    walked = np.concatenate(list(found_batches(HatTiling(seed), box, neighbours)))
    near, hat_walk.NEAR = hat_walk.NEAR, -1.0
    try:
        assert region_frame(box).far
        located = np.concatenate(list(found_batches(HatTiling(seed), box, neighbours)))
    finally:
        hat_walk.NEAR = near
    assert np.array_equal(located, walked)


@pytest.mark.parametrize(
    ("seed", "origin"),
    [(3, (1e15, -1e15)), (8, (-(2.0**50) + 40, 2.0**50 - 40)), (5, (1e12, 3e11)), (2, (1e8, 0))],
)
def test_far_patches_are_exact_hat_tilings(seed, origin):
    patch = generate_hats(30, 25, seed, origin)
    assert 60 < len(patch) < 95
    assert validate_hats(patch, patch.region) is None


def test_far_pictures_draw_the_shapes_near_ones_draw():
    """Each (turn, mirrored) shape an SVG defines is drawn from exact small numbers: far
    out the same path as at the centre (absolute floats there bend every edge)."""

    def shapes(origin):
        sink = io.BytesIO()
        generate_hats(60, 40, 3, origin).write(sink, "svg")
        return dict(re.findall(r'<path id="(h\d+m?)" d="([^"]+)"', sink.getvalue().decode()))

    near, far = shapes((0, 0)), shapes((1e15, -1e15))
    assert far and all(near.get(name, d) == d for name, d in far.items())
    assert len(set(far) & set(near)) >= 6


def test_a_far_regions_csv_is_pinned():
    sink = io.BytesIO()
    generate_hats(20, 15, seed=3, origin=(1e15, -1e15)).write(sink, "csv", neighbours=True)
    text = sink.getvalue()
    assert text.count(b"\n") > 30
    assert hashlib.sha256(text).hexdigest()[:16] == GOLDEN_CSV_1E15_SEED_3


GOLDEN_CSV_1E15_SEED_3 = "2f6251eb0fcd461d"


def test_regions_past_the_limit_or_too_thin_for_the_floats_are_refused():
    with pytest.raises(TilewrightError, match=r"within 1125899906842624 "):
        generate_hats(10, 10, 1, (2.0**51, 0))
    with pytest.raises(TilewrightError, match="steps of the floats"):
        generate_hats(0.5, 10, 1, (1e15, 0))
