"""The puzzle collection's Spectre and hat grids, from the same grid descriptions.

Checked face by face, dot by dot and edge by edge against grids the collection built
(``tests/fixtures/collection_grids``): from descriptions it drew, and from descriptions
tilewright wrote (``*-written-*``), which is what makes game IDs portable both ways.
"""

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import assert_is_the_collections
from tilewright.aperiodic.collection_grid_kinds import COLLECTION_GRIDS
from tilewright.aperiodic.collection_patch import trimmed
from tilewright.aperiodic.hat import collection_grid as collection_hats
from tilewright.aperiodic.hat.collection_grid import (
    OUR_KITE,
    hats_description,
    hats_grid,
)
from tilewright.aperiodic.hat.collection_grid import (
    read_description as read_hats,
)
from tilewright.aperiodic.hat.collection_grid import (
    write_description as write_hats,
)
from tilewright.aperiodic.spectre import collection_grid as collection_spectres
from tilewright.aperiodic.spectre.collection_grid import (
    read_description as read_spectres,
)
from tilewright.aperiodic.spectre.collection_grid import (
    spectres_description,
    spectres_grid,
)
from tilewright.aperiodic.spectre.collection_grid import (
    write_description as write_spectres,
)
from tilewright.core.errors import TilewrightError
from tilewright.core.planar_map import planar_map

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "collection_grids"
BUILDERS = {"spectres": spectres_grid, "hats": hats_grid}
# the collection draws hats with an x unit of 14 and a y unit of 8 (about 1% squashed)
SQUASH = {"spectres": 0.005, "hats": 0.012}


def fixtures(kind: str) -> list[str]:
    return sorted(path.stem for path in FIXTURES.glob(f"{kind}-*.json"))


@pytest.mark.parametrize("name", fixtures("spectres") + fixtures("hats"))
def test_the_grid_is_the_collections(name):
    theirs = json.loads((FIXTURES / f"{name}.json").read_text())
    kind = theirs["type"]
    grid = BUILDERS[kind](theirs["width"], theirs["height"], theirs["grid_desc"])
    assert grid.kind == kind
    assert grid.params["description"] == theirs["grid_desc"]
    assert_is_the_collections(grid, theirs, SQUASH[kind])


@pytest.mark.parametrize("name", sorted(path.stem for path in FIXTURES.glob("*-written-*.json")))
def test_a_written_description_is_the_one_tilewright_draws(name):
    theirs = json.loads((FIXTURES / f"{name}.json").read_text())
    seed = int(theirs["written_by"].split()[-1])
    describe = {"spectres": spectres_description, "hats": hats_description}[theirs["type"]]
    assert describe(theirs["width"], theirs["height"], seed=seed) == theirs["grid_desc"]


def digest(grid) -> str:
    plan = planar_map(grid)
    data = np.concatenate([plan.face_dots, plan.edges.reshape(-1), plan.edge_faces.reshape(-1)])
    return hashlib.sha256(data.astype(np.int64).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize(
    ("kind", "golden"),
    [
        ("spectres", ("00104403S", 134, "cc4c0121e1821db1")),
        ("hats", ("7,1,12,1,9,H", 139, "0df4981e80f5d8c4")),
    ],
)
def test_golden_grids(kind, golden):
    grid = BUILDERS[kind](16, 14, seed=20261205)
    assert (grid.params["description"], grid.num_cells, digest(grid)) == golden


@given(
    st.sampled_from(["spectres", "hats"]),
    st.integers(6, 16),
    st.integers(6, 16),
    st.integers(0, 2**63 - 1),
)
def test_a_drawn_grid_is_one_planar_piece_read_back_from_its_description(kind, w, h, seed):
    grid = BUILDERS[kind](w, h, seed=seed)
    plan = planar_map(grid)
    # Euler for one connected patch (the outer face not counted); every inner edge has
    # two faces, every face 14 corners
    assert len(plan.dots) - len(plan.edges) + plan.num_faces == 1
    assert (np.diff(plan.face_ptr) == 14).all()
    inner = plan.edge_faces[:, 1] >= 0
    counts = np.bincount(plan.edge_faces[inner].reshape(-1), minlength=plan.num_faces)
    assert counts.sum() == 2 * inner.sum()
    again = BUILDERS[kind](w, h, grid.params["description"])
    assert digest(again) == digest(grid)


@given(st.integers(0, 11), st.lists(st.integers(0, 7), min_size=2, max_size=12), st.data())
def test_a_spectre_description_reads_back(turn, indices, data):
    top = data.draw(st.sampled_from("GDJLXPSFY"))
    text = "0123456789AB"[turn] + "".join(str(i) for i in indices) + top
    try:
        read = read_spectres(text)
    except TilewrightError as error:
        assert "out of range" in str(error)
        return
    assert write_spectres(*read) == text


def test_a_hat_description_reads_back():
    address = read_hats("3,1,0,5,H")
    assert address.kite == OUR_KITE[3]
    assert write_hats(address) == "3,1,0,5,H"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "too short"),
        ("0", "too short"),
        ("00", "too short"),
        ("C05G", "must start with a turn"),
        ("005x", "must end with a hexagon letter"),
        ("0a5G", "not a digit"),
        ("09G", "out of range"),
        ("0" + "1" * 300 + "G", "at most 256"),
        ("0055700P", "too few levels"),
    ],
)
def test_a_bad_spectre_description_is_refused_in_one_line(text, says):
    with pytest.raises(TilewrightError, match=says) as caught:
        spectres_grid(100, 100, text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not at least three numbers"),
        ("1,2,H", "is not at least three numbers"),
        ("1,2,3,X", "is not at least three numbers"),
        ("1,2,300,H", "is not at least three numbers"),
        ("8,0,0,H", "kite index out of range"),
        ("0,4,0,H", "hat index out of range"),
        ("0,0,13,H", "metatile index out of range"),
        ("0,0,0,7,T", "metatile index out of range"),
        ("0,0,0,H_", "is not at least three numbers"),
    ],
)
def test_a_bad_hat_description_is_refused_in_one_line(text, says):
    with pytest.raises(TilewrightError, match=says) as caught:
        hats_grid(8, 8, text)
    assert "\n" not in str(caught.value)


