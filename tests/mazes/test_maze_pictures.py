"""SVG and PNG pictures draw exactly the maze's walls, at the expected size."""

import io
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from tilewright import TilewrightError
from tilewright.mazes import generate
from tilewright.mazes.braid import braid
from tilewright.mazes.pictures import Style, png_bytes, svg_text
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
    root = ET.fromstring(svg_text(maze, style))
    assert root.get("width") == str(size[0] * 10 + 3)
    assert root.get("height") == str(size[1] * 10 + 3)
    (walls,) = [p for p in root.iter(f"{SVG}path")]
    assert drawn_walls(walls.get("d")) == expected_walls(maze)


def test_svg_with_solution_and_heat_map_is_well_formed():
    maze = generate(12, 8, "wilson", seed=2)
    path = shortest_path(maze)
    root = ET.fromstring(svg_text(maze, Style(), path=path, heat=distances(maze)))
    (line,) = root.iter(f"{SVG}polyline")
    points = [tuple(map(float, p.split(","))) for p in line.get("points").split()]
    assert points == [(c + 0.5, r + 0.5) for r, c in path.tolist()]
    (image,) = root.iter(f"{SVG}image")
    assert image.get("{http://www.w3.org/1999/xlink}href").startswith("data:image/png;base64,")


def open_png(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))


@given(size=st.tuples(st.integers(1, 15), st.integers(1, 15)), seed=st.integers(0, 1000))
def test_png_has_walls_where_the_maze_has_walls(size, seed):
    maze = generate(*size, "backtracker", seed=seed)
    cell, wall = 9, 2
    pixels = open_png(png_bytes(maze, Style(cell=cell, wall=wall)))
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
    pixels = open_png(png_bytes(maze, style, path=path, heat=distances(maze)))
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
        png_bytes(maze, Style(cell=40, wall=2))


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
