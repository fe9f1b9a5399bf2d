"""The hat tiling: its facts, its tables, the kite walk, and what a patch must be.

Checked as the Spectre's patches are: every tile a hat or its mirror, no gap, no overlap,
edges meeting edge to edge, areas adding up, no duplicates, the same hats in any region;
and compared with an independent construction, the metatile substitution expanded in
memory: the same vertex configurations in the same proportions.
"""

import dataclasses
import hashlib
import io
import math
from collections import Counter, deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tilewright.aperiodic.hat import make_tables as hat_make_tables
from tilewright.aperiodic.hat._tables import KITEMAP, KITEMAP_COLOURS, METAMAP
from tilewright.aperiodic.hat.coordinates import HatTiling
from tilewright.aperiodic.hat.geometry import (
    CHILDREN,
    FORWARD_LEFT,
    FORWARD_RIGHT,
    HAT_KITES,
    HAT_OUTLINE,
    HATS_IN,
    LEFT,
    MOST_CHILDREN,
    OWNED,
    RIGHT,
    TYPES,
    UNITS,
    Metatile,
    Placement,
    area2,
    expand,
    frequencies,
    hat_kites,
    hat_outline,
    kite_corners,
    sub,
)
from tilewright.aperiodic.hat.shapes import HAT_SHAPE, shaped
from tilewright.aperiodic.hat.tiling import generate_hats
from tilewright.aperiodic.hat.validation import validate_hats
from tilewright.aperiodic.hat.walk import found_batches, walk
from tilewright.core.errors import TilewrightError

from .hat_reference import _Walker, placement, reference_walk

INVERSE = {LEFT: RIGHT, RIGHT: LEFT, FORWARD_LEFT: FORWARD_RIGHT, FORWARD_RIGHT: FORWARD_LEFT}
# one hat in 4 + T + 2P + 2F = (9 + 3√5)/2 per H (shares below) is hat 3 of an H
REFLECTED_SHARE = (3 - math.sqrt(5)) / 6


def _boundary(kites):
    """The kite edges not shared by two of ``kites``."""
    edges = set()
    for kite in kites:
        corners = kite_corners(kite)
        edges |= {(corners[k], corners[(k + 1) % 4]) for k in range(4)}
    return {(a, b) for a, b in edges if (b, a) not in edges}


@pytest.mark.parametrize("reflected", [False, True])
@pytest.mark.parametrize("turn", range(6))
def test_a_hats_eight_kites_are_exactly_the_hat(reflected, turn):
    place = Placement((12, -6), UNITS[turn], reflected)
    outline = hat_outline(place)
    assert area2(outline) == 8 * area2(kite_corners(((0, 0), 0)))  # anticlockwise, 8 kites
    sides = {(outline[k], outline[(k + 1) % 14]) for k in range(14)}
    assert _boundary(hat_kites(place)) == sides


def test_the_hat_has_eight_short_sides_and_six_long():
    lengths = Counter(
        (lambda d: d[0] ** 2 + d[0] * d[1] + d[1] ** 2)(sub(HAT_OUTLINE[(k + 1) % 14], v))
        for k, v in enumerate(HAT_OUTLINE)
    )
    assert lengths == {3: 8, 9: 6}
    assert len(set(HAT_KITES)) == 8


def _touching(outlines):
    """Per hat (its outline), the hats it shares an edge with, and whether it is surrounded
    (every edge shared). Hats meet edge to edge, so a shared edge is one run both ways; the
    table's derivation finds neighbours by kite moves instead."""
    along = {}
    for n, outline in enumerate(outlines):
        along.update({(v, outline[(k + 1) % 14]): n for k, v in enumerate(outline)})
    touching = [set() for _ in outlines]
    surrounded = [True] * len(outlines)
    for (a, b), n in along.items():
        other = along.get((b, a))
        if other is None:
            surrounded[n] = False
        else:
            touching[n].add(other)
    return touching, surrounded