def test_a_short_hat_description_takes_the_first_parents_above_it():
    # the collection fills missing levels with each type's first parent, so a short
    # description still names one patch: the grid built from it is the one built from
    # the same description with those parents written out
    short = hats_grid(30, 30, "0,0,0,H")
    assert digest(short) == digest(hats_grid(30, 30, "0,0,0,0,0,0,0,0,H"))


@pytest.mark.parametrize("builder", [spectres_grid, hats_grid])
def test_a_size_below_six_is_refused(builder):
    with pytest.raises(TilewrightError, match="at least 6x6"):
        builder(5, 9, seed=1)


def test_the_trim_keeps_the_largest_inner_piece():
    # two 2x2 blocks of squares joined by one square: each block has one inner dot, the
    # bridge none; of two pieces as large the collection's union-find keeps the first
    square = [[0, 1, 4, 3], [1, 2, 5, 4], [3, 4, 7, 6], [4, 5, 8, 7]]
    faces = square + [[d + 9 for d in face] for face in square]
    kept, number = trimmed(faces, 18)
    assert kept == [0, 1, 2, 3]
    assert number[:9].tolist() == list(range(9)) and (number[9:] == -1).all()


@pytest.mark.parametrize("kind", ["spectres", "hats"])
def test_a_search_short_of_room_or_levels_searches_again_to_the_same_grid(kind, monkeypatch):
    # the compiled search starts with room for about as many tiles as the size holds and
    # a few levels of ancestry to spare; with neither it must search again, and draw the
    # levels it needs as they would be drawn one by one
    module = {"spectres": collection_spectres, "hats": collection_hats}[kind]
    room = {"spectres": "TILES_PER_SQUARE", "hats": "HATS_PER_SQUARE"}[kind]
    roomy = [BUILDERS[kind](20, 14, seed=seed) for seed in range(4)]
    monkeypatch.setattr(module, room, 0)
    monkeypatch.setattr(module, "SPARE_LEVELS", -20)
    for seed, grid in enumerate(roomy):
        tight = BUILDERS[kind](20, 14, seed=seed)
        assert tight.params == grid.params
        assert digest(tight) == digest(grid)


def plain_trim(faces: list[list[int]], dots: int) -> tuple[list[int], list[int]]:
    """The collection's trim written plainly (sets of sides, union-find by size, no path
    compression), for the compiled one to be checked against."""
    sides = {(face[k - 1], face[k]) for face in faces for k in range(len(face))}
    inner = [True] * dots
    for a, b in sides:
        if (b, a) not in sides:
            inner[a] = inner[b] = False
    parent, size = list(range(dots)), [1] * dots

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    for a in range(dots):
        for b in sorted(b for x, b in sides if x == a and b < a and inner[a] and inner[b]):
            ra, rb = root(a), root(b)
            if ra != rb:
                big, small = (ra, rb) if size[ra] > size[rb] else (rb, ra)
                parent[small] = big
                size[big] += size[small]
    roots = [root(x) for x in range(dots)]
    best = max((size[x] for x in range(dots) if inner[x] and roots[x] == x), default=0)
    largest = next((x for x in range(dots) if inner[x] and roots[x] == x and size[x] == best), -1)
    kept = [
        f for f, face in enumerate(faces) if largest >= 0 and largest in (roots[d] for d in face)
    ]
    used = sorted({d for f in kept for d in faces[f]})
    number = [-1] * dots
    for new, d in enumerate(used):
        number[d] = new
    return kept, number


@given(st.sampled_from(["spectres", "hats"]), st.integers(0, 2**32 - 1), st.data())
def test_the_compiled_trim_is_the_plain_one(kind, seed, data):
    # a grid's faces less some, in a shuffled dot order: coasts, holes, pieces and ties
    plan = planar_map(BUILDERS[kind](9, 8, seed=seed))
    faces = np.split(plan.face_dots, plan.face_ptr[1:-1])
    gone = data.draw(st.sets(st.integers(0, len(faces) - 1), max_size=len(faces) // 2))
    order = np.random.default_rng(seed).permutation(len(plan.dots))
    kept = [order[face].tolist() for f, face in enumerate(faces) if f not in gone]
    ours = trimmed(kept, len(plan.dots))
    assert (ours[0], ours[1].tolist()) == plain_trim(kept, len(plan.dots))


@pytest.mark.parametrize("kind", COLLECTION_GRIDS, ids=lambda kind: kind.name)
def test_the_grid_kinds_build_from_a_size_and_seed(kind):
    grid = kind.build("12x9", seed=4)
    assert grid.kind == kind.name
    assert grid.params == kind.build((12, 9), seed=4).params
    with pytest.raises(TilewrightError, match="size is WIDTHxHEIGHT"):
        kind.build(f"{kind.smallest - 1}x9", seed=4)


@pytest.mark.parametrize("builder", [spectres_grid, hats_grid])
def test_a_grid_beyond_memory_is_refused_before_the_search(builder):
    with pytest.raises(TilewrightError, match="of memory") as caught:
        builder(100_000, 100_000, seed=1)
    assert "\n" not in str(caught.value)
