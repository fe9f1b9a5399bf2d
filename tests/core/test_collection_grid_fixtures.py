"""The puzzle collection's Loopy grids (tests/fixtures/collection_grids) are well formed.

They are the reference tilewright's grids must match face for face, edge for edge and dot
for dot, so they are checked first on their own: every edge joins dots and faces that exist,
every face walks a cycle of edges, each patch is one connected planar piece (Euler's
V - E + F = 1, the outer face not counted), and the counts are those the collection gave.
"""

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parent.parent / "fixtures" / "collection_grids"

# (dots, edges, faces) of each fixture, as the collection's commit in the README made them.
COUNTS = {
    "square-3x3": (16, 24, 9),
    "square-5x4": (30, 49, 20),
    "square-7x7": (64, 112, 49),
    "triangular-3x3": (16, 34, 19),
    "triangular-5x4": (32, 75, 44),
    "triangular-7x7": (66, 168, 103),
    "honeycomb-3x3": (30, 38, 9),
    "honeycomb-5x4": (58, 77, 20),
    "honeycomb-7x7": (126, 174, 49),
    "snub-square-3x3": (24, 44, 21),
    "snub-square-5x4": (49, 99, 51),
    "snub-square-7x7": (112, 244, 133),
    "cairo-3x4": (40, 56, 17),
    "cairo-5x4": (66, 96, 31),
    "cairo-7x7": (158, 241, 84),
    "great-hexagonal-3x3": (54, 86, 33),
    "great-hexagonal-5x4": (120, 206, 87),
    "great-hexagonal-7x7": (294, 534, 241),
    "octagonal-3x3": (48, 60, 13),
    "octagonal-5x4": (98, 129, 32),
    "octagonal-7x7": (224, 308, 85),
    "kites-3x3": (77, 130, 54),
    "kites-5x4": (155, 274, 120),
    "kites-7x7": (349, 642, 294),
    "floret-1x2": (34, 45, 12),
    "floret-5x4": (199, 300, 102),
    "floret-7x7": (481, 750, 270),
    "dodecagonal-2x2": (38, 43, 6),
    "dodecagonal-5x4": (154, 197, 44),
    "dodecagonal-7x7": (348, 468, 121),
    "great-dodecagonal-2x2": (48, 58, 11),
    "great-dodecagonal-5x4": (240, 326, 87),
    "great-dodecagonal-7x7": (588, 828, 241),
    "penrose-p2-5x4": (11, 15, 5),
    "penrose-p2-7x7": (21, 35, 15),
    "penrose-p2-10x10": (74, 134, 61),
    "penrose-p3-5x4": (14, 20, 7),
    "penrose-p3-7x7": (38, 64, 27),
    "penrose-p3-10x10": (88, 156, 69),
    "great-great-dodecagonal-2x2": (58, 74, 17),
    "great-great-dodecagonal-5x4": (326, 484, 159),
    "great-great-dodecagonal-7x7": (828, 1284, 457),
    "kagome-3x3": (38, 62, 25),
    "kagome-5x4": (77, 134, 58),
    "kagome-7x7": (174, 318, 145),
    "compass-dodecagonal-2x2": (40, 48, 9),
    "compass-dodecagonal-5x4": (178, 257, 80),
    "compass-dodecagonal-7x7": (420, 648, 229),
    "hats-6x6": (143, 159, 17),
    "hats-8x6": (189, 212, 24),
    "hats-10x10": (422, 480, 59),
    "spectres-6x6": (112, 124, 13),
    "spectres-8x6": (148, 165, 18),
    "spectres-10x10": (371, 422, 52),
    # more patches of the random grids, drawn by the collection from other seeds
    "hats-12x9-tilewright-2": (450, 511, 62),
    "hats-20x20-tilewright-3": (1714, 1975, 262),
    "spectres-12x9-tilewright-2": (412, 468, 57),
    "spectres-20x20-tilewright-3": (1659, 1911, 253),
    # descriptions tilewright wrote, built by the collection
    "hats-9x7-written-1": (236, 266, 31),
    "hats-15x15-written-2": (948, 1087, 140),
    "spectres-9x7-written-1": (216, 243, 28),
    "spectres-15x15-written-2": (904, 1036, 133),
}