@pytest.mark.parametrize("t", TYPES)
def test_each_kitemap_colouring_is_proper_with_mirrored_hats_apart(t):
    hats, colours = [], []
    for child_index, child in enumerate(Metatile(t, Placement((0, 0), (1, 0))).children()):
        for hat_index, hat in enumerate(child.hats()):
            hats.append(hat)
            colours.append(KITEMAP_COLOURS[t][child_index][hat_index])
    touching, _ = _touching([hat_outline(hat) for hat in hats])
    assert sum(map(len, touching)) > 2 * len(hats)
    for hat, colour, others in zip(hats, colours, touching, strict=True):
        assert (colour == 3) == hat.reflected
        assert all(colours[other] != colour for other in others)


@pytest.mark.parametrize("t", TYPES)
def test_each_kitemap_has_one_proper_colouring_up_to_names(t):
    # so the table is the geometry's own, but for the names of 0-2
    (only,) = hat_make_tables.proper_colourings(t)
    assert only == KITEMAP_COLOURS[t]
    assert only[0] == (0, 1, 2, 3)  # child 0, an H, names them


def test_the_kitemaps_colour_frames_agree_at_every_level():
    assert hat_make_tables.agree_at_every_level(KITEMAP_COLOURS, METAMAP)
    renamed = {t: KITEMAP_COLOURS[t] for t in TYPES}
    renamed["P"] = tuple(
        tuple(c if c == 3 else (c + 1) % 3 for c in child) for child in renamed["P"]
    )
    assert hat_make_tables.agree_at_every_level(renamed, METAMAP)  # names are free
    swapped = {t: KITEMAP_COLOURS[t] for t in TYPES}
    swapped["H"] = tuple(child[::-1] if i == 4 else child for i, child in enumerate(swapped["H"]))
    assert CHILDREN["H"][4] == "P"  # on the rim: its two hats are coloured in two kitemaps
    assert not hat_make_tables.agree_at_every_level(swapped, METAMAP)


def _renewed(old_map, old_colours, new_colours):
    """What the colours 0-2 of a kitemap stand for, from its neighbour's map and a metatile
    both colour: the metatile's hats keep their colours, the third by elimination."""
    new = [None] * 3
    for old, colour in zip(old_colours, new_colours, strict=True):
        new[colour] = old_map[old]
    left = [c for c in range(3) if c not in new]
    return tuple(left.pop() if c is None else c for c in new)


def test_the_kitemaps_colour_a_substituted_patch_properly():
    """The walk's rule run on the plane, not through METAMAP: each kitemap of an H
    expanded four times gets what its 0-2 stand for from one it overlaps, through a
    metatile the two share. Then every hat has one colour whichever kitemap colours it,
    hats that touch differ, and any two that touch lie together in some kitemap (off the
    patch's rim, where a kitemap holding both may be missing)."""
    kitemaps = [Metatile("H", Placement((0, 0), (1, 0)))]
    for _ in range(3):
        kitemaps = [child for child, _ in expand(kitemaps)]
    metatiles = expand(kitemaps)
    holding = [[] for _ in kitemaps]
    for m, (_, parents) in enumerate(metatiles):
        for k, child in parents:
            holding[k].append((m, child))

    def colours(k, child):
        return KITEMAP_COLOURS[kitemaps[k].type][child]

    maps, queue = {0: (0, 1, 2)}, deque([0])
    while queue:
        k = queue.popleft()
        for m, child in holding[k]:
            for other, other_child in metatiles[m][1]:
                if other not in maps:
                    assert len(colours(k, child)) == 2  # a P or an F
                    maps[other] = _renewed(maps[k], colours(k, child), colours(other, other_child))
                    queue.append(other)
    assert len(maps) == len(kitemaps)
    outlines, hat_colours, kitemaps_of = [], [], []
    for metatile, parents in metatiles:
        for hat_index, hat in enumerate(metatile.hats()):
            seen = {
                c if c == 3 else maps[k][c]
                for k, child in parents
                for c in [colours(k, child)[hat_index]]
            }
            assert len(seen) == 1
            outlines.append(tuple(hat_outline(hat)))
            hat_colours.append(seen.pop())
            kitemaps_of.append({k for k, _ in parents})
    touching, surrounded = _touching(outlines)
    pairs = 0
    for n, others in enumerate(touching):
        for other in others:
            assert hat_colours[n] != hat_colours[other]
            if surrounded[n] and surrounded[other]:
                assert kitemaps_of[n] & kitemaps_of[other]
                pairs += 1
    assert pairs > 60_000  # both ways round


