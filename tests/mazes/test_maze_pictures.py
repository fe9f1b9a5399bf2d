"""SVG and PNG pictures draw exactly the maze's walls, at the expected size."""

import io
import json
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from tilewright import TilewrightError
from tilewright.core.colours import gradient, parse_colour
from tilewright.core.picture_size import PIXEL_BUDGET
from tilewright.mazes import braid, generate, pictures
from tilewright.mazes.pictures import (
    HEAT_LEVELS,
    Style,
    heat_levels,
    pdf_bytes,
    picture_style,
    png_bytes,
    svg_text,
)
from tilewright.mazes.solve import distances, shortest_path

SVG = "{http://www.w3.org/2000/svg}"


def expected_walls(maze) -> set[tuple[int, int, int, int]]:
    """Unit wall segments (x1, y1, x2, y2) in grid units, from the connection list."""
    walls = set()
    for r in range(maze.height + 1):
        for c in range(maze.width):
            if r in (0, maze.height) or not maze.south[r - 1, c]:
                walls.add((c, r, c + 1, r))
    for r in range(maze.height):
        for c in range(maze.width + 1):
            if c in (0, maze.width) or not maze.east[r, c - 1]:
                walls.add((c, r, c, r + 1))
    return walls


def drawn_walls(path_data: str) -> set[tuple[int, int, int, int]]:
    """Unit segments of an ``M x,y H x2`` / ``M x,y V y2`` path."""
    walls = set()
    for x, y, kind, end in re.findall(r"M(\d+),(\d+)([HV])(\d+)", path_data):
        x, y, end = int(x), int(y), int(end)
        if kind == "H":
            walls |= {(i, y, i + 1, y) for i in range(x, end)}
        else:
            walls |= {(x, j, x, j + 1) for j in range(y, end)}
    return walls


@given(
    size=st.tuples(st.integers(1, 20), st.integers(1, 20)),
    seed=st.integers(0, 1000),
    share=st.sampled_from([0.0, 0.5]),
)
def test_svg_walls_are_the_maze_walls(size, seed, share):
    maze = braid(generate(*size, "kruskal", seed=seed), share)
    style = Style(cell=10, wall=3)
    root = ET.fromstring(svg_text(maze, style=style))
    assert root.get("width") == str(size[0] * 10 + 3)
    assert root.get("height") == str(size[1] * 10 + 3)
    (walls,) = [p for p in root.iter(f"{SVG}path")]
    assert drawn_walls(walls.get("d")) == expected_walls(maze)


def test_svg_with_solution_and_heat_map_is_well_formed():
    maze = generate(12, 8, "wilson", seed=2)
    path = shortest_path(maze)
    root = ET.fromstring(svg_text(maze, style=Style(), path=path, heat=distances(maze)))
    (line,) = root.iter(f"{SVG}polyline")
    points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    assert points == [(c + 0.5, r + 0.5) for r, c in path.tolist()]
    assert not list(root.iter(f"{SVG}image"))  # vector cells: no bitmap for rsvg to blur


def svg_heat_colours(svg: str, height: int, width: int) -> np.ndarray:
    """(H, W) '#rrggbb' of the heat-map rectangle covering each cell ('' for none), from
    the ``M c,r h n v1 h-n z`` rectangles of the heat paths; a cell covered twice fails."""
    root = ET.fromstring(svg)
    (group,) = [g for g in root.iter(f"{SVG}g") if g.get("shape-rendering") == "crispEdges"]
    colours = np.full((height, width), "", dtype=object)
    for path in group.iter(f"{SVG}path"):
        for c, r, n in re.findall(r"M(\d+),(\d+)h(\d+)v1h-\3z", path.get("d")):
            c, r, n = int(c), int(r), int(n)
            assert (colours[r, c : c + n] == "").all()
            colours[r, c : c + n] = path.get("fill")
    return colours


