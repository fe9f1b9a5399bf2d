"""Pictures of mazes on every grid: each closed wall drawn exactly once (read back from the
SVG path data), openings that remove the right boundary walls, a solution through open
passages only, heat maps, PNG and PDF within the pixel budget; and openings for square
mazes."""

import io
import itertools
import re
import xml.etree.ElementTree as ET
from collections import Counter

import numpy as np
import pytest
from PIL import Image

from tilewright import TilewrightError
from tilewright.aperiodic import spectre_grid
from tilewright.core import grids
from tilewright.core.metadata import PNG_KEY
from tilewright.core.polygon_grid import OUTSIDE, restrict, square_grid
from tilewright.mazes import generate
from tilewright.mazes.grid_maze import default_endpoints, generate_on
from tilewright.mazes.grid_pictures import (
    HAIRLINE,
    GridStyle,
    closed_walls,
    grid_style,
    opening_walls,
    pdf_bytes,
    picture_size,
    png_bytes,
    svg_text,
    transform,
)
from tilewright.mazes.grid_solve import distances, shortest_path
from tilewright.mazes.pictures import Style, opening_sides
from tilewright.mazes.pictures import png_bytes as square_png
from tilewright.mazes.pictures import svg_text as square_svg

SVG = "{http://www.w3.org/2000/svg}"


def oval(width: int, height: int):
    """A square grid restricted to an ellipse: a masked grid with a ragged boundary."""
    grid = square_grid(width, height)
    x, y = (grid.centres - [width / 2, height / 2]).T
    return restrict(grid, (x / (width / 2)) ** 2 + (y / (height / 2)) ** 2 < 1)


GRIDS = {
    "square": lambda: square_grid(6, 4),
    "hex": lambda: grids.hex_grid(7, 5),
    "hex-flat": lambda: grids.hex_grid(5, 4, flat=True),
    "hexagon": lambda: grids.hexagon_grid(3),
    "triangle": lambda: grids.triangle_grid(9, 4),
    "polar": lambda: grids.polar_grid(4),
    "upsilon": lambda: grids.upsilon_grid(4, 3),
    "masked": lambda: oval(9, 7),
    "spectre": lambda: spectre_grid(10, 8, seed=3),
}
STRAIGHT = ("square", "hex", "hex-flat", "hexagon", "triangle", "upsilon", "masked", "spectre")


def pixel_keys(grid, style, points) -> np.ndarray:
    """Points in hundredths of a pixel, as the SVG writes them."""
    scale, dx, dy = transform(grid, style)
    return np.rint((points * scale + [dx, dy]) * 100).astype(np.int64)


def subpaths(data: str) -> list[list[tuple[int, int]]]:
    """The points of each subpath of ``M``/``L``/``Z`` path data, in hundredths; a ``Z``
    repeats the first point."""
    lines: list[list[tuple[int, int]]] = []
    numbers: list[int] = []
    for token in re.findall(r"[MLZ]|-?\d+(?:\.\d+)?", data):
        if token == "M":
            lines.append([])
        elif token == "Z":
            lines[-1].append(lines[-1][0])
        elif token != "L":
            numbers.append(round(float(token) * 100))
            if len(numbers) == 2:
                lines[-1].append((numbers[0], numbers[1]))
                numbers = []
    assert not numbers
    return lines


def drawn_segments(grid, style, data: str) -> Counter:
    """Each segment of the path data as a pair of vertex ids, counted."""
    keys = pixel_keys(grid, style, grid.vertices)
    vertex_of = {tuple(key): v for v, key in enumerate(keys.tolist())}
    assert len(vertex_of) == len(grid.vertices), "two vertices drawn at one point"
    segments: Counter = Counter()
    for line in subpaths(data):
        for a, b in itertools.pairwise(line):
            u, v = vertex_of[a], vertex_of[b]
            segments[(min(u, v), max(u, v))] += 1
    return segments


def wall_path(svg: str, colour: str = "black") -> ET.Element:
    root = ET.fromstring(svg)
    (walls,) = [
        p for p in root.iter(f"{SVG}path") if p.get("stroke") == colour and p.get("fill") == "none"
    ]
    return walls


