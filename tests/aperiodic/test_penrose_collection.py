"""The puzzle collection's Penrose grids (Loopy types 11 and 12), checked against the
collection's own data, and the grid descriptions tilewright reads and writes."""

import hashlib
import itertools
import json
import time
from pathlib import Path

import numpy as np
import pytest

from tests.helpers import assert_is_the_collections
from tilewright.aperiodic.penrose import patch as penrose_patch
from tilewright.aperiodic.penrose import penrose_description, penrose_grid
from tilewright.aperiodic.penrose.collection_grid import random_description
from tilewright.aperiodic.penrose.collection_random import CollectionRandom
from tilewright.aperiodic.penrose.field import PHI, T, multiply, power
from tilewright.aperiodic.penrose.tables import MOVE_IN, MOVE_OUT
from tilewright.core.errors import TilewrightError
from tilewright.core.planar_map import planar_map

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "collection_grids"
NAMES = sorted(path.stem for path in FIXTURES.glob("penrose-*.json"))
LETTERS = {"p2": "ABUV", "p3": "CDXY"}
LOOPY_TYPE = {11: "p2", 12: "p3"}

# Grids the collection's own grid_new built (at commit 790f5851, compiled with a small
# driver outside the repository): Loopy type, width, height, grid description, faces, and
# the first 16 hex digits of the SHA-256 of its faces and edges as JSON (see digest()).
# The first eight descriptions the collection drew; the rest are too short for their
# grid, so the collection made up the levels above from its seed text "dummy".
COLLECTION_BUILT = [
    (11, 12, 9, "01ABUUAABUAAB", 67, "b6d693a16f03a3e9"),
    (12, 12, 9, "01CCXYCCCXXDY", 75, "936ff7cbb6d9a807"),
    (11, 25, 17, "81VBAAABUAVBABAAV", 319, "de1eddc647453dd5"),
    (12, 17, 25, "71DYCXYXYYXXYXDDDY", 290, "43b3df22024f3a93"),
    (11, 40, 40, "02AABAVBABBBBB", 1290, "a0ae91d15f2d7c95"),
    (12, 40, 40, "90YYYYXXDYYCXDY", 1269, "706be4d0bf733f7c"),
    (11, 8, 30, "80ABAAVBUABUUA", 166, "356e13403df549b0"),
    (12, 30, 8, "22CXYYYYCXDDYYCX", 147, "2a90b2c99f1b9a41"),
    (11, 20, 20, "00A", 300, "1203cb48b8a7784b"),
    (11, 30, 30, "92VB", 735, "6f493dceda6954af"),
    (12, 20, 20, "00C", 290, "a7953d6da282226b"),
    (12, 22, 15, "51X", 239, "e8cadf72e36d5145"),
    (11, 18, 18, "61BAAB", 231, "abd93a4fc6f1b290"),
    (11, 15, 22, "72U", 256, "5dbb4e8689d820c1"),
    (12, 30, 30, "42YXD", 687, "e2c6d4fbd769c68b"),
    (12, 18, 18, "91DY", 220, "68e5cc391139a699"),
]


# Grids of older descriptions (G<x>,<y>,<angle>, before 2023), as the collection built
# them: the same columns. Its number reading skips spaces and ignores what follows.
COLLECTION_BUILT_LEGACY = [
    (11, 10, 10, "G0,0,0", 59, "f635a79300a2d0da"),
    (12, 10, 10, "G0,0,0", 51, "d4e5e2d1d008b25d"),
    (11, 7, 9, "G 120, -340,\t72xyz", 35, "ac755d0ffed4b45a"),
    (12, 12, 8, "G+500,250,216", 55, "d52028d85de4342c"),
    (11, 5, 4, "G-1000,800,324", 3, "5321f64ed8c2135f"),
    (12, 6, 6, "G100,100,180", 13, "fb956f912c2e945a"),
    (11, 15, 15, "G2000,-1500,144", 158, "913e280d4ee57c25"),
    (12, 20, 14, "G-3000,1000,108", 166, "9c931c5fb8831f61"),
    (11, 3, 3, "G0,0,0", 5, "b2ac9895de06f594"),
]


