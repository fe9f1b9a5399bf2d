"""Pictures are pictures, not thumbnails: without a cell size or scale, every family's
picture is 800 to 1000 pixels on its long side (core.picture_size.DEFAULT_SIDE), its PDF
fits a page of paper, a tiling's PNG is antialiased, and a maze's solution and marks stay
inside the passages and cells they go through."""

import io
import re

import numpy as np
import pytest
from PIL import Image

from tilewright.aperiodic import generate as spectres
from tilewright.aperiodic.hat.tiling import generate_hats, hat_grid
from tilewright.aperiodic.spectre.grid import spectre_grid
from tilewright.core import grids
from tilewright.core.masks import masked, parse_mask
from tilewright.core.picture_size import DEFAULT_SIDE
from tilewright.core.polygon_grid import square_grid
from tilewright.core.sheets import PAPERS
from tilewright.mazes import generate as square_maze
from tilewright.mazes import grid_pictures, pictures
from tilewright.mazes.grid_maze import generate_on
from tilewright.mazes.grid_solve import shortest_path
from tilewright.mazes.weaving import weave
from tilewright.rectangles import Params
from tilewright.rectangles import generate as rectangles
from tilewright.rectangles import pictures as rectangle_pictures
from tilewright.tromino import generate as trominoes

LOW, HIGH = DEFAULT_SIDE
MASK = "XX....XX\nX......X\n........\n........\nX......X\nXX....XX\n"

GRIDS = {
    "square": lambda: square_grid(30, 15),
    "hex": lambda: grids.hex_grid(12, 9),
    "hex-flat": lambda: grids.hex_grid(12, 9, flat=True),
    "hexagon": lambda: grids.hexagon_grid(6),
    "triangle": lambda: grids.triangle_grid(16, 10),
    "polar": lambda: grids.polar_grid(8),
    "upsilon": lambda: grids.upsilon_grid(10, 8),
    "masked": lambda: masked(square_grid(8, 6), parse_mask(MASK)),
    "spectre": lambda: spectre_grid(20, 14, seed=1),
    "hat": lambda: hat_grid(20, 14, seed=1),
}


def grid_maze(kind: str, seed: int = 1):
    if kind == "weave":
        return weave(20, 20, seed=seed)
    return generate_on(GRIDS[kind](), seed=seed)