@given(
    size=st.tuples(st.integers(1, 25), st.integers(1, 25)),
    seed=st.integers(0, 1000),
    unreachable=st.booleans(),
)
def test_svg_heat_map_colours_each_cell_once_as_vector_rectangles(size, seed, unreachable):
    maze = generate(*size, "wilson", seed=seed)
    heat = distances(maze)
    if unreachable:
        heat[heat.shape[0] // 2 :, heat.shape[1] // 2 :] = -1
    colours = svg_heat_colours(svg_text(maze, style=Style(), heat=heat), maze.height, maze.width)
    levels = heat_levels(heat)
    palette = gradient(HEAT_LEVELS)
    for (r, c), level in np.ndenumerate(levels):
        expected = "" if level < 0 else "#{:02x}{:02x}{:02x}".format(*palette[level])
        assert colours[r, c] == expected


def test_pictures_record_the_maze_and_its_seed():
    maze = braid(generate(9, 6, "prim", seed=11), 0.5, seed=4)
    record = {
        "family": "maze",
        "width": 9,
        "height": 6,
        "algorithm": "prim",
        "seed": 11,
        "params": {"braid": 0.5, "braid_seed": 4},
    }
    png = Image.open(io.BytesIO(png_bytes(maze)))
    assert json.loads(png.text["tilewright"]) == {**record, "software": ANY_SOFTWARE}
    (meta,) = ET.fromstring(svg_text(maze)).iter(f"{SVG}metadata")
    assert json.loads(meta.text) == {**record, "software": ANY_SOFTWARE}
    pdf = pdf_bytes(maze)
    assert pdf.startswith(b"%PDF-") and b"seed=11" in pdf and b"braid_seed:4" in pdf


class _AnySoftware:
    def __eq__(self, other: object) -> bool:
        return isinstance(other, str) and other.startswith("tilewright ")


ANY_SOFTWARE = _AnySoftware()


def test_the_default_style_gives_a_long_side_of_800_to_1000_pixels_or_legible_cells():
    assert (picture_style(30, 15).cell, picture_style(30, 15).wall) == (33, 6)  # 996 px
    for width, height in [(2, 2), (5, 40), (30, 15), (100, 100), (249, 10)]:
        style = picture_style(width, height)
        assert 800 <= max(width, height) * style.cell + style.wall <= 1000
    assert picture_style(400, 300).cell == 4  # 1601 px: no smaller a cell by default
    big = picture_style(4000, 4000)  # 4 would pass the budget: the largest that fits
    assert (big.cell, big.wall) == (2, 1) and PIXEL_BUDGET >= 4000 * 2 + 1
    assert picture_style(1000, 300).cell == 4 and picture_style(1000, 300, wall=3).cell == 4
    assert picture_style(3000, 300).cell == 2  # 6001 px; 3 would pass 8192
    assert picture_style(100, 100, max_side=500).cell == 4


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"cell": 12}, "would be 48002x48002 pixels, past the 8192-pixel budget"),
        ({"cell": 12}, "--cell 2 fits"),
        ({"cell": 3, "max_side": 100}, "raise the budget with --max-side 12001"),
        ({"max_side": 7000}, "would be 8001x8001"),  # not even the smallest cell fits
    ],
)
def test_a_picture_past_the_budget_is_refused_naming_its_size(kwargs, words):
    with pytest.raises(TilewrightError, match=re.escape(words)):
        picture_style(4000, 4000, **kwargs)


@pytest.mark.parametrize(("cell", "wall"), [(2, 1), (3, 2), (7, 6)])
@given(seed=st.integers(0, 500), share=st.sampled_from([0.0, 1.0]))
def test_a_path_painted_on_the_lattice_is_the_line_pillow_draws(cell, wall, seed, share):
    maze = braid(generate(13, 7, "kruskal", seed=seed), share)
    style = Style(cell=cell, wall=wall)
    path = shortest_path(maze, (seed % 7, 0))
    drawn = open_png(png_bytes(maze, style=style, path=path))
    with_line = Image.new("P", drawn.shape[1::-1])
    pictures._draw_path(with_line, path, style)  # only the line, on an empty picture
    line = np.asarray(with_line) == pictures._PATH
    painted = (drawn == parse_colour(style.path_colour)).all(axis=2)
    assert np.array_equal(painted, line)


def open_png(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@given(size=st.tuples(st.integers(1, 15), st.integers(1, 15)), seed=st.integers(0, 1000))
def test_png_has_walls_where_the_maze_has_walls(size, seed):
    maze = generate(*size, "backtracker", seed=seed)
    cell, wall = 9, 2
    pixels = open_png(png_bytes(maze, style=Style(cell=cell, wall=wall)))
    assert pixels.shape == (size[1] * cell + wall, size[0] * cell + wall, 3)
    black, white = (0, 0, 0), (255, 255, 255)
    middle = wall + (cell - wall) // 2  # the middle of a cell's open interior
    for r in range(maze.height):
        for c in range(maze.width):
            y, x = r * cell, c * cell
            assert tuple(pixels[y + middle, x + middle]) == white
            east_wall = tuple(pixels[y + middle, x + cell])  # the band right of the cell
            south_wall = tuple(pixels[y + cell, x + middle])  # the band below the cell
            assert east_wall == (white if maze.east[r, c] else black)
            assert south_wall == (white if maze.south[r, c] else black)


def test_png_path_and_heat_map_colours():
    maze = generate(10, 10, "kruskal", seed=5)
    style = Style(cell=12, wall=2, path_colour="#00ff00")
    path = shortest_path(maze)
    pixels = open_png(png_bytes(maze, style=style, path=path, heat=distances(maze)))
    centre = 1 + 6
    for r, c in path[1:-1].tolist():
        assert tuple(pixels[r * 12 + centre, c * 12 + centre]) == (0, 255, 0)
    # Off the path the heat map runs from dark (the start) to bright (the farthest cell).
    dist = distances(maze)
    off_path = np.ones_like(dist, dtype=bool)
    off_path[path[:, 0], path[:, 1]] = False
    far = np.unravel_index(np.argmax(np.where(off_path, dist, -1)), dist.shape)
    near = np.unravel_index(np.argmin(np.where(off_path, dist, 10**9)), dist.shape)
    brightness = [pixels[r * 12 + 3, c * 12 + 3].sum() for r, c in (near, far)]
    assert brightness[0] < brightness[1]


def test_too_large_pictures_are_refused():
    maze = generate(3000, 3000, "binary-tree", seed=1)
    with pytest.raises(TilewrightError, match="too large"):
        png_bytes(maze, style=Style(cell=40, wall=2))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"cell": 3, "wall": 3}, "wall < cell"), ({"wall_colour": "nope"}, "unknown colour")],
)
def test_bad_styles_are_refused(kwargs, message):
    with pytest.raises(TilewrightError, match=message):
        Style(**kwargs)


def test_notebook_picture_only_for_small_mazes():
    assert generate(20, 10, seed=1)._repr_svg_().startswith("<?xml")
    assert generate(300, 300, "binary-tree", seed=1)._repr_svg_() is None
