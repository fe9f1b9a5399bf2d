"""Polygon grids tile their regions: hexagons, triangles, polar rings, octagons and squares.

Every expectation is computed here without the library: areas from cell counts and the
regions' shapes, perimeters from the boundary's shape, neighbours from each grid's own
coordinates (offset rows, axial coordinates, rings), and the walls from the outlines by a
plain-Python dictionary of edges.
"""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core import grids
from tilewright.core.grids import (
    GRID_KINDS,
    hex_grid,
    hexagon_grid,
    polar_grid,
    polar_ring_counts,
    triangle_grid,
    upsilon_grid,
)
from tilewright.core.polygon_grid import OUTSIDE, PolygonGrid, square_grid

HEXAGON_AREA = 3 * math.sqrt(3) / 2  # unit edges
TRIANGLE_AREA = math.sqrt(3) / 4
OCTAGON_SIDE = 1 + math.sqrt(2)  # across an octagon with unit edges
OCTAGON_AREA = 2 * (1 + math.sqrt(2))


# --- checks any grid must pass ------------------------------------------------------------


def inside(point, polygon) -> bool:
    """Even-odd rule: does a ray to the right from ``point`` cross the outline an odd
    number of times?"""
    x, y = point
    crossings = 0
    for (x1, y1), (x2, y2) in zip(polygon, np.roll(polygon, -1, axis=0), strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def signed_area(polygon) -> float:
    x, y = polygon[:, 0], polygon[:, 1]
    return float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2


def neighbour_sets(grid: PolygonGrid) -> list[set[int]]:
    """Each cell's neighbours as the grid's CSR lists them."""
    graph = grid.graph
    return [
        set(graph.indices[graph.indptr[i] : graph.indptr[i + 1]].tolist())
        for i in range(grid.num_cells)
    ]


def connected(neighbours: list[set[int]]) -> bool:
    seen, stack = {0}, [0]
    while stack:
        for other in neighbours[stack.pop()]:
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return len(seen) == len(neighbours)


def check_grid(grid: PolygonGrid, area: float, perimeter: float | None) -> None:
    """Everything a grid of polygon cells must be, against the region's area and
    perimeter computed by the caller."""
    n = grid.num_cells
    polygons = [grid.polygon(i) for i in range(n)]
    # the cells tile the region: areas add up, each outline runs clockwise on screen
    # (positive shoelace area with y down) and no vertex appears twice under two keys
    areas = np.array([signed_area(p) for p in polygons])
    assert np.all(areas > 0)
    assert math.isclose(areas.sum(), area, rel_tol=1e-9)
    assert np.allclose(grid.areas(), areas)
    rounded = {tuple(v) for v in np.round(grid.vertices, 6).tolist()}
    assert len(rounded) == len(grid.vertices), "one point under two keys"
    # the walls are exactly the outlines' edges, each once, with the cells on each side
    edges: dict[frozenset, list[int]] = {}
    for cell in range(n):
        ids = grid.polygons[grid.polygon_ptr[cell] : grid.polygon_ptr[cell + 1]].tolist()
        for a, b in zip(ids, ids[1:] + ids[:1], strict=True):
            edges.setdefault(frozenset((a, b)), []).append(cell)
    assert all(len(cells) <= 2 for cells in edges.values())
    walls = [frozenset(w) for w in grid.walls.tolist()]
    assert len(walls) == len(set(walls)) == len(edges)
    for wall, (a, b), slot in zip(walls, grid.wall_cells.tolist(), grid.wall_slot, strict=True):
        cells = edges[wall]
        assert [a, b] == (cells if len(cells) == 2 else [cells[0], OUTSIDE])
        if b == OUTSIDE:
            assert slot == -1
        else:
            assert sorted(grid.graph.endpoints[slot].tolist()) == sorted(cells)
    # the boundary is the region's perimeter
    boundary = grid.boundary()
    ends = grid.vertices[grid.walls[boundary]]
    length = float(np.linalg.norm(ends[:, 0] - ends[:, 1], axis=1).sum())
    if perimeter is not None:
        assert math.isclose(length, perimeter, rel_tol=1e-9)
    # the graph: cells sharing a wall, connected
    shared = [set() for _ in range(n)]
    for cells in edges.values():
        if len(cells) == 2:
            shared[cells[0]].add(cells[1])
            shared[cells[1]].add(cells[0])
    assert neighbour_sets(grid) == shared
    assert grid.graph.num_slots == sum(len(s) for s in shared) // 2
    assert connected(shared)
    # the centre of each cell lies inside it
    for centre, polygon in zip(grid.centres, polygons, strict=True):
        assert inside(centre, polygon)


# --- hexagons -----------------------------------------------------------------------------


def offset_row_neighbours(width: int, height: int) -> list[set[int]]:
    """Neighbours in offset rows where odd rows are shifted right (Red Blob Games'
    "odd-r" layout)."""
    result = []
    for r in range(height):
        for c in range(width):
            if r % 2 == 0:
                steps = [(0, -1), (0, 1), (-1, -1), (-1, 0), (1, -1), (1, 0)]
            else:
                steps = [(0, -1), (0, 1), (-1, 0), (-1, 1), (1, 0), (1, 1)]
            result.append(
                {
                    (r + dr) * width + c + dc
                    for dr, dc in steps
                    if 0 <= r + dr < height and 0 <= c + dc < width
                }
            )
    return result


def offset_column_neighbours(width: int, height: int) -> list[set[int]]:
    """Flat-top hexagons in columns, odd columns shifted down ("odd-q"), cells row by row."""
    result = []
    for r in range(height):
        for c in range(width):
            if c % 2 == 0:
                steps = [(-1, 0), (1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1)]
            else:
                steps = [(-1, 0), (1, 0), (0, -1), (1, -1), (0, 1), (1, 1)]
            result.append(
                {
                    (r + dr) * width + c + dc
                    for dr, dc in steps
                    if 0 <= r + dr < height and 0 <= c + dc < width
                }
            )
    return result


def hex_perimeter(neighbours: list[set[int]]) -> int:
    """Six sides a hexagon, less two for each pair of neighbours."""
    return 6 * len(neighbours) - sum(len(s) for s in neighbours)


@pytest.mark.parametrize("width, height", [(1, 1), (2, 1), (1, 3), (7, 5), (6, 4)])
@pytest.mark.parametrize("flat", [False, True])
def test_hexagons_in_offset_rows_or_columns(width, height, flat):
    grid = hex_grid(width, height, flat=flat)
    expected = (offset_column_neighbours if flat else offset_row_neighbours)(width, height)
    check_grid(grid, width * height * HEXAGON_AREA, hex_perimeter(expected))
    assert neighbour_sets(grid) == expected
    assert grid.kind == "hex" and grid.params == {"width": width, "height": height, "flat": flat}
    # the hexagons themselves: regular, unit edges, pointy or flat tops
    polygon = grid.polygon(0)
    sides = np.linalg.norm(polygon - np.roll(polygon, -1, axis=0), axis=1)
    assert np.allclose(sides, 1)
    top = polygon[:, 1].min()
    assert np.sum(np.isclose(polygon[:, 1], top)) == (2 if flat else 1)
    assert grid.bounds()[:2] == (0.0, 0.0)


@given(st.integers(1, 12), st.integers(1, 12), st.booleans())
def test_every_inner_hexagon_has_six_neighbours(width, height, flat):
    grid = hex_grid(width, height, flat=flat)
    degree = np.diff(grid.graph.indptr)
    inner = np.setdiff1d(np.arange(grid.num_cells), grid.boundary_cells())
    assert np.all(degree[inner] == 6)
    assert np.all(degree <= 6)


def axial_neighbours(radius: int) -> list[set[int]]:
    cells = [
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    ]
    number = {cell: i for i, cell in enumerate(cells)}
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    return [
        {number[q + dq, r + dr] for dq, dr in steps if (q + dq, r + dr) in number} for q, r in cells
    ]


@pytest.mark.parametrize("radius", [0, 1, 2, 5])
def test_a_hexagon_of_hexagons(radius):
    grid = hexagon_grid(radius)
    cells = 3 * radius * radius + 3 * radius + 1
    assert grid.num_cells == cells
    # the board's outline: six sides of R + 1 hexagons, two edges each, less the turns
    check_grid(grid, cells * HEXAGON_AREA, 6 * (2 * radius + 1))
    assert neighbour_sets(grid) == axial_neighbours(radius)
    assert grid.params == {"radius": radius}


# --- triangles ----------------------------------------------------------------------------


def triangle_neighbours(width: int, height: int) -> list[set[int]]:
    """Beside left and right, and across the flat side: below an up triangle (r + c even),
    above a down one."""
    result = []
    for r in range(height):
        for c in range(width):
            across = r + 1 if (r + c) % 2 == 0 else r - 1
            near = {(r, c - 1), (r, c + 1), (across, c)}
            result.append(
                {rr * width + cc for rr, cc in near if 0 <= rr < height and 0 <= cc < width}
            )
    return result


@pytest.mark.parametrize("width, height", [(1, 1), (2, 1), (1, 2), (9, 5), (4, 4)])
def test_triangles_point_up_and_down_in_turn(width, height):
    grid = triangle_grid(width, height)
    expected = triangle_neighbours(width, height)
    perimeter = 3 * width * height - sum(len(s) for s in expected)
    check_grid(grid, width * height * TRIANGLE_AREA, perimeter)
    assert neighbour_sets(grid) == expected
    first = grid.polygon(0)
    assert np.isclose(first[:, 1].min(), 0) and np.sum(np.isclose(first[:, 1], 0)) == 1  # up


@given(st.integers(2, 15), st.integers(1, 15))  # 1 wide falls apart (refused, tested below)
def test_every_inner_triangle_has_three_neighbours(width, height):
    grid = triangle_grid(width, height)
    degree = np.diff(grid.graph.indptr)
    inner = np.setdiff1d(np.arange(grid.num_cells), grid.boundary_cells())
    assert np.all(degree[inner] == 3) and np.all(degree <= 3)


# --- polar --------------------------------------------------------------------------------


def buck_counts(rings: int) -> list[int]:
    """Buck's rule, from his book's Ruby: a ring's cells split those of the ring inside
    it by the rounded ratio of the inner circumference over the cells' count (ring
    height 1)."""
    counts = [1]
    for row in range(1, rings + 1):
        ratio = round(2 * math.pi * row / counts[-1])
        counts.append(counts[-1] * ratio)
    return counts


def test_ring_counts_follow_bucks_rule():
    assert polar_ring_counts(8) == [1, 6, 12, 24, 24, 24, 48, 48, 48]
    assert polar_ring_counts(200) == buck_counts(200)
    counts = polar_ring_counts(200)
    # every cell stays about as wide as a ring is deep: between 2/3 and 3/2 on its inner circle
    widths = [2 * math.pi * r / n for r, n in enumerate(counts) if r >= 2]
    assert min(widths) > 0.66 and max(widths) < 1.5


def polar_neighbours(counts: list[int]) -> list[set[int]]:
    """Clockwise, counter-clockwise, inward and outward, from the rings' cell counts."""
    first = np.concatenate([[0], np.cumsum(counts)]).tolist()
    result: list[set[int]] = [set(range(1, 1 + counts[1])) if len(counts) > 1 else set()]
    for r in range(1, len(counts)):
        n = counts[r]
        for j in range(n):
            near = {first[r] + (j - 1) % n, first[r] + (j + 1) % n}
            near.add(0 if r == 1 else first[r - 1] + j // (n // counts[r - 1]))
            if r + 1 < len(counts):
                split = counts[r + 1] // n
                near |= {first[r + 1] + j * split + k for k in range(split)}
            result.append(near)
    return result


@pytest.mark.parametrize("rings", [0, 1, 2, 3, 7, 12])
def test_polar_rings(rings):
    grid = polar_grid(rings)
    counts = buck_counts(rings)
    assert grid.num_cells == sum(counts)
    expected = polar_neighbours(counts)
    assert neighbour_sets(grid) == expected
    # Buck's degrees: the centre meets ring 1; others 2 in their ring, 1 in, 1 or 2 out
    degree = np.diff(grid.graph.indptr)
    assert degree[0] == (counts[1] if rings else 0)
    # the outer circle is a regular polygon of radius R + 1 around (R + 1, R + 1), so the
    # grid's area and perimeter are that polygon's
    radius = rings + 1
    boundary = grid.vertices[grid.walls[grid.boundary()]]
    assert np.allclose(np.linalg.norm(boundary - radius, axis=2), radius)
    m = len(grid.boundary())
    assert m % counts[-1] == 0
    side = 2 * radius * math.sin(math.pi / m)
    assert np.allclose(np.linalg.norm(boundary[:, 0] - boundary[:, 1], axis=1), side)
    area = m / 2 * radius**2 * math.sin(2 * math.pi / m)
    check_grid(grid, area, m * side)
    # round-looking: no chord of any circle falls short of its arc by more than 1/100 ring
    ends = grid.vertices[grid.walls] - radius
    lengths = np.linalg.norm(ends, axis=2)
    on_circle = np.isclose(lengths[:, 0], lengths[:, 1])
    chord = np.linalg.norm(ends[:, 0] - ends[:, 1], axis=1)[on_circle]
    rho = lengths[on_circle, 0]
    sagitta = rho - np.sqrt(rho**2 - (chord / 2) ** 2)
    assert sagitta.max() <= 0.01 + 1e-12


# --- upsilon ------------------------------------------------------------------------------


def upsilon_neighbours(width: int, height: int) -> list[set[int]]:
    """Octagons meet octagons beside, above and below, and the squares at their four
    slanted sides; squares meet the four octagons around them. Cells row by row: W
    octagons, then the W - 1 squares below them."""
    stride = 2 * width - 1

    def octagon(r, c):
        return r * stride + c if 0 <= r < height and 0 <= c < width else None

    def square(r, c):  # the square right of and below octagon (r, c)
        return r * stride + width + c if 0 <= r < height - 1 and 0 <= c < width - 1 else None

    result: dict[int, set[int]] = {}
    for r in range(height):
        for c in range(width):
            near = [octagon(r, c - 1), octagon(r, c + 1), octagon(r - 1, c), octagon(r + 1, c)]
            near += [square(r - 1, c - 1), square(r - 1, c), square(r, c - 1), square(r, c)]
            result[octagon(r, c)] = {x for x in near if x is not None}
            if square(r, c) is not None:
                result[square(r, c)] = {
                    octagon(r, c),
                    octagon(r, c + 1),
                    octagon(r + 1, c),
                    octagon(r + 1, c + 1),
                }
    return [result[i] for i in range(len(result))]


@pytest.mark.parametrize("width, height", [(1, 1), (2, 1), (1, 3), (2, 2), (5, 4)])
def test_octagons_and_squares(width, height):
    grid = upsilon_grid(width, height)
    squares = (width - 1) * (height - 1)
    assert grid.num_cells == width * height + squares
    expected = upsilon_neighbours(width, height)
    assert neighbour_sets(grid) == expected
    # the region: the octagons' bounding box less half a square in each gap along the
    # sides and a quarter square at each corner
    box = width * OCTAGON_SIDE * height * OCTAGON_SIDE
    assert np.allclose(grid.bounds(), (0, 0, width * OCTAGON_SIDE, height * OCTAGON_SIDE))
    gaps = 2 * (width - 1) + 2 * (height - 1)
    area = box - gaps / 2 - 4 / 4
    assert math.isclose(area, width * height * OCTAGON_AREA + squares)
    # the outline: W + H straight sides twice, two slanted edges in each gap, one a corner
    check_grid(grid, area, 2 * (width + height) + 2 * gaps + 4)
    sizes = np.diff(grid.polygon_ptr)
    degree = np.diff(grid.graph.indptr)
    inner = np.setdiff1d(np.arange(grid.num_cells), grid.boundary_cells())
    assert np.all(degree[inner] == sizes[inner])  # octagons 8, squares 4
    assert np.all(degree[sizes == 4] == 4)
    assert set(sizes.tolist()) <= {4, 8}


# --- sizes, memory, the registry ------------------------------------------------------------


@pytest.mark.parametrize(
    "build, error, message",
    [
        (lambda: hex_grid(0, 3), TilewrightError, "width must be at least 1, got 0"),
        (lambda: hex_grid(3, -1), TilewrightError, "height must be at least 1, got -1"),
        (lambda: hex_grid(3.0, 2), TypeError, "width must be an integer, not float"),
        (lambda: hex_grid(3, 2, flat=1), TypeError, "flat must be True or False"),
        (lambda: hexagon_grid(-1), TilewrightError, "radius must be at least 0, got -1"),
        (lambda: hexagon_grid("3"), TypeError, "radius must be an integer, not str"),
        (lambda: triangle_grid(True, 2), TypeError, "width must be an integer, not bool"),
        (lambda: polar_grid(-2), TilewrightError, "rings must be at least 0, got -2"),
        (lambda: polar_grid(10**9), TilewrightError, "at most 32767 rings"),
        (lambda: upsilon_grid(1, 0), TilewrightError, "height must be at least 1"),
        (lambda: hex_grid(10**40, 10**40), TilewrightError, "at most 2147483647 cells"),
        (lambda: hexagon_grid(20_000), TilewrightError, "memory"),
        (lambda: triangle_grid(40_000, 40_000), TilewrightError, "memory"),
        (lambda: polar_grid(20_000), TilewrightError, "memory"),
        (lambda: upsilon_grid(30_000, 30_000), TilewrightError, "memory"),
    ],
)
def test_sizes_are_checked_before_anything_is_built(build, error, message):
    with pytest.raises(error, match=message) as caught:
        build()
    assert "\n" not in str(caught.value)


def test_a_grid_too_large_for_memory_is_refused_before_its_arrays(monkeypatch):
    made = []
    monkeypatch.setattr(grids, "from_polygons", lambda *args: made.append(args))
    monkeypatch.setattr("tilewright.core.memory.available_bytes", lambda: 10**8)
    with pytest.raises(TilewrightError, match=r"a hex grid of 1000000 cells needs about"):
        hex_grid(1000, 1000)
    assert made == []
    hex_grid(10, 10)  # small grids are not checked at all
    assert len(made) == 1


@pytest.mark.parametrize("name", sorted(GRID_KINDS))
def test_every_kind_builds_from_its_example_and_from_numbers(name):
    kind = GRID_KINDS[name]
    assert kind.name == name and "\n" not in kind.size
    grid = kind.build(kind.example)
    numbers = kind.parse(kind.example)
    assert len(numbers) == kind.numbers
    again = kind.build(numbers if len(numbers) > 1 else numbers[0])
    assert np.array_equal(grid.vertices, again.vertices) and grid.params == again.params
    assert grid.num_cells > 1


@pytest.mark.parametrize(
    "name, text, message",
    [
        ("hex", "10", "a hex grid's size is WIDTHxHEIGHT hexagons"),
        ("hex", "10x", "a size must be a whole number"),
        ("hex", "0x5", "got '0x5'"),
        ("polar", "3x3", "RINGS: rings around the centre cell"),
        ("triangle", "３0x5", "may only use the digits 0-9"),
        ("hexagon", "1" * 60, "may be at most"),
    ],
)
def test_a_size_that_does_not_read_is_refused_in_one_line(name, text, message):
    with pytest.raises(TilewrightError, match=message) as caught:
        GRID_KINDS[name].build(text)
    assert "\n" not in str(caught.value)


def test_sizes_read_as_people_write_them():
    assert GRID_KINDS["hex"].parse(" 30×20 ") == (30, 20)
    assert GRID_KINDS["polar"].parse("0") == (0,)
    assert GRID_KINDS["hexagon"].build(0).num_cells == 1
    assert GRID_KINDS["square"].build("3x2").num_cells == 6
    with pytest.raises(TypeError, match="a size must be an integer"):
        GRID_KINDS["hex"].build([3.5, 2])
    with pytest.raises(TilewrightError, match="got 1 number"):
        GRID_KINDS["hex"].build(3)


def test_the_square_kind_is_square_grid():
    grid = GRID_KINDS["square"].build("4x3")
    reference = square_grid(4, 3)
    assert np.array_equal(grid.walls, reference.walls)
    check_grid(grid, 12, 14)


def test_a_triangle_grid_one_wide_is_refused_once_it_would_fall_apart():
    assert triangle_grid(1, 2).graph.num_slots == 1  # two triangles share their long side
    with pytest.raises(TilewrightError, match="1 wide falls apart past 2 rows"):
        triangle_grid(1, 3)
