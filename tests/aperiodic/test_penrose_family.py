"""Penrose patches (``generate_penrose``) checked from their tiles alone, independently of
how they were found: each tile's exact shape, no gap and no overlap, the matching rules
(as the published vertex census, and for rhombs de Bruijn's vertex index), every tile
meeting the region once, and the same tiling in any region of one seed."""

import math
from collections import Counter, deque

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright.aperiodic.penrose.field import INVERSE_PHI, T, multiply, power
from tilewright.aperiodic.penrose.tiling import generate_penrose
from tilewright.core.errors import TilewrightError

# the ten directions, exactly: unit edges and edges 1/φ long
UNIT = [power(T, k) for k in range(10)]
SHORT = [multiply(INVERSE_PHI, u) for u in UNIT]
PHI = (1 + math.sqrt(5)) / 2
# each tile from its first corner round: its sides ("L" long 1, "s" short 1/φ) and its
# corners in tenths of a turn (36°), up to where the cycle starts
SHAPES = {
    "kite": ("LssL", (2, 2, 4, 2)),
    "dart": ("LssL", (2, 1, 6, 1)),
    "thick": ("LLLL", (2, 3, 2, 3)),
    "thin": ("LLLL", (4, 1, 4, 1)),
}
# Conway's seven vertex figures of kites and darts (Grünbaum and Shephard, Tilings and
# Patterns, 10.5): the tiles at a vertex and their corners there, in tenths
P2_CENSUS = {
    "sun": ("K2",) * 5,
    "star": ("D2",) * 5,
    "ace": ("D6", "K2", "K2"),
    "deuce": ("D1", "D1", "K4", "K4"),
    "jack": ("D1", "D1", "K2", "K2", "K4"),
    "queen": ("D2", "K2", "K2", "K2", "K2"),
    "king": ("D2", "D2", "D2", "K2", "K2"),
}
# de Bruijn's eight vertex stars of the rhombs (thick "T", thin "t"), with the vertex's
# index as the pair it belongs to ({0, 3} or {1, 2}: a half turn swaps them): the two
# stars of five thick rhombs differ only there
P3_CENSUS = {
    (("T3", "T3", "t4"), 1),
    (("T2", "T3", "T3", "t1", "t1"), 1),
    (("T2", "t4", "t4"), 0),
    (("T2", "T2", "T2", "t4"), 0),
    (("T2", "T2", "T2", "t1", "t1", "t1", "t1"), 1),
    (("T2", "T2", "T2", "T2", "T2"), 0),
    (("T2", "T2", "T2", "T2", "T2"), 1),
    (("T2", "T2", "T2", "T2", "t1", "t1"), 1),
}

tilings = st.sampled_from(["p2", "p3"])
seeds = st.integers(0, 2**40)


def thousandths(low: float, high: float):
    """Numbers in thousandths: a tile that meets the region meets it in more than a
    rounding error (a side at 1e-293 would keep a sliver of 1e-293, rightly, but no
    clipping in floats measures it)."""
    return st.integers(round(low * 1000), round(high * 1000)).map(lambda n: n / 1000)


# regions about the centre and away from it
regions = st.tuples(
    thousandths(2, 12), thousandths(2, 12), thousandths(-30, 30), thousandths(-30, 30)
).map(lambda r: (r[0], r[1], (r[2], r[3])))


def direction(vector) -> tuple[str, int]:
    """An edge's length ("L" or "s") and turn, exactly; an AssertionError if it is
    neither a long nor a short edge of the ten directions."""
    vector = tuple(int(v) for v in vector)
    if vector in UNIT:
        return "L", UNIT.index(vector)
    assert vector in SHORT, f"{vector} is no edge of a Penrose tile"
    return "s", SHORT.index(vector)


def corners_in_tenths(exact: np.ndarray) -> tuple[str, tuple[int, ...]]:
    """A tile's sides and its corners in tenths (from edge k round to edge k − 1)."""
    steps = [direction(exact[(k + 1) % 4] - exact[k]) for k in range(4)]
    sides = "".join(length for length, _ in steps)
    # the corner at k: from the edge out of it round to the edge into it, reversed
    corners = tuple((steps[k - 1][1] + 5 - steps[k][1]) % 10 for k in range(4))
    return sides, corners


def vertex_stars(patch):
    """Every vertex's corners: (tile type, corner in tenths) of each tile there."""
    stars: dict[tuple[int, ...], list[tuple[str, int]]] = {}
    for tile in patch:
        _, corners = corners_in_tenths(tile.exact)
        for k in range(4):
            stars.setdefault(tuple(tile.exact[k].tolist()), []).append((tile.type, corners[k]))
    return stars


def inside(point_xy, region, margin) -> bool:
    x0, y0, x1, y1 = region
    x, y = point_xy
    return x0 + margin < x < x1 - margin and y0 + margin < y < y1 - margin


