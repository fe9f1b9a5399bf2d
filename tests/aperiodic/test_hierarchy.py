"""Far regions through the hierarchy: supertile poses, the search for a start tile, and
regions as far out as the limit, checked exactly."""

import io
import re
from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.aperiodic import generate, validate
from tilewright.aperiodic.exact import precise_difference, precise_xy
from tilewright.aperiodic.spectre import hierarchy, patch
from tilewright.aperiodic.spectre._tables import HEX_MAP
from tilewright.aperiodic.spectre.coordinates import Address, Tiling
from tilewright.aperiodic.spectre.geometry import CHILDREN, INSIDE, TYPES
from tilewright.aperiodic.spectre.patch import FAR_START, MAX_COORDINATE, Placed, start_place
from tilewright.aperiodic.spectre.stream import band_chunks, block_grid, line_chunks


@pytest.mark.parametrize("level", [1, 2, 3, 6])
def test_every_inside_edge_puts_a_sibling_where_the_poses_say(level):
    checked = 0
    for parent in TYPES:
        poses = hierarchy.child_poses(level, parent)
        for child in range(len(CHILDREN[parent])):
            for edge in range(6):
                kind, sibling, _ = HEX_MAP[parent][6 * child + edge]
                if kind != INSIDE:
                    continue
                found = hierarchy._sibling(level, parent, child, edge, poses[child])
                if found is not None:  # (a step from a corner may land in another sibling)
                    assert found[1] == poses[found[0]]
                    checked += found[0] == sibling
    assert checked > 9 * 8  # more edges than a spanning tree of each type's children


@pytest.mark.parametrize("parent", list(TYPES))
def test_chained_poses_place_each_tile_of_a_supertile_as_steps_do(parent):
    # every Spectre of a level-2 supertile, reached by steps from its anchor, lies where
    # the product of the poses down its address puts it, colours included
    tiling = Tiling(0)
    middle = CHILDREN[parent][0]
    anchor = Address(0, [CHILDREN[middle][0], middle, parent], [0, 0], 0, 1, 0)
    seen = {(0, (0, 0)): (anchor, Placed(0, (0, 0, 0, 0)))}
    queue = deque([anchor])
    while queue:
        here = queue.popleft()
        place = seen[(here.spectre, tuple(here.indices))][1]
        for edge in range(14):
            there, entry = tiling.step(here, edge)
            key = (there.spectre, tuple(there.indices))
            if len(there.types) == 3 and key not in seen:
                seen[key] = (there, place.across(edge, entry))
                queue.append(there)
    assert len(seen) > 40
    for address, place in seen.values():
        turn, corner, roles = hierarchy.chain(address, 2)
        assert (turn, corner) == (place.turn, place.corner)
        assert roles == hierarchy.colour_roles(address)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.floats(-MAX_COORDINATE, MAX_COORDINATE),
    st.floats(-MAX_COORDINATE, MAX_COORDINATE),
)
def test_the_search_ends_near_any_target(seed, x, y):
    tiling = Tiling(seed)
    start = start_place(tiling)
    locator = hierarchy.Locator(
        tiling, (start.turn, start.corner, hierarchy.colour_roles(tiling.start))
    )
    address, (_, corner, _) = locator.near((x, y))
    cx, cy = precise_xy(corner)
    assert abs(cx - x) <= FAR_START and abs(cy - y) <= FAR_START
    assert len(address.types) <= 50  # levels: logarithmic in the distance


def _tiles(width, height, seed, origin, method):
    found = set()
    for chunk in generate(width, height, seed, origin, method).chunks():
        columns = (chunk.ids, chunk.turn.tolist(), chunk.corners.tolist(), chunk.colour.tolist())
        rows = zip(*columns, strict=True)
        found |= {(name, turn, tuple(xy), colour) for name, turn, xy, colour in rows}
    return found