def expected_segments(grid, closed: np.ndarray) -> Counter:
    return Counter(tuple(sorted(pair)) for pair in grid.walls[closed].tolist())


@pytest.fixture(scope="module", params=sorted(GRIDS))
def case(request):
    grid = GRIDS[request.param]()
    return request.param, generate_on(grid, "wilson", seed=5)


def test_every_closed_wall_is_drawn_exactly_once(case):
    _, maze = case
    grid = maze.grid
    style = grid_style(grid, cell=20)
    walls = wall_path(svg_text(maze, style=style))
    closed = (grid.wall_slot < 0) | ~maze.passages[np.maximum(grid.wall_slot, 0)]
    assert drawn_segments(grid, style, walls.get("d")) == expected_segments(grid, closed)
    assert walls.get("stroke-linejoin") == "round"
    # a perfect maze's walls hang together, so they join into few long polylines
    assert len(subpaths(walls.get("d"))) < closed.sum() / 3


def test_openings_remove_boundary_walls_of_start_and_goal(case):
    name, maze = case
    grid = maze.grid
    style = grid_style(grid, cell=20)
    start, goal = default_endpoints(grid)
    gaps = opening_walls(grid, start, goal)
    drawn = drawn_segments(
        grid, style, wall_path(svg_text(maze, style=style, openings=gaps)).get("d")
    )
    missing = expected_segments(grid, closed_walls(maze)) - drawn
    assert sum(missing.values()) == len(gaps) and not drawn - expected_segments(
        grid, closed_walls(maze)
    )
    assert np.all(grid.wall_cells[gaps, 1] == OUTSIDE)
    assert set(grid.wall_cells[gaps, 0].tolist()) == {start, goal}
    if name in STRAIGHT:
        assert len(gaps) == 2  # one straight side each
    else:  # a polar cell's outer arc opens whole: every chord of it
        assert len(gaps) > 2


def test_openings_are_the_far_side_of_their_cells():
    grid = square_grid(3, 3)
    xy = grid.vertices[grid.walls[opening_walls(grid, 0, 8)]]
    assert sorted(map(tuple, xy[0])) == [(0, 0), (1, 0)]  # top of the top-left cell
    assert sorted(map(tuple, xy[1])) == [(2, 3), (3, 3)]  # bottom of the bottom-right one
    wide = square_grid(6, 2)
    xy = wide.vertices[wide.walls[opening_walls(wide, 0, 11)]]
    assert sorted(map(tuple, xy[0])) == [(0, 0), (0, 1)]  # farther: the left side
    one = square_grid(1, 1)
    assert len(set(opening_walls(one, 0, 0).tolist())) == 2  # two gaps in one cell


def test_an_interior_cell_cannot_open():
    with pytest.raises(TilewrightError, match="no wall on the outer boundary"):
        opening_walls(square_grid(3, 3), 4, 8)


def test_the_solution_runs_through_open_passages_only(case):
    _, maze = case
    grid = maze.grid
    style = grid_style(grid, cell=20)
    path = shortest_path(maze)
    root = ET.fromstring(svg_text(maze, style=style, path=path))
    (line,) = [p for p in root.iter(f"{SVG}path") if p.get("stroke") == style.path_colour]
    (points,) = subpaths(line.get("d"))
    centres = pixel_keys(grid, style, grid.centres)
    cell_of = {tuple(key): c for c, key in enumerate(centres.tolist())}
    # the line runs centre, wall middle, centre, ...: the centres are the cells
    cells = [cell_of[point] for point in points[0::2]]
    assert (cells[0], cells[-1]) == default_endpoints(grid)
    ends = grid.node_cell(grid.graph.endpoints[maze.passages])
    open_pairs = {tuple(sorted(pair)) for pair in ends.tolist()}
    middles = pixel_keys(grid, style, grid.vertices[grid.walls].mean(axis=1))
    for (a, b), middle in zip(itertools.pairwise(cells), points[1::2], strict=True):
        assert tuple(sorted((a, b))) in open_pairs
        # ... and it crosses between them through the middle of a wall they share
        (wall,) = np.flatnonzero((middles == middle).all(axis=1))
        assert sorted(grid.wall_cells[wall].tolist()) == sorted((a, b))
        assert maze.passages[grid.wall_slot[wall]]
    assert len(list(root.iter(f"{SVG}circle"))) == 2  # start and goal marked