def digest(faces: list, edges: list) -> str:
    text = json.dumps([faces, edges], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def faces_and_edges(grid) -> tuple[list, list]:
    plan = planar_map(grid)
    faces = [plan.face(f).tolist() for f in range(plan.num_faces)]
    edges = np.concatenate([plan.edges, plan.edge_faces], axis=1).tolist()
    return faces, edges


def accepted_by_the_collections_rules(text: str, which: str) -> bool:
    """The collection's check of a (new-style) description, re-derived: a digit, a digit
    0-2, then at least one tile letter, each followed only by a letter of a triangle it
    can be a child of (a parent whose moves name it)."""
    parents = {(p, c) for p, c, _ in MOVE_OUT}
    letters = text[2:]
    return (
        len(text) >= 3
        and text[0] in "0123456789"
        and text[1] in "012"
        and all(c in LETTERS[which] for c in letters)
        and all((p, c) in parents for c, p in itertools.pairwise(letters))
    )


@pytest.mark.parametrize("name", NAMES)
def test_the_grid_is_the_collections(name):
    theirs = json.loads((FIXTURES / f"{name}.json").read_text())
    which = theirs["type"].removeprefix("penrose-")
    grid = penrose_grid(theirs["width"], theirs["height"], which, description=theirs["grid_desc"])
    assert grid.kind == theirs["type"]
    assert grid.params["description"] == theirs["grid_desc"]
    assert_is_the_collections(grid, theirs)


@pytest.mark.parametrize("name", NAMES)
def test_the_collections_own_draw_is_replayed(name):
    # Loopy draws its description first thing from the game seed's random state
    theirs = json.loads((FIXTURES / f"{name}.json").read_text())
    which = theirs["type"].removeprefix("penrose-")
    drawn = random_description(
        theirs["width"], theirs["height"], which, CollectionRandom(theirs["seed"])
    )
    assert drawn.text() == theirs["grid_desc"]


@pytest.mark.parametrize(("loopy", "width", "height", "text", "faces", "hashed"), COLLECTION_BUILT)
def test_more_grids_the_collection_built(loopy, width, height, text, faces, hashed):
    grid = penrose_grid(width, height, LOOPY_TYPE[loopy], description=text)
    assert grid.num_cells == faces
    assert digest(*faces_and_edges(grid)) == hashed


@pytest.mark.parametrize(
    ("loopy", "width", "height", "text", "faces", "hashed"), COLLECTION_BUILT_LEGACY
)
def test_older_descriptions_the_collection_built(loopy, width, height, text, faces, hashed):
    grid = penrose_grid(width, height, LOOPY_TYPE[loopy], description=text)
    assert grid.params["description"] == text
    assert grid.num_cells == faces
    assert digest(*faces_and_edges(grid)) == hashed


@pytest.mark.parametrize("which", ["p2", "p3"])
@pytest.mark.parametrize("seed", range(6))
def test_a_written_description_is_valid_and_rebuilds_the_grid(which, seed):
    rng = np.random.default_rng(seed)
    width, height = (int(s) for s in rng.integers(5, 40, size=2))
    grid = penrose_grid(width, height, which, seed=seed)
    text = grid.params["description"]
    assert text == penrose_description(width, height, which, seed=seed)
    assert accepted_by_the_collections_rules(text, which)
    again = penrose_grid(width, height, which, description=text)
    assert again.params["description"] == text
    assert np.array_equal(again.polygons, grid.polygons)
    assert np.array_equal(again.polygon_ptr, grid.polygon_ptr)
    assert np.array_equal(again.vertices, grid.vertices)
    # letters above the ones the patch used change nothing (every letter is a possible
    # parent of itself)
    longer = text + text[-1] * 50
    assert accepted_by_the_collections_rules(longer, which)
    assert np.array_equal(
        penrose_grid(width, height, which, description=longer).polygons, grid.polygons
    )


class Draws:
    """Draws from NumPy's generator, for random_description."""

    def __init__(self, seed: int) -> None:
        self.rng = np.random.default_rng(seed)

    def below(self, limit: int) -> int:
        return int(self.rng.integers(limit))


@pytest.mark.parametrize("which", ["p2", "p3"])
def test_drawn_descriptions_follow_the_collections_rules(which):
    for seed in range(60):
        rng = np.random.default_rng(seed)
        width, height = (int(s) for s in rng.integers(3, 30, size=2))
        drawn = random_description(width, height, which, Draws(seed)).text()
        assert accepted_by_the_collections_rules(drawn, which)


@pytest.mark.parametrize("which", ["p2", "p3"])
@pytest.mark.parametrize("seed", [0, 1, 2, 40])
def test_a_grid_is_one_connected_patch(which, seed):
    grid = penrose_grid(23, 17, which, seed=seed)
    plan = planar_map(grid)
    # Euler's formula for a disc (the outer face not counted)
    assert len(plan.dots) - len(plan.edges) + plan.num_faces == 1
    # every inner edge between exactly two faces, every face a quadrilateral
    assert (plan.edge_faces[:, 0] >= 0).all()
    assert (plan.edge_faces[:, 0] != plan.edge_faces[:, 1]).all()
    assert set(np.diff(plan.face_ptr).tolist()) == {4}
    sides = np.bincount(plan.face_edges, minlength=len(plan.edges))
    assert ((sides == 2) == (plan.edge_faces[:, 1] >= 0)).all()
    # every face turns the same way (the collection's faces turn anticlockwise on screen)
    x, y = grid.vertices[grid.polygons].reshape(-1, 4, 2).transpose(2, 0, 1)
    areas = (x * np.roll(y, -1, axis=1) - np.roll(x, -1, axis=1) * y).sum(axis=1)
    assert (areas < 0).all()
    # kites and darts, or thin and thick rhombs: two areas in the ratio φ (the
    # collection's stretch scales every area alike)
    sizes = np.unique(np.round(areas / areas.min(), 9))
    assert np.allclose(sizes, [1 / ((1 + 5**0.5) / 2), 1])


@pytest.mark.parametrize(
    ("text", "which", "message"),
    [
        ("", "p2", "must start with a digit"),
        ("A0A", "p2", "must start with a digit"),
        ("\u0661" + "0A", "p2", "must start with a digit"),
        ("0", "p2", "0, 1 or 2"),
        ("03A", "p2", "0, 1 or 2"),
        ("00", "p2", "names no tile"),
        ("00C", "p2", "'C' where a kite/dart letter"),
        ("00A", "p3", "'A' where a rhomb letter"),
        ("00a", "p2", "where a kite/dart letter"),
        ("00AU", "p2", "'U' above 'A'"),
        ("00CY", "p3", "'Y' above 'C'"),
        ("00AB_1a2", "p2", "'_' where"),
        ("G12,-3", "p2", r"must read G<x>,<y>,<angle>"),
        ("G 0 ,0,0", "p2", r"must read G<x>,<y>,<angle>"),
        ("G0,0,18", "p2", "an angle that is not 0, 36"),
        ("G0,0,360", "p3", "an angle that is not 0, 36"),
        ("G99999,0,0", "p2", "centred too far out: at most 13"),
        ("G1" + "0" * 30 + ",0,0", "p2", "centred too far out"),
        ("G0,-" + "9" * 100_000 + ",0", "p2", "centred too far out"),
        ("G0,0," + "3" * 5000, "p2", "an angle that is not"),
        ("00" + "AB" * 100_000 + "AU", "p2", "'U' above 'A'"),
        ("00" + "A" * 1_000_000 + "?", "p2", "'\\?' where"),
    ],
)
def test_a_description_the_collection_refuses_is_refused_in_one_line(text, which, message):
    with pytest.raises(TilewrightError, match=message) as caught:
        penrose_grid(20, 20, which, description=text)
    assert "\n" not in str(caught.value)
    assert len(str(caught.value)) < 200


def test_a_description_must_be_text_and_the_kind_known():
    with pytest.raises(TypeError):
        penrose_grid(20, 20, "p2", description=12)
    with pytest.raises(TilewrightError, match=r"'p2' .* or 'p3'"):
        penrose_grid(20, 20, "p4", description="00A")


def test_a_long_description_costs_its_length_only():
    text = "00" + "A" * 2_000_000
    start = time.process_time()
    grid = penrose_grid(30, 30, "p2", description=text)
    assert time.process_time() - start < 5
    # only the letters the patch reaches matter
    assert np.array_equal(grid.polygons, penrose_grid(30, 30, "p2", description=text[:40]).polygons)


def test_a_description_whose_patch_keeps_nothing_is_refused():
    # the collection builds an empty grid from this one (and Loopy then fails)
    with pytest.raises(TilewrightError, match="keeps no tile in a 3x38 grid"):
        penrose_grid(3, 38, "p2", description="90UAAVVV")


@pytest.mark.parametrize("which", ["p2", "p3"])
@pytest.mark.parametrize("size", [(2, 10), (10, 2), (0, 5), (-3, 7)])
def test_a_side_below_three_is_refused(which, size):
    with pytest.raises(TilewrightError, match="at least 3"):
        penrose_grid(*size, which, seed=1)
    with pytest.raises(TilewrightError, match="at least 3"):
        penrose_description(*size, which, seed=1)


def test_sizes_past_the_collections_limit_or_memory_are_refused():
    with pytest.raises(TilewrightError, match="larger than the collection allows"):
        penrose_grid(10**8, 10**8, "p2", description="00A")
    with pytest.raises(TilewrightError, match="memory"):
        penrose_grid(60_000, 900, "p3", seed=1)
    with pytest.raises(TypeError):
        penrose_grid(10.0, 10, "p2", seed=1)


def test_a_size_that_holds_no_patch_says_so():
    # kites and darts 3 wide never keep a tile (a dot surrounded needs more room)
    with pytest.raises(TilewrightError, match=r"keeps a tile .*larger size"):
        penrose_description(3, 3, "p2", seed=0)


def test_the_seed_is_recorded_and_reproduces_the_grid():
    grid = penrose_grid(12, 12, "p3")
    again = penrose_grid(12, 12, "p3", seed=grid.params["seed"])
    assert again.params == grid.params
    assert set(grid.params) == {"width", "height", "seed", "description", "dot_order"}


def test_a_search_short_of_room_searches_again_to_the_same_grid(monkeypatch):
    roomy = penrose_grid(30, 20, "p2", seed=20261205)
    monkeypatch.setattr(penrose_patch, "BOX_AREA_PER_TILE", 10**9)
    tight = penrose_grid(30, 20, "p2", seed=20261205)
    assert tight.params == roomy.params
    assert faces_and_edges(tight) == faces_and_edges(roomy)


def test_golden_grid():
    grid = penrose_grid(30, 20, "p2", seed=20261205)
    faces, edges = faces_and_edges(grid)
    assert grid.params["description"] == GOLDEN_DESCRIPTION
    assert (grid.num_cells, digest(faces, edges)) == GOLDEN


GOLDEN_DESCRIPTION = "81UAVBBUUUAAAVBBU"
GOLDEN = (471, "294858afe3b8bdca")


def test_moves_are_consistent():
    # every move into a parent lands on a child the moves out of that parent know, and
    # every move out to a sibling stays among those children
    children = {(p, c) for p, c, _ in MOVE_OUT}
    for (parent, _, _), (child, edge) in MOVE_IN.items():
        assert (parent, child) in children and 0 <= edge < 3
    for (parent, _, _), (sibling, _, _) in MOVE_OUT.items():
        assert not sibling or (parent, sibling) in children
    assert multiply(PHI, PHI) == tuple(a + b for a, b in zip(PHI, (1, 0, 0, 0), strict=True))
    assert power(T, 10) == (1, 0, 0, 0)


def test_the_collections_random_numbers():
    # draws of the collection's random state for seed "tilewright", as its own code made
    rs = CollectionRandom("tilewright")
    assert [rs.below(3) for _ in range(6)] == THEIR_DRAWS
    assert rs.below(204669464) == 8418988


THEIR_DRAWS = [1, 1, 2, 1, 0, 0]


@pytest.mark.parametrize("which", ["p2", "p3"])
def test_older_patches_lose_no_tile_to_the_pruning(which, monkeypatch):
    from tilewright.aperiodic.penrose import legacy

    centres = [(0, 0, 0), (700, -450, 72), (-1300, 900, 288)]
    pruned = [legacy.legacy_tiles(which, 6, 5, centre) for centre in centres]
    monkeypatch.setattr(legacy._Subdivision, "far", lambda self, corners: False)
    assert [legacy.legacy_tiles(which, 6, 5, centre) for centre in centres] == pruned
    assert all(pruned)