# Loopy's type index T ("WxHtT") and the face sizes each type is made of.
TYPES = {
    "square": (0, {4}),
    "triangular": (1, {3}),
    "honeycomb": (2, {6}),
    "snub-square": (3, {3, 4}),
    "cairo": (4, {5}),
    "great-hexagonal": (5, {3, 4, 6}),
    "octagonal": (6, {4, 8}),
    "kites": (7, {4}),
    "floret": (8, {5}),
    "dodecagonal": (9, {3, 12}),
    "great-dodecagonal": (10, {4, 6, 12}),
    "penrose-p2": (11, {4}),
    "penrose-p3": (12, {4}),
    "great-great-dodecagonal": (13, {3, 4, 6, 12}),
    "kagome": (14, {3, 6}),
    "compass-dodecagonal": (15, {3, 4, 12}),
    # a hat's 13 corners plus the middle of its one side of length 2; a spectre's 14
    "hats": (16, {14}),
    "spectres": (17, {14}),
}

# Lattice types with one face of their largest kind per W×H cell (size, faces per cell).
PER_CELL = {
    "square": (4, 1),
    "honeycomb": (6, 1),
    "snub-square": (4, 1),
    "great-hexagonal": (6, 1),
    "octagonal": (8, 1),
    "kites": (4, 6),
    "dodecagonal": (12, 1),
    "great-dodecagonal": (12, 1),
    "great-great-dodecagonal": (12, 1),
    "kagome": (6, 1),
    "compass-dodecagonal": (12, 1),
}

# Grids cut from an aperiodic tiling and trimmed: their dots are renumbered after trimming.
TRIMMED = {"penrose-p2", "penrose-p3", "hats", "spectres"}

KEYS = [
    "type",
    "loopy_type",
    "loopy_params",
    "width",
    "height",
    "seed",
    "source_commit",
    "grid_desc",
    "tilesize",
    "extent",
    "bbox",
    "dots",
    "faces",
    "edges",
]


@cache
def load(stem: str) -> dict:
    """One fixture, read once (the tests only read it)."""
    return json.loads((FOLDER / f"{stem}.json").read_text())


def signed_area2(grid: dict, face: list[int]) -> int:
    """Twice the face's signed area (shoelace), in the collection's integer coordinates."""
    points = [grid["dots"][dot] for dot in face]
    turned = points[1:] + points[:1]
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, turned, strict=True))


def plain(stem: str) -> bool:
    """Is this one of each type's three fixtures drawn from the seed "tilewright"?"""
    grid = load(stem)
    return stem == f"{grid['type']}-{grid['width']}x{grid['height']}"


def test_every_type_has_three_fixtures_and_nothing_else():
    stems = sorted(path.stem for path in FOLDER.glob("*.json"))
    assert stems == sorted(COUNTS)
    assert Counter(load(stem)["type"] for stem in stems if plain(stem)) == dict.fromkeys(TYPES, 3)
    assert sum(path.stat().st_size for path in FOLDER.iterdir()) < 2_000_000


@pytest.mark.parametrize("stem", COUNTS)
def test_header_names_the_grid(stem):
    grid = load(stem)
    written = grid.get("written_by")
    assert list(grid) == KEYS + (["written_by"] if written else [])
    index, _ = TYPES[grid["type"]]
    width, height = grid["width"], grid["height"]
    name = f"{grid['type']}-{width}x{height}"
    if written:  # a description tilewright wrote (from a seed), not one the collection drew
        assert grid["seed"] is None and written.startswith("tilewright, seed ")
        assert stem == f"{name}-written-{written.split()[-1]}"
    else:
        assert stem == name + ("" if grid["seed"] in (None, "tilewright") else f"-{grid['seed']}")
    assert grid["loopy_type"] == index
    assert grid["loopy_params"] == f"{width}x{height}t{index}"
    assert len(grid["source_commit"]) == 40
    int(grid["source_commit"], 16)
    if grid["type"] in TRIMMED:  # a layout drawn at random: the seed reproduces it
        assert (grid["seed"] or written) and grid["grid_desc"]
        assert "_" not in grid["grid_desc"]  # Loopy's separator before the clues
    else:
        assert grid["seed"] is None
        assert grid["grid_desc"] == ("0" if grid["type"] == "triangular" else None)


@pytest.mark.parametrize("stem", COUNTS)
def test_counts_and_face_sizes(stem):
    grid = load(stem)
    dots, edges, faces = grid["dots"], grid["edges"], grid["faces"]
    assert (len(dots), len(edges), len(faces)) == COUNTS[stem]
    assert len(dots) - len(edges) + len(faces) == 1  # Euler, the outer face not counted
    assert {len(face) for face in faces} == TYPES[grid["type"]][1]
    if grid["type"] in PER_CELL:
        size, per_cell = PER_CELL[grid["type"]]
        largest = sum(len(face) == size for face in faces)
        assert largest == per_cell * grid["width"] * grid["height"]


