"""Spectre tilings: the data, the derived tables, the step, and patches checked edge by edge."""

import collections
import json
import math
import tracemalloc

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.aperiodic import generate
from tilewright.aperiodic.exact import sub, to_xy, unit
from tilewright.aperiodic.patch import clipped_area
from tilewright.aperiodic.spectre import _tables as _spectre_tables
from tilewright.aperiodic.spectre import make_tables, writers
from tilewright.aperiodic.spectre.coordinates import Address, Tiling
from tilewright.aperiodic.spectre.geometry import (
    CHILDREN,
    FREQUENCIES,
    GREEK,
    HEX_EDGE_TYPES,
    PAPER_SLOT,
    SPECTRE_TURNS,
    TYPES,
)
from tilewright.aperiodic.spectre.patch import TILE_AREA, Placed, start_place

# The paper's substitution, children by its slots 0–7 (None: Γ's empty slot).
PAPER = {
    "G": ("P", "D", None, "J", "S", "X", "F", "G"),
    "D": ("X", "D", "X", "F", "S", "P", "F", "G"),
    "J": ("Y", "D", "P", "F", "S", "P", "F", "G"),
    "L": ("Y", "D", "X", "F", "S", "P", "F", "G"),
    "X": ("Y", "D", "P", "F", "S", "Y", "F", "G"),
    "P": ("Y", "D", "X", "F", "S", "Y", "F", "G"),
    "S": ("X", "D", "X", "F", "S", "P", "L", "G"),
    "F": ("Y", "D", "Y", "F", "S", "P", "F", "G"),
    "Y": ("Y", "D", "Y", "F", "S", "Y", "F", "G"),
}


def test_children_are_the_papers_substitution():
    for parent, children in CHILDREN.items():
        for index, child in enumerate(children):
            assert PAPER[parent][PAPER_SLOT[index]] == child
        assert PAPER[parent][PAPER_SLOT[7]] is None or len(children) == 8


def test_frequencies_are_the_substitutions_eigenvector():
    matrix = np.array([[CHILDREN[p].count(c) for c in TYPES] for p in TYPES], dtype=float)
    values, vectors = np.linalg.eig(matrix.T)
    top = np.argmax(values.real)
    assert values[top].real == pytest.approx(4 + math.sqrt(15))
    vector = vectors[:, top].real / vectors[TYPES.index("G"), top].real
    assert vector == pytest.approx([FREQUENCIES[t] for t in TYPES])


def test_the_tables_regenerate_identically():
    built = make_tables.build()
    for name, per_type in built.items():
        assert getattr(_spectre_tables, name) == per_type, name
    assert make_tables.MODULE.source(built) == make_tables.MODULE.path.read_text()