def test_each_metatile_holds_its_hats_without_overlap():
    for t in TYPES:
        hats = Metatile(t, Placement((0, 0), (1, 0))).hats()
        assert len(hats) == HATS_IN[t]
        kites = [k for hat in hats for k in hat_kites(hat)]
        assert len(kites) == len(set(kites))
        assert sum(h.reflected for h in hats) == (t == "H")


def test_the_substitution_counts_are_the_published_ones():
    # hats in an H expanded n times with each child counted once (the owned children):
    # 1 156, 7 921, 54 289 and 372 100 for n = 3 … 6, squares of Fibonacci numbers
    matrix = np.zeros((4, 4), dtype=np.int64)
    for column, parent in enumerate(TYPES):
        for index in OWNED[parent]:
            matrix[TYPES.index(CHILDREN[parent][index]), column] += 1
    hats = np.array([HATS_IN[t] for t in TYPES])
    counts = [int(hats @ np.linalg.matrix_power(matrix, n) @ [1, 0, 0, 0]) for n in range(3, 7)]
    assert counts == [1156, 7921, 54289, 372100]
    share = frequencies()
    assert share["T"] == pytest.approx((7 - 3 * math.sqrt(5)) / 2)
    assert share["P"] == pytest.approx(3 * math.sqrt(5) - 6)
    assert share["F"] == pytest.approx((9 - 3 * math.sqrt(5)) / 2)
    hats_per_h = sum(HATS_IN[t] * share[t] for t in TYPES)
    assert 1 / hats_per_h == pytest.approx(REFLECTED_SHARE)


def test_the_committed_tables_are_derived_from_the_geometry():
    derived = hat_make_tables.MODULE.source()
    assert derived == hat_make_tables.MODULE.path.read_text()


def test_kitemap_moves_undo_each_other_where_both_are_inside():
    for t in TYPES:
        rows = KITEMAP[t]
        for row, entries in enumerate(rows):
            for move, target in enumerate(entries):
                if target is None:
                    continue
                child, hat, kite = target
                back = rows[(HATS_IN["H"] * child + hat) * 8 + kite][INVERSE[move]]
                label = (row // 32, row // 8 % 4, row % 8)
                assert back == label


def test_metamap_labels_name_one_metatile_each():
    for t in TYPES:
        for row, labels in enumerate(METAMAP[t]):
            child, grandchild = divmod(row, MOST_CHILDREN)
            if child >= len(CHILDREN[t]) or grandchild >= len(CHILDREN[CHILDREN[t][child]]):
                assert labels == ()
                continue
            assert (child, grandchild) in labels
            kinds = {CHILDREN[CHILDREN[t][c]][g] for c, g in labels}
            assert len(kinds) == 1  # every name of it says the same type
            for label in labels:
                assert METAMAP[t][label[0] * MOST_CHILDREN + label[1]] == labels


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**63 - 1), st.lists(st.integers(0, 3), min_size=1, max_size=60))
def test_a_move_and_its_inverse_come_back_to_the_same_hat(seed, moves):
    tiling = HatTiling(seed)
    walker = _Walker(tiling, tiling.start.copy(), ((0, 0), 0))
    for move in moves:
        before = (walker.kite, placement(walker.kite, walker.address))
        walker.move(move)
        after = walker.copy()
        after.move(INVERSE[move])
        assert (after.kite, placement(after.kite, after.address)) == before


@pytest.mark.parametrize(
    ("seed", "box"),
    [(3, (0, 0, 40, 30)), (8, (-120.5, 33.25, -60, 90)), (21, (4000, -900, 4030, -880))],
)
def test_the_compiled_walk_finds_what_the_python_walk_finds(seed, box):
    compiled = [(t.id, t.type, t.index, t.place) for t in walk(HatTiling(seed), box)]
    plain = [(t.id, t.type, t.index, t.place) for t in reference_walk(HatTiling(seed), box)]
    assert compiled == plain and len(compiled) > 10