def test_the_heat_map_fills_each_reachable_cell_once_by_distance(case):
    _, maze = case
    grid = maze.grid
    style = grid_style(grid, cell=20)
    dist = distances(maze)
    root = ET.fromstring(svg_text(maze, style=style, heat=dist))
    fills = [p for p in root.iter(f"{SVG}path") if p.get("fill", "none") != "none"]
    centres = pixel_keys(grid, style, grid.vertices)
    colour_of_cell = {}
    for fill in fills:
        for outline in subpaths(fill.get("d")):
            assert outline[0] == outline[-1]  # closed
            colour_of_cell[frozenset(outline)] = fill.get("fill")
    assert len(colour_of_cell) == grid.num_cells
    outlines = [
        frozenset(map(tuple, centres[grid.polygons[a:b]].tolist()))
        for a, b in zip(grid.polygon_ptr[:-1], grid.polygon_ptr[1:], strict=True)
    ]
    colours = [colour_of_cell[outline] for outline in outlines]
    by_distance: dict[int, set] = {}
    for cell, colour in enumerate(colours):
        by_distance.setdefault(int(dist[cell]), set()).add(colour)
    assert all(len(shades) == 1 for shades in by_distance.values())
    assert len(set(colours)) > 1


def test_png_and_pdf_carry_the_record_and_fit_the_budget():
    maze = generate_on(grids.hex_grid(60, 40), "kruskal", seed=3)
    style = grid_style(maze.grid, max_side=300)
    assert max(picture_size(maze.grid, style)) <= 300
    image = Image.open(io.BytesIO(png_bytes(maze, style=style, heat=distances(maze))))
    assert image.size == picture_size(maze.grid, style)
    assert '"seed":3' in image.text[PNG_KEY]
    assert pdf_bytes(maze, style=style).startswith(b"%PDF-")
    with pytest.raises(TilewrightError, match="budget"):
        grid_style(maze.grid, cell=12, max_side=300)


def test_hairlines_and_styles():
    maze = generate_on(grids.triangle_grid(5, 3), seed=1)
    svg = svg_text(maze, style=grid_style(maze.grid, hairline=True, wall_colour="navy"))
    assert wall_path(svg, "navy").get("stroke-width") == f"{HAIRLINE:g}"
    image = Image.open(io.BytesIO(png_bytes(maze, style=grid_style(maze.grid, hairline=True))))
    assert image.size[0] > 10
    with pytest.raises(TilewrightError):
        GridStyle(cell=10, wall=10)
    with pytest.raises(TypeError):
        svg_text(maze, style=Style())


@pytest.mark.parametrize(
    ("option", "error"),
    [
        ({"path": [0, 999]}, TilewrightError),
        ({"path": [0.5]}, TypeError),
        ({"heat": np.zeros(3, dtype=np.int32)}, TilewrightError),
        ({"heat": np.zeros(15)}, TypeError),
        ({"openings": [0, 10**6]}, TilewrightError),
    ],
)
def test_options_that_do_not_fit_are_refused(option, error):
    maze = generate_on(grids.triangle_grid(5, 3), seed=1)
    with pytest.raises(error):
        svg_text(maze, **option)


def test_an_inner_wall_is_no_opening():
    maze = generate_on(square_grid(3, 3), seed=1)
    inner = int(np.flatnonzero(maze.grid.wall_slot >= 0)[0])
    with pytest.raises(TilewrightError, match="outer boundary"):
        svg_text(maze, openings=[inner])