def test_glued_hexagon_edges_have_matching_types():
    for parent, table in _spectre_tables.HEX_MAP.items():
        for position, (kind, child, edge) in enumerate(table):
            if kind != make_tables.INSIDE:
                continue
            mine = HEX_EDGE_TYPES[CHILDREN[parent][position // 6]][position % 6]
            theirs = HEX_EDGE_TYPES[CHILDREN[parent][child]][edge]
            assert mine == theirs == "h" or (mine[1:] == theirs[1:] and mine[0] != theirs[0])


def test_the_spectre_shape():
    assert sum(SPECTRE_TURNS) == -12  # one full clockwise turn
    vertices = patch_of(3, 3, seed=0)[0].place.vertices()
    for k in range(14):
        step = sub(vertices[(k + 1) % 14], vertices[k])
        assert step in {unit(r) for r in range(12)}  # every edge has length exactly 1
    xy = np.array([to_xy(v) for v in vertices])
    area = np.dot(xy[:, 0], np.roll(xy[:, 1], -1)) - np.dot(xy[:, 1], np.roll(xy[:, 0], -1))
    assert -area / 2 == pytest.approx(TILE_AREA)


def address(spectre: int, levels: list[tuple[str, int]]) -> Address:
    return Address(spectre, [t for t, _ in levels], [i for _, i in levels[:-1]])


@pytest.mark.parametrize(
    ("start", "edge", "entry", "end"),
    [
        # the two Spectres of one Γ
        ((0, [("G", -1)]), 12, 5, (1, [("G", -1)])),
        # in through the detached spur of a Σ and straight out again
        ((1, [("G", 2), ("F", -1)]), 1, 6, (0, [("D", 5), ("F", -1)])),
        ((1, [("G", 2), ("F", -1)]), 13, 4, (0, [("S", 3), ("F", -1)])),
        # up five levels and back down
        (
            (0, [("S", 3), ("Y", 7), ("Y", 4), ("Y", 4), ("F", 0), ("X", 1), ("G", -1)]),
            13,
            12,
            (0, [("Y", 1), ("P", 1), ("D", 5), ("Y", 4), ("X", 7), ("S", 3), ("G", -1)]),
        ),
    ],
)
def test_known_steps(start, edge, entry, end):
    begin = address(*start)
    reached, via = Tiling(1, ancestry=begin).step(begin, edge)
    expected = address(*end)
    assert via == entry
    assert (reached.spectre, reached.types, reached.indices) == (
        expected.spectre,
        expected.types,
        expected.indices,
    )


@settings(max_examples=60)
@given(seed=st.integers(0, 2**32), walk=st.lists(st.integers(0, 13), min_size=1, max_size=60))
def test_stepping_there_and_back_returns(seed, walk):
    tiling = Tiling(seed)
    here = tiling.start.copy()
    for edge in walk:
        there, entry = tiling.step(here, edge)
        back, exit_edge = tiling.step(there, entry)
        assert exit_edge == edge
        assert (back.spectre, back.types[: len(here.types)], back.indices[: len(here.indices)]) == (
            here.spectre,
            here.types,
            here.indices,
        )
        assert entry % 2 != edge % 2  # odd edges meet even edges
        here = there


def patch_of(width, height, seed, origin=(0, 0)):
    """The breadth-first patch's tiles."""
    return list(generate(width, height, seed, origin, "bfs"))


def reference_patch(width, height, seed, origin=(0, 0)) -> set[tuple[str, Placed]]:
    """The breadth-first patch written plainly on ``Tiling.step`` (no compiled code), for a
    region around the origin, where the start tile lies."""
    tiling = Tiling(seed)
    box = (origin[0], origin[1], origin[0] + width, origin[1] + height)
    address, place = tiling.start.copy(), start_place(tiling)
    assert clipped_area(place.xy(), box) > 0
    found, queue, seen = set(), [(address, place)], {place}
    while queue:
        address, place = queue.pop()
        found.add((tiling.name(address), place))
        for edge in range(14):
            there, entry = tiling.step(address, edge)
            placed = place.across(edge, entry)
            if placed not in seen:
                seen.add(placed)
                if clipped_area(placed.xy(), box) > 0:
                    queue.append((there, placed))
    return found


@pytest.mark.parametrize(
    ("width", "height", "seed", "origin"),
    [
        (20, 15, 1, (-10, -7)),
        (7.5, 30, 2, (-4, -12.25)),
        (50, 3, 3, (-25, -1)),
        (2, 2, 4, (-1, -1)),
    ],
)
def test_compiled_patch_equals_the_plain_one(width, height, seed, origin):
    compiled = {(t.id, t.place) for t in patch_of(width, height, seed, origin)}
    assert compiled == reference_patch(width, height, seed, origin)


def check_patch(tiles, box) -> None:
    """No duplicates, no overlaps, no gaps: every edge inside the region is shared by exactly
    two tiles running opposite ways, and the tiles' areas inside the region add up."""
    assert len({t.id for t in tiles}) == len(tiles)
    assert len({t.place for t in tiles}) == len(tiles)
    owner = {}
    for number, tile in enumerate(tiles):
        vertices = tile.place.vertices()
        for k in range(14):
            key = (vertices[k], vertices[(k + 1) % 14])
            assert key not in owner, "two tiles run along one edge the same way: overlap"
            owner[key] = number
    x0, y0, x1, y1 = box
    for (a, b), number in owner.items():
        if (b, a) in owner:
            assert tiles[owner[(b, a)]].colour != tiles[number].colour
            continue
        (ax, ay), (bx, by) = to_xy(a), to_xy(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        assert not (x0 < mx < x1 and y0 < my < y1), "an open edge inside the region: a gap"
    covered = sum(clipped_area(t.place.xy(), box) for t in tiles)
    assert covered == pytest.approx((x1 - x0) * (y1 - y0), rel=1e-9)


# Without subnormal corners: a region edge 5e-324 past a tile's edge cuts it a sliver whose
# area is below the smallest float (it underflows to 0, so the overlap test leaves the tile
# out), while the open-edge check below still sees the edge inside the region.
@settings(max_examples=40)
@given(
    width=st.floats(0.5, 40),
    height=st.floats(0.5, 40),
    x=st.floats(-60, 60, allow_subnormal=False),
    y=st.floats(-60, 60, allow_subnormal=False),
    seed=st.integers(0, 2**40),
)
def test_patches_have_no_gaps_overlaps_or_duplicates(width, height, x, y, seed):
    tiles = patch_of(width, height, seed, (x, y))
    check_patch(tiles, (x, y, x + width, y + height))


def test_a_subnormal_sliver_is_below_the_floats():
    # the region reaches 5e-324 below the edge y = 0 of tile 0:5: no float area, no tile
    below = {t.id for t in patch_of(1.0, 1.0, 1, (0.0, -5e-324))}
    assert "0:5" not in below and "0:5" in {t.id for t in patch_of(1.0, 1.0, 1, (0.0, -1e-300))}


def test_far_from_the_origin_and_tiny():
    check_patch(patch_of(12, 9, 5, (3000, -2500)), (3000, -2500, 3012, -2491))
    assert len(patch_of(1, 1, 8)) >= 1


def test_counts_and_type_frequencies_on_a_large_patch():
    tiles = patch_of(160, 160, seed=11)
    assert len(tiles) == pytest.approx(160 * 160 / TILE_AREA, rel=0.06)
    counts = collections.Counter(t.type for t in tiles)
    # Γ holds two Spectres: one per Γ hexagon is index 0
    hexagons = {t: counts[GREEK[t]] / (2 if t == "G" else 1) for t in TYPES}
    total = sum(hexagons.values())
    expected = {t: FREQUENCIES[t] / sum(FREQUENCIES.values()) for t in TYPES}
    for t in TYPES:
        assert hexagons[t] / total == pytest.approx(expected[t], abs=0.02)


def test_seed_reproduces():
    first = [(t.id, t.place) for t in patch_of(15, 10, seed=3)]
    assert first == [(t.id, t.place) for t in patch_of(15, 10, seed=3)]
    assert first != [(t.id, t.place) for t in patch_of(15, 10, seed=4)]


def test_ids_do_not_depend_on_the_region():
    small = {t.place: t.id for t in patch_of(10, 10, seed=9)}
    large = {t.place: t.id for t in patch_of(60, 60, seed=9, origin=(-25, -25))}
    assert all(large[place] == name for place, name in small.items())


@pytest.mark.parametrize(("width", "height"), [(0, 5), (-1, 4), (float("nan"), 3)])
def test_bad_regions(width, height):
    with pytest.raises(TilewrightError, match="positive"):
        patch_of(width, height, 1)


def test_regions_too_large_for_memory():
    with pytest.raises(TilewrightError, match="memory"):
        patch_of(10**6, 10**6, 1)


@pytest.mark.parametrize(
    ("width", "height", "seed", "origin"),
    [
        (300, 5, 1, (0, 0)),  # wide
        (6, 4200, 2, (-3, -2100)),  # tall
        (0.3, 50, 3, (10.1, 0)),  # thin
        (40, 30, 4, (1e5, -3e5)),  # far from the origin
        (1, 1, 5, (0, 0)),
        (97.5, 193, 6, (-48.25, 7)),  # blocks cut across
        (0.5, 0.5, 144, (-20, 13.5)),
    ],
)
def test_the_line_walk_writes_the_breadth_first_patch_once(width, height, seed, origin):
    streamed = list(generate(width, height, seed, origin))
    places = [t.place for t in streamed]
    assert len(set(places)) == len(places), "a tile written twice"
    assert {(t.id, t.place) for t in streamed} == {
        (t.id, t.place) for t in patch_of(width, height, seed, origin)
    }


@settings(max_examples=30)
@given(
    width=st.floats(0.2, 250),
    height=st.floats(0.2, 250),
    x=st.floats(-1e4, 1e4),
    y=st.floats(-1e4, 1e4),
    seed=st.integers(0, 2**40),
)
def test_line_walk_equals_breadth_first_anywhere(width, height, x, y, seed):
    streamed = [t.place for t in generate(width, height, seed, (x, y))]
    assert len(set(streamed)) == len(streamed)
    assert set(streamed) == {t.place for t in patch_of(width, height, seed, (x, y))}


def test_the_line_walk_holds_a_bounded_amount_of_memory():
    def peak(side: float) -> tuple[int, int]:
        tracemalloc.start()
        count = sum(len(part) for part in generate(side, side, 7).chunks(2048))
        peak_bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return count, peak_bytes

    small_count, small = peak(200)
    large_count, large = peak(2000)  # 100 times the area
    assert large_count > 90 * small_count
    assert large < 1.5 * small + 2**20


def test_compiled_text_rows_match_the_tiles():
    patch = generate(40, 30, 3, (-20.5, 7))
    parts, tiles = list(patch.chunks()), list(patch)
    lines = b"".join(writers.text_rows(part, "jsonl") for part in parts).decode().splitlines()
    table = b"".join(writers.text_rows(part, "csv") for part in parts).decode().splitlines()
    assert len(lines) == len(table) == len(tiles) > 50
    for line, row, tile in zip(lines, table, tiles, strict=True):
        record = json.loads(line)
        assert (record["id"], record["type"], record["index"]) == (tile.id, tile.type, tile.index)
        assert np.abs(np.array(record["vertices"]) - tile.place.xy()).max() <= 5.1e-7
        fields = row.split(",")
        assert fields[:3] == [tile.id, tile.type, str(tile.index)]
        assert np.abs(np.array(fields[3:], float) - tile.place.xy().ravel()).max() <= 5.1e-7