@pytest.mark.parametrize(
    ("seed", "width", "height", "origin"),
    [
        (4, 30, 20, (0, 0)),
        (1, 90, 60, (-50, -20)),
        (9, 7.5, 3.25, (1000.3, -2000.7)),
        (12, 1, 1, (0.5, 0.5)),
    ],
)
def test_patches_are_exact_hat_tilings_of_their_region(seed, width, height, origin):
    patch = generate_hats(width, height, seed, origin)
    tiles = list(patch)
    assert validate_hats(tiles, patch.region) is None
    assert len({tile.id for tile in tiles}) == len(tiles)


@settings(max_examples=15, deadline=None)
@given(
    st.integers(0, 2**63 - 1),
    st.floats(-300, 300),
    st.floats(-300, 300),
    st.floats(0.5, 25),
    st.floats(0.5, 25),
)
def test_any_region_holds_the_same_hats_as_a_larger_one(seed, x, y, width, height):
    small = {t.id: (t.vertices(), t.colour) for t in generate_hats(width, height, seed, (x, y))}
    large = generate_hats(width + 14, height + 14, seed, (x - 7, y - 7))
    large_tiles = {t.id: (t.vertices(), t.colour) for t in large}
    assert small.keys() <= large_tiles.keys()
    assert all(small[name] == large_tiles[name] for name in small)
    region = (x, y, x + width, y + height)
    assert validate_hats(generate_hats(width, height, seed, (x, y)), region) is None


def test_validation_names_the_fault():
    patch = generate_hats(30, 20, seed=4)
    tiles = list(patch)
    assert validate_hats(tiles[1:], patch.region).startswith("a gap")
    assert "overlap" in validate_hats([*tiles, tiles[3]], patch.region)
    far = next(iter(generate_hats(3, 3, seed=4, origin=(500, 500))))
    assert "does not meet" in validate_hats([*tiles, far], patch.region)

    def sides(tile):
        v = tile.vertices()
        return {(v[k], v[(k + 1) % 14]) for k in range(14)}

    first = next(t for t in tiles if not t.reflected)
    touching = {(b, a) for a, b in sides(first)}
    neighbour = next(t for t in tiles if not t.reflected and sides(t) & touching)
    faulty = [dataclasses.replace(t, colour=first.colour) if t is neighbour else t for t in tiles]
    assert "have one colour" in validate_hats(faulty, patch.region)
    mirrored_colour = next(t for t in tiles if t.reflected)
    wrong = dataclasses.replace(mirrored_colour, colour=0)
    assert "3 is for the mirrored" in validate_hats(
        [wrong if t is mirrored_colour else t for t in tiles], patch.region
    )


def test_reflected_hats_and_metatiles_come_in_their_limiting_shares():
    tiles = list(generate_hats(400, 400, seed=2))
    n = len(tiles)
    assert sum(tile.reflected for tile in tiles) / n == pytest.approx(REFLECTED_SHARE, abs=0.004)
    share = frequencies()
    per_hat = sum(HATS_IN[t] * share[t] for t in TYPES)
    found = Counter(tile.type for tile in tiles)
    for t in TYPES:
        assert found[t] / n == pytest.approx(HATS_IN[t] * share[t] / per_hat, abs=0.006)


def _vertex_configurations(outlines) -> Counter:
    """Per complete vertex, the sorted angles (in 30° steps) of the hats meeting there."""

    def angle(a, b):
        x, y = sub(b, a)
        return math.atan2(y * math.sqrt(3) / 2, x + y / 2)

    angles: dict = {}
    for outline in outlines:
        for k, vertex in enumerate(outline):
            turn = (angle(vertex, outline[k - 1]) - angle(vertex, outline[(k + 1) % 14])) % math.tau
            angles.setdefault(vertex, []).append(round(turn / (math.pi / 6)))
    return Counter(tuple(sorted(a)) for a in angles.values() if sum(a) == 12)