def svg_size(svg: str | bytes) -> tuple[float, float]:
    text = svg.decode() if isinstance(svg, bytes) else svg
    found = re.search(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"', text, re.DOTALL)
    assert found, text[:300]
    return float(found.group(1)), float(found.group(2))


def png_size(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def assert_default_side(size: tuple[float, float]) -> None:
    assert LOW <= max(size) <= HIGH, size


@pytest.mark.parametrize("size", [(2, 2), (10, 8), (30, 15), (120, 40), (249, 10)])
def test_a_square_maze_picture_has_the_default_side(size):
    maze = square_maze(*size, seed=1)
    assert_default_side(png_size(pictures.png_bytes(maze)))
    assert_default_side(svg_size(pictures.svg_text(maze)))


@pytest.mark.parametrize("kind", [*GRIDS, "weave"])
def test_a_maze_on_any_grid_has_the_default_side(kind):
    maze = grid_maze(kind)
    assert_default_side(png_size(grid_pictures.png_bytes(maze)))
    assert_default_side(svg_size(grid_pictures.svg_text(maze)))


def test_a_huge_maze_keeps_a_legible_cell_then_the_budget():
    assert pictures.picture_style(400, 400).cell == pictures.LEGIBLE_CELL  # 1601 pixels
    assert pictures.picture_style(4000, 4000).cell == 2  # 8001: within the 8192 budget
    style = grid_pictures.grid_style(grids.hex_grid(400, 400))
    assert style.cell == pictures.LEGIBLE_CELL


def tiling(picture: str, fmt: str, **style) -> bytes:
    sink = io.BytesIO()
    if picture == "spectre":
        spectres(30, 20, seed=1).write(sink, fmt, **style)
    elif picture == "curved":
        spectres(30, 20, seed=1).write(sink, fmt, curved=True, **style)
    elif picture == "hat":
        generate_hats(40, 30, seed=1).write(sink, fmt, **style)
    else:  # Tile(1, 3): the redrawn tiles reach past the region
        generate_hats(30, 20, seed=1).write(sink, fmt, shape=(1, 3), **style)
    return sink.getvalue()


@pytest.mark.parametrize("picture", ["spectre", "curved", "hat", "tile"])
@pytest.mark.parametrize("colour", ["type", "four"])
def test_a_tiling_picture_has_the_default_side(picture, colour):
    assert_default_side(png_size(tiling(picture, "png", colour=colour)))
    assert_default_side(svg_size(tiling(picture, "svg", colour=colour)))


@pytest.mark.parametrize("picture", ["spectre", "hat"])
def test_a_tiling_png_is_antialiased(picture):
    image = Image.open(io.BytesIO(tiling(picture, "png", colour="four"))).convert("L")
    levels = np.bincount(np.asarray(image).ravel(), minlength=256)
    # fills and outlines are a handful of greys; edges add the shades between them
    assert np.count_nonzero(levels) > 40
    grey = np.asarray(image)[100:300, 100:300].astype(int)
    # no stair of whole pixels: along outlines, many pixels partly covered
    assert np.count_nonzero((grey > 60) & (grey < 150)) > 200


def test_a_tromino_picture_has_the_default_side(tmp_path):
    for board in [(8, 8), (16, 16), (100, 100)]:
        made = trominoes(*board, seed=1)
        made.save(tmp_path / "t.png")
        made.save(tmp_path / "t.svg")
        assert_default_side(Image.open(tmp_path / "t.png").size)
        assert_default_side(svg_size((tmp_path / "t.svg").read_text()))


@pytest.mark.parametrize("solved", [False, True])
def test_a_rectangles_puzzle_and_its_answer_have_the_default_side(solved):
    made = rectangles(Params(9, 7), seed=1)
    regions = made.regions if solved else None
    assert_default_side(png_size(rectangle_pictures.png_bytes(made.puzzle, regions=regions)))
    assert_default_side(svg_size(rectangle_pictures.svg_text(made.puzzle, regions=regions)))


def media_box(pdf: bytes) -> tuple[float, float]:
    (box,) = re.findall(rb"/MediaBox \[ ?([\d. ]+?) ?\]", pdf)
    x0, y0, x1, y1 = (float(v) for v in box.split())
    return x1 - x0, y1 - y0


def single_pdfs(paper: str) -> dict[str, bytes]:
    made = rectangles(Params(7, 7), seed=1)
    hats = io.BytesIO()
    generate_hats(20, 14, seed=1).write(hats, "pdf", paper=paper)
    patch = io.BytesIO()
    spectres(20, 14, seed=1).write(patch, "pdf", paper=paper)
    tromino = io.BytesIO()
    trominoes(8, 8, seed=1).write(tromino, "pdf", paper=paper)
    return {
        "maze": pictures.pdf_bytes(square_maze(10, 8, seed=1), paper=paper),
        "grid maze": grid_pictures.pdf_bytes(grid_maze("hat"), paper=paper),
        "weave": grid_pictures.pdf_bytes(grid_maze("weave"), paper=paper),
        "rectangles": rectangle_pictures.pdf_bytes(made.puzzle, regions=made.regions, paper=paper),
        "hats": hats.getvalue(),
        "spectres": patch.getvalue(),
        "trominoes": tromino.getvalue(),
    }


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_single_pdf_is_a_page_of_paper(paper):
    sheet = PAPERS[paper]
    for what, pdf in single_pdfs(paper).items():
        assert sorted(media_box(pdf)) == pytest.approx(sorted((sheet.width, sheet.height))), what


def test_a4_is_the_default_paper_of_a_maze():
    width, height = media_box(pictures.pdf_bytes(square_maze(10, 8, seed=1)))
    assert (width, height) == pytest.approx((PAPERS["a4"].height, PAPERS["a4"].width))


def passage_widths(grid) -> np.ndarray:
    """Each passage's width in drawing units, worked out here from the walls."""
    inner = np.flatnonzero(grid.wall_slot >= 0)
    ends = grid.vertices[grid.walls[inner]]
    lengths = np.hypot(*(ends[:, 1] - ends[:, 0]).T)
    return np.bincount(grid.wall_slot[inner], lengths, minlength=len(grid.graph.endpoints))


@pytest.mark.parametrize("kind", GRIDS)
def test_a_solution_is_no_wider_than_its_passages_and_its_marks_stay_in_their_cells(kind):
    maze = grid_maze(kind, seed=3)
    grid = maze.grid
    start, goal = 0, grid.num_cells - 1
    nodes = shortest_path(maze, start, goal)
    style = grid_pictures.grid_style(grid)
    width, radius = grid_pictures.route_sizes(grid, style, nodes)
    scale = grid_pictures.transform(grid, style)[0]
    ends = np.sort(np.stack([nodes[:-1], nodes[1:]], axis=1), axis=1)
    endpoints = np.sort(grid.graph.endpoints, axis=1)
    passages = [int(np.flatnonzero((endpoints == pair).all(axis=1))[0]) for pair in ends]
    narrowest = passage_widths(grid)[passages].min() * scale - style.stroke
    assert 0 < width <= narrowest
    for cell in (start, goal):
        corners = grid.polygon(cell)
        centre = grid.centres[cell]
        sides = np.roll(corners, -1, axis=0) - corners
        t = np.clip(((centre - corners) * sides).sum(1) / (sides**2).sum(1), 0, 1)
        nearest = np.hypot(*(corners + t[:, None] * sides - centre).T).min()
        assert radius <= nearest * scale - style.stroke / 2


@pytest.mark.parametrize(("cell", "wall"), [(12, 2), (10, 9), (40, 30)])
def test_a_square_mazes_solution_fits_its_passages_at_any_wall(cell, wall):
    maze = square_maze(6, 4, seed=1)
    path = np.array([[0, 0], [0, 1], [1, 1]])
    svg = pictures.svg_text(maze, style=pictures.Style(cell=cell, wall=wall), path=path)
    line = float(re.search(r'<polyline[^>]*stroke-width="([\d.e-]+)"', svg).group(1))
    radius = float(re.search(r'<circle[^>]*r="([\d.e-]+)"', svg).group(1))
    passage = (cell - wall) / cell  # in cells, the SVG's unit
    assert line <= passage and 2 * radius <= passage