def place(key) -> tuple[float, float]:
    """An exact point's place, computed afresh: Σ p_k t^k."""
    z = sum(
        p * complex(math.cos(k * math.pi / 5), math.sin(k * math.pi / 5)) for k, p in enumerate(key)
    )
    return z.real, z.imag


def clipped_area(polygon, region) -> float:
    """The area of ``polygon`` inside the rectangle (Sutherland–Hodgman, shoelace)."""
    x0, y0, x1, y1 = region
    sides = [
        (lambda p: p[0] >= x0, 0, x0),
        (lambda p: p[0] <= x1, 0, x1),
        (lambda p: p[1] >= y0, 1, y0),
        (lambda p: p[1] <= y1, 1, y1),
    ]
    points = [tuple(p) for p in polygon]
    for keep, axis, bound in sides:
        out = []
        for i, current in enumerate(points):
            previous = points[i - 1]
            if keep(current) != keep(previous):
                t = (bound - previous[axis]) / (current[axis] - previous[axis])
                out.append(tuple(a + t * (b - a) for a, b in zip(previous, current, strict=True)))
            if keep(current):
                out.append(current)
        points = out
        if not points:
            return 0.0
    return 0.5 * sum(
        a[0] * b[1] - b[0] * a[1] for a, b in zip(points, points[1:] + points[:1], strict=True)
    )


@given(tilings, seeds, regions)
def test_every_tile_has_its_exact_sides_and_corners(tiling, seed, region):
    width, height, origin = region
    patch = generate_penrose(width, height, seed, origin, tiling)
    assert len(patch) > 0
    for tile in patch:
        sides, corners = corners_in_tenths(tile.exact)
        assert (sides, corners) == SHAPES[tile.type], tile
        assert tile.type in (("kite", "dart") if tiling == "p2" else ("thick", "thin"))
        # the floats are the exact corners' places
        assert np.allclose(tile.xy, [place(c) for c in tile.exact.tolist()], atol=1e-9)
        lengths = np.hypot(*np.diff(np.vstack([tile.xy, tile.xy[:1]]), axis=0).T)
        assert np.allclose(lengths, [1.0 if s == "L" else 1 / PHI for s in sides])


@given(tilings, seeds, regions)
def test_the_tiles_cover_the_region_once(tiling, seed, region):
    width, height, origin = region
    patch = generate_penrose(width, height, seed, origin, tiling)
    box = patch.region
    areas = [clipped_area(tile.xy, box) for tile in patch]
    # each tile anticlockwise and meeting the region; together exactly the region
    assert min(areas) > 0
    assert math.isclose(math.fsum(areas), width * height, rel_tol=1e-9)
    # no tile twice, by id or by place
    assert len({tile.id for tile in patch}) == len(patch)
    assert len({tuple(sorted(map(tuple, tile.exact.tolist()))) for tile in patch}) == len(patch)


@given(tilings, seeds, regions)
def test_no_gap_and_no_overlap_at_any_vertex_or_edge(tiling, seed, region):
    width, height, origin = region
    patch = generate_penrose(width, height, seed, origin, tiling)
    # each directed edge once: two tiles along an edge run it in opposite directions
    edges = Counter(
        (tuple(tile.exact[k].tolist()), tuple(tile.exact[(k + 1) % 4].tolist()))
        for tile in patch
        for k in range(4)
    )
    assert max(edges.values()) == 1
    for (start, end), _ in edges.items():
        middle = np.add(place(start), place(end)) / 2
        if inside(middle, patch.region, 1e-9):
            assert (end, start) in edges  # an edge in the region has a tile on each side
    # a full turn round every vertex in the region: no gap, no overlap
    for key, star in vertex_stars(patch).items():
        if inside(place(key), patch.region, 1e-9):  # exact 0 may round to 1e-16
            assert sum(corner for _, corner in star) == 10, star


def test_kites_and_darts_meet_only_in_conway_s_seven_vertex_figures():
    seen: set[str] = set()
    names = {tuple(sorted(v)): name for name, v in P2_CENSUS.items()}
    for seed in (1, 2, 3):
        patch = generate_penrose(40, 40, seed, (-20, -20), "p2")
        for key, star in vertex_stars(patch).items():
            if inside(place(key), patch.region, 2.0):
                figure = tuple(sorted(f"{kind[0].upper()}{corner}" for kind, corner in star))
                assert figure in names, figure
                seen.add(names[figure])
    assert seen == set(P2_CENSUS)