def test_count_formulas_of_the_plain_lattices():
    for stem in COUNTS:
        grid = load(stem)
        width, height = grid["width"], grid["height"]
        faces = len(grid["faces"])
        if grid["type"] == "square":
            assert (len(grid["dots"]), faces) == ((width + 1) * (height + 1), width * height)
        if grid["type"] == "triangular":
            # rows of 2W + 1 triangles; an odd height loses the last row's two ends ("ears")
            assert faces == height * (2 * width + 1) - 2 * (height % 2)


@pytest.mark.parametrize("stem", COUNTS)
def test_edges_join_existing_dots_and_faces(stem):
    grid = load(stem)
    ndots, nfaces = len(grid["dots"]), len(grid["faces"])
    pairs = set()
    for dot1, dot2, face1, face2 in grid["edges"]:
        assert 0 <= dot1 < ndots and 0 <= dot2 < ndots and dot1 != dot2
        assert 0 <= face1 < nfaces and -1 <= face2 < nfaces and face1 != face2
        pairs.add(frozenset((dot1, dot2)))
    assert len(pairs) == len(grid["edges"])  # no edge twice
    assert all(isinstance(c, int) for dot in grid["dots"] for c in dot)
    assert len({tuple(dot) for dot in grid["dots"]}) == ndots  # no two dots at one place


@pytest.mark.parametrize("stem", COUNTS)
def test_faces_are_cycles_of_edges(stem):
    grid = load(stem)
    sides = {}  # (dot, next dot) -> face: each directed side belongs to one face
    for index, face in enumerate(grid["faces"]):
        assert len(set(face)) == len(face) >= 3
        for dot, after in zip(face, face[1:] + face[:1], strict=True):
            assert (dot, after) not in sides
            sides[dot, after] = index
    for dot1, dot2, face1, face2 in grid["edges"]:
        # face1 runs dot1 -> dot2; face2, across the edge, runs the other way
        assert sides.pop((dot1, dot2)) == face1
        if face2 == -1:
            assert (dot2, dot1) not in sides
        else:
            assert sides.pop((dot2, dot1)) == face2
    assert not sides  # every side of every face is an edge
    used = {dot for face in grid["faces"] for dot in face}
    assert used == set(range(len(grid["dots"])))


@pytest.mark.parametrize("stem", COUNTS)
def test_edges_are_numbered_as_faces_first_meet_them(stem):
    # The collection's rule: walk faces in order, each face's sides in order; a side not met
    # before is a new edge (its dots in this face's order, this face first).
    grid = load(stem)
    edges, where = [], {}
    for index, face in enumerate(grid["faces"]):
        for dot, after in zip(face, face[1:] + face[:1], strict=True):
            key = frozenset((dot, after))
            if key in where:
                edges[where[key]][3] = index
            else:
                where[key] = len(edges)
                edges.append([dot, after, index, -1])
    assert edges == grid["edges"]


@pytest.mark.parametrize("stem", [stem for stem in COUNTS if load(stem)["type"] not in TRIMMED])
def test_dots_are_numbered_as_faces_first_name_them(stem):
    grid = load(stem)
    order = list(dict.fromkeys(dot for face in grid["faces"] for dot in face))
    assert order == list(range(len(grid["dots"])))


@pytest.mark.parametrize("stem", COUNTS)
def test_faces_turn_one_way_and_the_patch_is_connected(stem):
    grid = load(stem)
    signs = {signed_area2(grid, face) > 0 for face in grid["faces"]}
    assert len(signs) == 1
    assert all(signed_area2(grid, face) != 0 for face in grid["faces"])
    neighbours: dict[int, list[int]] = {index: [] for index in range(len(grid["faces"]))}
    for _, _, face1, face2 in grid["edges"]:
        if face2 != -1:
            neighbours[face1].append(face2)
            neighbours[face2].append(face1)
    reached, frontier = {0}, [0]
    while frontier:
        for other in neighbours[frontier.pop()]:
            if other not in reached:
                reached.add(other)
                frontier.append(other)
    assert len(reached) == len(grid["faces"])


@pytest.mark.parametrize("stem", COUNTS)
def test_dots_lie_in_the_bounding_box(stem):
    grid = load(stem)
    xs = [x for x, _ in grid["dots"]]
    ys = [y for _, y in grid["dots"]]
    low_x, low_y, high_x, high_y = grid["bbox"]
    assert low_x <= min(xs) and max(xs) <= high_x
    assert low_y <= min(ys) and max(ys) <= high_y
    assert grid["tilesize"] > 0