def test_a_weave_is_drawn_by_the_inset_picture():
    from tilewright.mazes.weaving import weave

    maze = weave(8, 6, seed=2, crossings=0.3)
    svg = svg_text(maze, style=grid_style(maze.grid, cell=20), path=shortest_path(maze))
    assert ET.fromstring(svg).tag == f"{SVG}svg" and '"seed":2' in svg
    assert png_bytes(maze)[1:4] == b"PNG"


# --- square mazes -------------------------------------------------------------------------


def square_segments(path_data: str) -> set[tuple[int, int, int, int]]:
    """Unit segments of ``M x,y H x2`` / ``M x,y V y2`` path data."""
    walls = set()
    for x, y, kind, end in re.findall(r"M(\d+),(\d+)([HV])(\d+)", path_data):
        x, y, end = int(x), int(y), int(end)
        if kind == "H":
            walls |= {(i, y, i + 1, y) for i in range(x, end)}
        else:
            walls |= {(x, j, x, j + 1) for j in range(y, end)}
    return walls


def test_square_openings_are_gaps_at_the_top_and_the_bottom():
    maze = generate(7, 5, "wilson", seed=2)
    plain = square_segments(ET.fromstring(square_svg(maze)).find(f"{SVG}g/{SVG}path").get("d"))
    svg = square_svg(maze, openings=opening_sides(7, 5))
    gapped = square_segments(ET.fromstring(svg).find(f"{SVG}g/{SVG}path").get("d"))
    assert plain - gapped == {(0, 0, 1, 0), (6, 5, 7, 5)} and gapped <= plain
    # given cells open on their outer side: the left of (3, 0), the right of (1, 6)
    svg = square_svg(maze, openings=opening_sides(7, 5, (3, 0), (1, 6)))
    gapped = square_segments(ET.fromstring(svg).find(f"{SVG}g/{SVG}path").get("d"))
    assert plain - gapped == {(0, 3, 0, 4), (7, 1, 7, 2)}


def test_square_png_openings_show_the_floor():
    maze = generate(5, 4, "kruskal", seed=1)
    style = Style(cell=10, wall=2, background="white", wall_colour="black")
    image = Image.open(io.BytesIO(square_png(maze, style=style, openings=opening_sides(5, 4))))
    pixels = np.array(image.convert("RGB"))
    assert pixels[0, 6].tolist() == [255, 255, 255]  # the gap above the top-left cell
    assert pixels[-1, -6].tolist() == [255, 255, 255]  # below the bottom-right cell
    assert pixels[0, 16].tolist() == [0, 0, 0]  # the wall goes on beside it
    closed = Image.open(io.BytesIO(square_png(maze, style=style)))
    assert np.array(closed.convert("RGB"))[0, 6].tolist() == [0, 0, 0]


def test_square_save_takes_openings(tmp_path):
    maze = generate(6, 4, seed=3)
    for suffix in ("svg", "png", "pdf"):
        maze.save(tmp_path / f"maze.{suffix}", openings=True, solution=True, start=(2, 0))
    svg = (tmp_path / "maze.svg").read_text()
    gapped = square_segments(ET.fromstring(svg).find(f"{SVG}g/{SVG}path").get("d"))
    assert (0, 2, 0, 3) not in gapped and (5, 4, 6, 4) not in gapped
    with pytest.raises(TilewrightError, match="for pictures only"):
        maze.save(tmp_path / "maze.txt", openings=True)
    with pytest.raises(TilewrightError, match="not on the outer wall"):
        maze.save(tmp_path / "maze.svg", openings=True, goal=(2, 2))


@pytest.mark.parametrize(
    ("openings", "error", "message"),
    [
        ([(0, 1, 2)], TilewrightError, "S side of 0,1 is not on the outer wall"),
        ([(0, 9, 0)], TilewrightError, "outside the maze"),
        ([(0, 0, 4)], TilewrightError, "0 to 3"),
        ([(0, 0)], TilewrightError, "triple"),
        ("top", TypeError, "sequence"),
    ],
)
def test_square_openings_off_the_outer_wall_are_refused(openings, error, message):
    with pytest.raises(error, match=message):
        square_svg(generate(4, 3, seed=1), openings=openings)