@pytest.mark.parametrize(
    ("seed", "origin", "method"),
    [(3, (5000.3, -4200.7), "bfs"), (7, (-9000, 12000), "line"), (11, (20000.5, 0), "line")],
)
def test_a_far_start_finds_the_tiles_the_walk_from_the_centre_does(
    seed, origin, method, monkeypatch
):
    far = _tiles(150, 120, seed, origin, method)
    monkeypatch.setattr(patch, "NEAR", 1e9)  # walk there from the centre, as before
    assert far == _tiles(150, 120, seed, origin, method)


@pytest.mark.parametrize("origin", [(1e15, -1e15), (-(2.0**50), 2.0**50 - 30), (3e9 + 0.4, 7.5)])
def test_regions_far_out_are_patches(origin):
    line = generate(30, 25, 4, origin)
    assert validate(line) is None
    assert {t.id for t in line} == {t.id for t in generate(30, 25, 4, origin, "bfs")}


def test_bands_far_out_partition_the_region():
    width, height, origin = 150.0, 300.0, (-7e13, 2e11)
    whole = [name for chunk in line_chunks(width, height, 9, origin) for name in chunk.ids]
    rows = block_grid(width, height, origin)[1]
    bands = [(0, 1), (1, rows)]
    parts = [n for r in bands for c in band_chunks(width, height, 9, r, origin) for n in c.ids]
    assert parts == whole and len(set(whole)) == len(whole)


def test_text_far_out_has_every_digit():
    # the numbers of a region at the limit take the most bytes a row can hold
    origin = (-MAX_COORDINATE, MAX_COORDINATE - 6)
    made = generate(6, 6, 2, origin)
    sink = io.BytesIO()
    made.write(sink, "csv")
    lines = sink.getvalue().decode().splitlines()[1:]
    xy = np.concatenate([chunk.xy.reshape(len(chunk), 28) for chunk in made.chunks()])
    assert len(lines) == len(xy) > 0
    for line, numbers in zip(lines, xy, strict=True):
        assert line.split(",")[3:] == [f"{v:.6f}" for v in numbers]


def test_far_pictures_are_drawn_from_exact_numbers():
    """Far out a tile's own floats step by an eighth of an edge; drawn from a vertex near
    the region, each edge is a unit long and each tile where exact arithmetic puts it."""
    origin = (1e15, -1e15)
    made = generate(12, 8, 4, origin)
    plain, compact = io.BytesIO(), io.BytesIO()
    made.write(plain, "svg", plain=True)
    made.write(compact, "svg")
    paths = re.findall(r'<path d="M[^l]+l([^z]+)z', plain.getvalue().decode())
    steps = np.array([float(v) for path in paths for v in path.split()]).reshape(-1, 2)
    assert len(paths) == len(made) and np.allclose(np.hypot(*steps.T), 1.0, atol=3e-6)
    placed = re.findall(
        r'<use xlink:href="#s\d+" x="([^"]+)" y="([^"]+)"', compact.getvalue().decode()
    )
    exact = [
        (-precise_difference(origin[0], tile.place.corner, 0),
         -precise_difference(origin[1], tile.place.corner, 1))
        for tile in made
    ]  # fmt: skip
    assert np.allclose(np.array(placed, dtype=float), exact, atol=2e-6)


def test_the_search_takes_a_few_steps_a_level(monkeypatch):
    # logarithmic: the steps across supertile edges grow with the levels, not the distance
    steps = []
    for distance in (1e6, 1e15):
        tiling = Tiling(21)
        counted = [0]
        step_hex = tiling.step_hex

        def counting(*args, counted=counted, step_hex=step_hex):
            counted[0] += 1
            return step_hex(*args)

        monkeypatch.setattr(tiling, "step_hex", counting)
        start = start_place(tiling)
        roles = hierarchy.colour_roles(tiling.start)
        address, _ = hierarchy.Locator(tiling, (start.turn, start.corner, roles)).near(
            (distance, -distance / 3)
        )
        steps.append((counted[0], len(address.types)))
    (near_steps, near_levels), (far_steps, far_levels) = steps
    assert far_levels > near_levels + 15
    assert far_steps < 6 * 4 * far_levels  # a few hops of six looks at each level
    assert far_steps / far_levels < 2 * near_steps / near_levels