def vertex_indices(patch) -> dict[tuple[int, ...], int]:
    """de Bruijn's index of each vertex of a rhomb patch: Σ k_j of the vertex as
    Σ k_j ζ^j (ζ = t²), walked edge by edge from one vertex (t^2j = ζ^j adds 1, t^(2j+1)
    = −ζ^(j+3) takes 1 away); an AssertionError if two walks disagree."""
    steps: dict[tuple[int, ...], list[tuple[tuple[int, ...], int]]] = {}
    for tile in patch:
        for k in range(4):
            a, b = tuple(tile.exact[k].tolist()), tuple(tile.exact[(k + 1) % 4].tolist())
            _, turn = direction(np.subtract(b, a))
            step = 1 if turn % 2 == 0 else -1
            steps.setdefault(a, []).append((b, step))
            steps.setdefault(b, []).append((a, -step))
    first = next(iter(steps))
    index, queue = {first: 0}, deque([first])
    while queue:
        here = queue.popleft()
        for there, step in steps[here]:
            if there in index:
                assert index[there] == index[here] + step
            else:
                index[there] = index[here] + step
                queue.append(there)
    low = min(index.values())
    return {key: value - low for key, value in index.items()}


def test_rhombs_keep_de_bruijn_s_index_and_eight_vertex_stars():
    seen = set()
    for seed in (1, 2, 3):
        patch = generate_penrose(40, 40, seed, (-20, -20), "p3")
        index = vertex_indices(patch)
        # the matching rules: four indices only (a rhomb tiling that breaks them has five)
        assert set(index.values()) == {0, 1, 2, 3}
        for key, star in vertex_stars(patch).items():
            if inside(place(key), patch.region, 2.0):
                figure = tuple(sorted(f"{'T' if kind == 'thick' else 't'}{c}" for kind, c in star))
                entry = (figure, min(index[key], 3 - index[key]))
                assert entry in P3_CENSUS, entry
                seen.add(entry)
    assert seen == P3_CENSUS


@given(
    tilings, seeds, thousandths(0.5, 6), thousandths(0.5, 6), thousandths(0, 5), thousandths(0, 5)
)
def test_a_region_within_another_has_the_same_tiles_there(tiling, seed, w, h, dx, dy):
    outer = generate_penrose(14, 14, seed, (-3, -4), tiling)
    inner = generate_penrose(w, h, seed, (-3 + dx, -4 + dy), tiling)
    by_id = {tile.id: tile for tile in outer}
    for tile in inner:
        assert np.array_equal(by_id[tile.id].exact, tile.exact)
    expected = {t.id for t in outer if clipped_area(t.xy, inner.region) > 0}
    assert {t.id for t in inner} == expected


def test_the_proportions_approach_the_golden_ratio():
    for tiling in ("p2", "p3"):
        kinds = Counter(tile.type for tile in generate_penrose(80, 80, 7, (-40, -40), tiling))
        first, second = (
            kinds[t] for t in (("kite", "dart") if tiling == "p2" else ("thick", "thin"))
        )
        assert abs(first / second - PHI) < 0.02


def test_a_seed_fixes_the_tiling_and_seeds_differ():
    one = [tile.id for tile in generate_penrose(10, 10, 5)]
    assert one == [tile.id for tile in generate_penrose(10, 10, 5)]
    assert one != [tile.id for tile in generate_penrose(10, 10, 6)]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((10, 10, 1, (0, 0), "p4"), "tiling is one of p2, p3"),
        ((0, 10, 1, (0, 0), "p3"), "positive width"),
        ((1e5, 1e5, 1, (0, 0), "p3", "bfs"), "of memory"),
        ((5, 5, 1, (1e300, 0), "p3"), "a Penrose region"),
    ],
)
def test_bad_regions_are_refused_in_one_line(arguments, message):
    with pytest.raises(TilewrightError, match=message):
        generate_penrose(*arguments)


@given(tilings, seeds, regions)
def test_the_tile_across_each_edge_runs_it_backwards(tiling, seed, region):
    width, height, origin = region
    patch = generate_penrose(width, height, seed, origin, tiling)
    # every tile sharing an edge with one of the patch: the patch of a wider region
    wider = {
        tile.id: tile
        for tile in generate_penrose(
            width + 8, height + 8, seed, (origin[0] - 4, origin[1] - 4), tiling
        )
    }
    for tile, across in zip(patch, patch.neighbours(), strict=True):
        for k, other in enumerate(across):
            edge = (tile.exact[k].tolist(), tile.exact[(k + 1) % 4].tolist())
            theirs = wider[other].exact.tolist()
            backwards = [(theirs[(j + 1) % 4], theirs[j]) for j in range(4)]
            assert edge in backwards


@pytest.mark.parametrize("tiling", ["p2", "p3"])
def test_a_seed_draws_its_start_as_the_collection_s_random_grids_do(tiling):
    from tilewright.aperiodic.penrose import penrose_description

    for seed in (1, 2, 3):
        ours = generate_penrose(30, 30, seed, (-15, -15), tiling).info["description"]
        theirs = penrose_description(30, 30, tiling, seed)
        common = min(len(ours), len(theirs))
        assert isinstance(ours, str) and ours[:common] == theirs[:common]