def test_walked_patches_agree_with_the_substitution_built_in_memory():
    tiles = [Metatile("H", Placement((0, 0), (1, 0)))]
    for _ in range(3):
        tiles = [child for child, _ in expand(tiles)]
    substituted = {tuple(hat_outline(hat)) for tile in tiles for hat in tile.hats()}
    walked = [tile.vertices() for tile in generate_hats(260, 260, seed=5)]
    expected, found = _vertex_configurations(substituted), _vertex_configurations(walked)
    assert set(expected) == set(found) and len(found) == 6
    for configuration in expected:
        share = expected[configuration] / sum(expected.values())
        assert found[configuration] / sum(found.values()) == pytest.approx(share, abs=0.012)


def test_tile_a_b_redraws_the_same_tiling():
    tiles = list(generate_hats(25, 20, seed=6))
    as_hats = shaped(tiles, HAT_SHAPE)
    assert all(np.allclose(drawn, tile.xy()) for drawn, tile in zip(as_hats, tiles, strict=True))
    for a, b in [(math.sqrt(3), 1.0), (1.0, 1.0), (0.4, 1.3), (0.0, 1.0)]:
        drawn = shaped(tiles, (a, b))
        for outline in drawn:  # each one Tile(a, b): eight sides a, six sides b
            sides = np.hypot(*np.diff(np.vstack([outline, outline[:1]]), axis=0).T)
            assert np.allclose(sorted(sides), sorted([a] * 8 + [b] * 6))
        # neighbours still meet at shared vertices: equal grid vertices draw to equal points
        at: dict = {}
        for tile, outline in zip(tiles, drawn, strict=True):
            for vertex, point in zip(tile.vertices(), outline, strict=True):
                assert np.allclose(at.setdefault(vertex, point), point)


def test_the_tiles_and_text_of_a_seed_are_pinned():
    patch = generate_hats(40, 30, seed=3)
    rows = "".join(
        f"{t.id} {t.type}{t.index} {t.turn} {t.colour} {t.vertices()[0]}\n" for t in patch
    )
    assert hashlib.sha256(rows.encode()).hexdigest()[:16] == GOLDEN_40x30_SEED_3
    far = io.BytesIO()
    generate_hats(25, 15, seed=11, origin=(-7000.5, 4200.25)).write(far, "csv")
    assert hashlib.sha256(far.getvalue()).hexdigest()[:16] == GOLDEN_CSV_FAR_SEED_11


def test_bad_regions_and_shapes_are_refused_in_one_line():
    with pytest.raises(TilewrightError, match=r"within 1125899906842624 "):
        generate_hats(10, 10, 1, (1e16, 0))
    with pytest.raises(TilewrightError, match="finite, positive"):
        generate_hats(math.nan, 10, 1)
    with pytest.raises(TypeError, match="pair"):
        generate_hats(10, 10, 1, (0,))
    patch = generate_hats(10, 10, 1)
    with pytest.raises(TilewrightError, match="not both 0"):
        patch.write(None, "svg", shape=(0, 0))
    with pytest.raises(TilewrightError, match="shape draws"):
        patch.write(None, "csv", shape=(1, 1))
    with pytest.raises(TypeError, match="real number"):
        patch.write(None, "svg", shape=("a", 1))


GOLDEN_CSV_FAR_SEED_11 = "e9c802179cb206e5"
GOLDEN_40x30_SEED_3 = "ba3f89a3e269e470"


@pytest.mark.parametrize(("seed", "box"), [(3, (0, 0, 40, 30)), (9, (-2000.5, 700.25, -1975, 720))])
def test_neighbours_are_the_hats_across_each_edge(seed, box):
    """Inside the patch, the id across each edge is the hat that runs along it the other
    way; across the region's sides, the hat a larger region holds there."""
    rows = np.concatenate(list(found_batches(HatTiling(seed), box, neighbours=True)))
    tiles = list(walk(HatTiling(seed), box))
    x0, y0, x1, y1 = box
    larger = list(walk(HatTiling(seed), (x0 - 8, y0 - 8, x1 + 8, y1 + 8)))
    along = {}
    for tile in larger:
        v = tile.vertices()
        along.update({(v[k], v[(k + 1) % 14]): tile.id for k in range(14)})
    for tile, row in zip(tiles, rows.tolist(), strict=True):
        v = tile.vertices()
        for k in range(14):
            named = ":".join(str(n) for n in row[6 + 3 * k : 9 + 3 * k])
            assert named == along[(v[(k + 1) % 14], v[k])]
