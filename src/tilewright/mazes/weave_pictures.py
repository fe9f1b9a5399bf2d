"""Pictures of weave mazes in Buck's inset style: passages as corridors that cross.

Each cell is drawn inset from its square (Buck, *Mazes for Programmers*, ch. 9): a small
room in the middle, and for each open side a corridor from the room to the cell's edge, so
that neighbouring corridors join. At a crossing the passage on top is one corridor straight
through the cell, its two walls unbroken; the passage beneath shows only as corridor stubs
on the other two sides, which stop short of the top corridor's walls, leaving a gap: the
eye reads it as running under.

Walls are segments on a lattice of five positions a cell in each direction (the cell's
edge, the gap's end, the two inset lines, the gap's other end), joined into long polylines
(``tilewright.core.polylines``), each segment once. A solution path runs through the nodes'
centres and breaks at the gaps where it passes under; a heat map fills each node's room and
corridors with the colour of its distance. ``tilewright.mazes.grid_pictures`` calls
:func:`weave_svg_text` for every grid with crossings, so SVG, PNG and PDF all draw this way.
"""

from typing import Any

import numpy as np

from tilewright.core.colours import gradient
from tilewright.core.errors import TilewrightError
from tilewright.core.polygon_grid import OUTSIDE
from tilewright.mazes.grid_maze import GridMaze, check_grid_maze
from tilewright.mazes.grid_pictures import (
    DECIMALS,
    HEAT_LEVELS,
    GridStyle,
    closed_walls,
    picture_size,
    transform,
)
from tilewright.mazes.pictures import _attribute

# The share of a cell's side between its edge and its corridor's walls, at least: wider
# insets when the walls are thick beside the cell, so that a gap still shows (see _Layout).
DEFAULT_INSET = 0.2
LARGEST_INSET = 0.3
# How much of the wall colour tints the rock between corridors.
_ROCK_SHARE = 0.2
# Sides in the order of ``_Layout.open_side``.
_NORTH, _EAST, _SOUTH, _WEST = 0, 1, 2, 3


def weave_svg_text(
    maze: GridMaze,
    style: GridStyle,
    nodes: np.ndarray,
    shades: np.ndarray | None,
    info: dict[str, Any] | None,
    closed: np.ndarray | None = None,
) -> str:
    """A weave maze (or any full W×H square GridMaze) as SVG, drawn inset so that
    passages cross, one under the other.

    Parameters
    ----------
    maze : GridMaze
        A maze on a grid of kind ``"weave"`` (:func:`tilewright.mazes.weaving.weave`), or of
        kind ``"square"`` with all its ``width`` × ``height`` cells.
    style : GridStyle
        Sizes and colours (``tilewright.mazes.grid_pictures.grid_style``).
    nodes : numpy.ndarray
        int64: graph nodes along a solution (cells, and under-passage nodes ``n + i``), or
        empty for none.
    shades : numpy.ndarray or None
        Heat levels (0 to ``HEAT_LEVELS - 1``, -1 unreachable), one per cell or one per
        graph node; a passage beneath a crossing without its own takes the mean of the
        two cells it joins.
    info : dict or None
        What made the maze, as a ``<metadata>`` record (default ``maze.info``).
    closed : numpy.ndarray or None
        bool, one per wall segment: the walls to draw (``grid_pictures.closed_walls``,
        which leaves gaps for openings); default every closed passage and the boundary.

    Returns
    -------
    str
        The SVG document, the size ``grid_pictures.picture_size`` gives.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the grid is neither a weave nor a full square grid, or an array does not fit.

    Examples
    --------
    >>> from tilewright.mazes.grid_pictures import GridStyle
    >>> from tilewright.mazes.weaving import weave
    >>> svg = weave_svg_text(weave(6, 4, seed=1), GridStyle(cell=20, wall=2), [], None, None)
    >>> start = svg.index("<svg")
    >>> print(svg[start : svg.index(">", start) + 1])
    <svg xmlns="http://www.w3.org/2000/svg" width="122" height="82" viewBox="0 0 122 82">
    """
    from tilewright.core.metadata import svg_element

    check_grid_maze(maze)
    if not isinstance(style, GridStyle):
        raise TypeError(f"style must be a GridStyle, not {type(style).__name__}")
    grid = maze.grid
    width, height = _grid_size(maze)
    closed = closed_walls(maze) if closed is None else _checked_closed(maze, closed)
    path = _checked_nodes(maze, nodes)
    layout = _Layout(maze, width, height, style, closed)
    size = picture_size(grid, style)
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size[0]}" height="{size[1]}" '
        f'viewBox="0 0 {size[0]} {size[1]}">\n',
        svg_element(maze.info if info is None else info) + "\n",
        # the rock between corridors is tinted, so that corridors (and the gaps where one
        # runs under another) stand out from it
        f'<rect x="0" y="0" width="{size[0]}" height="{size[1]}" fill="{_rock(style)}"/>\n',
    ]
    levels = None if shades is None else _node_shades(maze, shades)
    parts.append(layout.floor_element(levels))
    parts.append(
        f'<path d="{layout.wall_data()}" fill="none" '
        f'stroke="{_attribute(style.wall_colour)}" stroke-width="{layout.stroke:.3g}" '
        'stroke-linecap="round" stroke-linejoin="round"/>\n'
    )
    if len(path):
        parts.append(layout.solution_element(path))
    parts.append("</svg>\n")
    return "".join(parts)


class _Layout:
    """Where everything of one weave picture goes: each cell's open sides, the crossings,
    and the lattice positions walls and corridors are drawn at, in pixels."""

    def __init__(
        self, maze: GridMaze, width: int, height: int, style: GridStyle, closed: np.ndarray
    ) -> None:
        grid = maze.grid
        self.width, self.height, self.n = width, height, width * height
        self.scale, dx, dy = transform(grid, style)
        self.shift = np.array([dx, dy])
        # Walls stand in pairs between corridors here, so they are drawn at most a
        # sixteenth of a cell wide, and at least a pixel (the style's wall is for one
        # wall between two cells).
        stroke = min(style.stroke, max(self.scale / 16, 1.0))
        # The gap beside a top corridor: round caps reach half a stroke past a stub's end
        # and the top corridor's wall half a stroke toward it, so 2.5 strokes of room
        # leave 1.5 clear. The inset widens (up to LARGEST_INSET) to keep room for a stub.
        gap = max(2.5 * stroke / self.scale, 0.06)
        inset = min(max(DEFAULT_INSET, gap + 0.06), LARGEST_INSET)
        self.inset = inset
        self.offsets = np.array([0.0, max(inset - gap, 0.0), inset, 1 - inset])
        self.offsets = np.append(self.offsets, 1 - self.offsets[1])
        self.open_side = _open_sides(grid, width, height, closed)
        self.under = grid.under.astype(np.int64)
        self.crossing = np.zeros((height, width), dtype=np.bool_)
        self.crossing.flat[self.under] = True
        # the under node's first neighbour says which way the passage beneath runs
        under_nodes = self.n + np.arange(len(self.under))
        first = grid.graph.indices[grid.graph.indptr[under_nodes]]
        self.top_vertical = np.zeros((height, width), dtype=np.bool_)
        self.top_vertical.flat[self.under] = first // width == self.under // width
        self.stroke = stroke
        self.style = style

    # --- walls -------------------------------------------------------------------------

    def wall_data(self) -> str:
        """SVG path data of every wall, joined into polylines, in pixels."""
        from tilewright.core.polylines import join_segments, path_data

        north, east, south, west = self.open_side
        plain = ~self.crossing
        vertical = self.crossing & self.top_vertical
        horizontal = self.crossing & ~self.top_vertical
        # (cells, segments as (x, y, x, y) in lattice steps within a cell, 5 = next cell)
        templates = [
            (plain & north, [(2, 0, 2, 2), (3, 0, 3, 2)]),
            (plain & ~north, [(2, 2, 3, 2)]),
            (plain & south, [(2, 3, 2, 5), (3, 3, 3, 5)]),
            (plain & ~south, [(2, 3, 3, 3)]),
            (plain & west, [(0, 2, 2, 2), (0, 3, 2, 3)]),
            (plain & ~west, [(2, 2, 2, 3)]),
            (plain & east, [(3, 2, 5, 2), (3, 3, 5, 3)]),
            (plain & ~east, [(3, 2, 3, 3)]),
            # the corridor on top runs through; the one beneath stops at the gaps
            (vertical, [(2, 0, 2, 5), (3, 0, 3, 5)]),
            (horizontal, [(0, 2, 5, 2), (0, 3, 5, 3)]),
        ]
        if self.offsets[1] > 0:  # stubs of the passage beneath, when there is room
            templates.append((vertical, [(0, 2, 1, 2), (0, 3, 1, 3), (4, 2, 5, 2), (4, 3, 5, 3)]))
            templates.append((horizontal, [(2, 0, 2, 1), (3, 0, 3, 1), (2, 4, 2, 5), (3, 4, 3, 5)]))
        columns = 5 * self.width + 1
        pieces = [np.zeros((0, 2), dtype=np.int64)]
        for where, segments in templates:
            rows, cols = np.nonzero(where)
            for x0, y0, x1, y1 in segments:
                a = (5 * rows + y0) * columns + 5 * cols + x0
                b = (5 * rows + y1) * columns + 5 * cols + x1
                pieces.append(np.stack([a, b], axis=1))
        used, dense = np.unique(np.concatenate(pieces), return_inverse=True)
        ptr, ids = join_segments(dense.reshape(-1, 2), num_vertices=len(used))
        ptr, ids = _without_straight_corners(ptr, ids, used % columns, used // columns)
        return path_data(ptr, ids, self._pixels(used % columns, used // columns), DECIMALS)

    def _pixels(self, x_steps: np.ndarray, y_steps: np.ndarray) -> np.ndarray:
        """float (k, 2): lattice positions (steps of the five a cell) in pixels."""
        x = x_steps // 5 + self.offsets[x_steps % 5]
        y = y_steps // 5 + self.offsets[y_steps % 5]
        return np.stack([x, y], axis=1) * self.scale + self.shift

    # --- heat map ----------------------------------------------------------------------

    def floor_element(self, levels: np.ndarray | None) -> str:
        """The rooms and corridors filled: each node's by its heat level, or in the
        background colour (nodes without a level too), one path per colour.

        A cell's floor is at most two bars, one north–south and one west–east, and bars
        of one colour that meet across cells are merged into one rectangle, so a long
        corridor costs one rectangle, not one a cell.
        """
        from tilewright.core.polylines import path_data

        node, rects = self._floor_rectangles(levels)
        shade = np.full(len(node), -1, dtype=np.int64) if levels is None else levels[node]
        order = np.argsort(shade, kind="stable")
        colours = gradient(HEAT_LEVELS)
        # each rectangle a closed polyline of its four corners
        corners = rects[:, [0, 1, 2, 1, 2, 3, 0, 3]].reshape(-1, 2)
        xy = corners * self.scale + self.shift
        parts = ['<g shape-rendering="crispEdges" stroke="none">\n']
        bounds = np.flatnonzero(np.diff(shade[order], prepend=-2, append=HEAT_LEVELS))
        for low, high in zip(bounds[:-1].tolist(), bounds[1:].tolist(), strict=True):
            chosen = order[low:high]
            level = int(shade[chosen[0]])
            if level < 0:
                fill = _attribute(self.style.background)
            else:
                red, green, blue = colours[level].tolist()
                fill = f"#{red:02x}{green:02x}{blue:02x}"
            ids = (4 * chosen[:, None] + np.array([0, 1, 2, 3, 0])).ravel().astype(np.int32)
            ptr = np.arange(0, len(ids) + 1, 5, dtype=np.int64)
            parts.append(f'<path fill="{fill}" d="{path_data(ptr, ids, xy, DECIMALS)}"/>\n')
        parts.append("</g>\n")
        return "".join(parts)

    def _floor_rectangles(self, levels: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
        """The floor as (node per rectangle, float (k, 4) x0 y0 x1 y1 in cells).

        The passage on top of a crossing is a bar straight through; the one beneath fills
        its two stubs up to the gaps.
        """
        north, east, south, west = self.open_side
        n, width, height = self.n, self.width, self.height
        cells = np.arange(n).reshape(height, width)
        inner, outer = self.offsets[2], self.offsets[3]
        shade = np.full(n + len(self.under), -1) if levels is None else levels
        cell_shade = shade[:n].reshape(height, width)
        rows, cols = np.mgrid[0:height, 0:width]
        plain = ~self.crossing
        top_vertical = self.crossing & self.top_vertical
        top_across = self.crossing & ~self.top_vertical
        # north–south bars run from top to bottom (in cells); merged down each column
        has = (plain & (north | south | ~(east | west))) | top_vertical
        top = np.where(plain & ~north, inner, 0.0)
        bottom = np.where(plain & ~south, outer, 1.0)
        down = _merged(has.T, (bottom == 1.0).T, (top == 0.0).T, cell_shade.T)
        first, last = down
        nodes = [cells.T.ravel()[first]]
        x = cols.T.ravel()
        y = rows.T.ravel()
        rects = [
            np.stack(
                [
                    x[first] + inner,
                    y[first] + top.T.ravel()[first],
                    x[first] + outer,
                    y[last] + bottom.T.ravel()[last],
                ],
                axis=1,
            )
        ]
        # west–east bars, merged along each row
        has = (plain & (east | west)) | top_across
        left = np.where(plain & ~west, inner, 0.0)
        right = np.where(plain & ~east, outer, 1.0)
        first, last = _merged(has, right == 1.0, left == 0.0, cell_shade)
        nodes.append(cells.ravel()[first])
        x, y = cols.ravel(), rows.ravel()
        rects.append(
            np.stack(
                [
                    x[first] + left.ravel()[first],
                    y[first] + inner,
                    x[last] + right.ravel()[last],
                    y[last] + outer,
                ],
                axis=1,
            )
        )
        # the stubs of each passage beneath, up to its gaps
        near, far = self.offsets[1], self.offsets[4]
        row, col = np.divmod(self.under, width)
        beneath = n + np.arange(len(self.under))
        across = self.top_vertical.ravel()[self.under]  # beneath runs west–east
        for start, end in ((0.0, near), (far, 1.0)):
            x0, x1 = np.where(across, start, inner), np.where(across, end, outer)
            y0, y1 = np.where(across, inner, start), np.where(across, outer, end)
            nodes.append(beneath)
            rects.append(np.stack([col + x0, row + y0, col + x1, row + y1], axis=1))
        return np.concatenate(nodes), np.concatenate(rects).astype(np.float64)

    # --- solution ----------------------------------------------------------------------

    def solution_element(self, path: np.ndarray) -> str:
        """The path through the nodes' centres, broken at the gaps where it runs under a
        crossing, its ends marked; from and to the outer wall where it has an opening."""
        lines: list[list[tuple[float, float]]] = [[]]
        reach = 0.5 - self.offsets[1]  # from a crossing's centre to a gap's far side
        nodes = path.tolist()
        for i, node in enumerate(nodes):
            if node < self.n:
                lines[-1].append(self._centre(node))
                continue
            # beneath a crossing: stop at the gap before the top corridor, resume after it
            cell = self._cell_of(node)
            if i > 0:
                lines[-1].append(self._toward(cell, nodes[i - 1], reach))
            lines.append([])
            if i + 1 < len(nodes):
                lines[-1].append(self._toward(cell, nodes[i + 1], reach))
        for end, line, at in ((nodes[0], lines[0], 0), (nodes[-1], lines[-1], len(lines[-1]))):
            side = self._outer_opening(end)
            if side is not None:
                line.insert(at, self._edge(end, side))
        style = self.style
        inside = (1 - 2 * self.inset) * self.scale
        # half a corridor's clear width (less its walls): clear of them at any wall width
        # (but a hairline's trace where the walls leave no room)
        thickness = max(0.5, 0.5 * (inside - style.stroke))
        data = "".join(
            "M" + "L".join(f"{x:.2f} {y:.2f}" for x, y in self._points(line))
            for line in lines
            if len(line) > 1
        )
        first = self._points([self._centre(self._cell_of(nodes[0]))])[0]
        last = self._points([self._centre(self._cell_of(nodes[-1]))])[0]
        if not data:  # a path of one cell: nothing to stroke, its marks say where
            data = f"M{first[0]:.2f} {first[1]:.2f}Z"
        marks = "".join(
            f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{0.6 * thickness:.2f}" '
            f'fill="{_attribute(style.wall_colour)}"/>\n'
            for x, y in (first, last)
        )
        return (
            f'<path d="{data}" fill="none" stroke="{_attribute(style.path_colour)}" '
            f'stroke-width="{thickness:.2f}" stroke-linecap="round" '
            f'stroke-linejoin="round"/>\n{marks}'
        )

    def _points(self, line: list[tuple[float, float]]) -> list[tuple[float, float]]:
        xy = np.array(line, dtype=np.float64).reshape(-1, 2) * self.scale + self.shift
        return [(float(x), float(y)) for x, y in xy]

    def _centre(self, cell: int) -> tuple[float, float]:
        row, col = divmod(cell, self.width)
        return (col + 0.5, row + 0.5)

    def _toward(self, cell: int, node: int, reach: float) -> tuple[float, float]:
        """The point ``reach`` from ``cell``'s centre toward the neighbouring ``node``."""
        x, y = self._centre(cell)
        nx, ny = self._centre(self._cell_of(node))
        return (x + float(np.sign(nx - x)) * reach, y + float(np.sign(ny - y)) * reach)

    def _edge(self, cell: int, side: int) -> tuple[float, float]:
        x, y = self._centre(cell)
        dx, dy = ((0.0, -0.5), (0.5, 0.0), (0.0, 0.5), (-0.5, 0.0))[side]
        return (x + dx, y + dy)

    def _outer_opening(self, node: int) -> int | None:
        """The side of ``node``'s cell open to the outside, if any."""
        if node >= self.n:
            return None
        row, col = divmod(node, self.width)
        outer = (row == 0, col == self.width - 1, row == self.height - 1, col == 0)
        return next(
            (side for side in range(4) if outer[side] and self.open_side[side][row, col]),
            None,
        )

    def _cell_of(self, node: int) -> int:
        return node if node < self.n else int(self.under[node - self.n])


def _open_sides(grid: Any, width: int, height: int, closed: np.ndarray) -> list[np.ndarray]:
    """bool (H, W) per side (north, east, south, west): where a cell's side is open, read
    off the walls not drawn (a passage, or an opening in the outer wall)."""
    ends = grid.vertices[grid.walls]  # (E, 2 ends, 2)
    middle = ends.mean(axis=1)
    cells = grid.wall_cells[:, 0]
    offset = middle - grid.centres[cells]
    # a wall's side of its first cell, from where its midpoint lies off the cell's centre
    side = np.where(
        np.abs(offset[:, 0]) > np.abs(offset[:, 1]),
        np.where(offset[:, 0] > 0, _EAST, _WEST),
        np.where(offset[:, 1] > 0, _SOUTH, _NORTH),
    )
    sides = [np.zeros(width * height, dtype=np.bool_) for _ in range(4)]
    is_open = ~closed
    for s in range(4):
        here = side == s
        sides[s][cells[here]] = is_open[here]
        # the cell on the far side sees the same wall on its opposite side
        beyond = here & (grid.wall_cells[:, 1] != OUTSIDE)
        sides[(s + 2) % 4][grid.wall_cells[beyond, 1]] = is_open[beyond]
    return [array.reshape(height, width) for array in sides]


def _merged(
    has: np.ndarray, leaves: np.ndarray, enters: np.ndarray, shade: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Runs of bars along the rows of ``has`` (2-D): a bar joins the one before it when
    that one ``leaves`` through its far end, this one ``enters`` through its near end, and
    both have one shade. Returns the flat indices of each run's first and last bar."""
    joins = np.zeros_like(has)
    joins[:, 1:] = (
        has[:, 1:] & has[:, :-1] & leaves[:, :-1] & enters[:, 1:] & (shade[:, 1:] == shade[:, :-1])
    )
    flat_has, flat_joins = has.ravel(), joins.ravel()
    first = np.flatnonzero(flat_has & ~flat_joins)
    # a run ends where the next bar does not join it
    follows = np.zeros_like(flat_has)
    follows[:-1] = flat_joins[1:]
    last = np.flatnonzero(flat_has & ~follows)
    return first, last


def _without_straight_corners(
    ptr: np.ndarray, ids: np.ndarray, x: np.ndarray, y: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Polylines without the vertices where they run straight on (every wall is level or
    upright, so a vertex is straight when its neighbours share its x or its y)."""
    position = np.arange(len(ids))
    starts = np.zeros(len(ids), dtype=np.bool_)
    starts[ptr[:-1]] = True
    ends = np.zeros(len(ids), dtype=np.bool_)
    ends[ptr[1:] - 1] = True
    before = ids[np.maximum(position - 1, 0)]
    after = ids[np.minimum(position + 1, len(ids) - 1)]
    straight = ((x[before] == x[ids]) & (x[ids] == x[after])) | (
        (y[before] == y[ids]) & (y[ids] == y[after])
    )
    keep = starts | ends | ~straight
    counts = np.add.reduceat(keep, ptr[:-1]) if len(ids) else np.zeros(0, dtype=np.int64)
    new_ptr = np.zeros(len(ptr), dtype=np.int64)
    np.cumsum(counts, out=new_ptr[1:])
    return new_ptr, ids[keep]


def _rock(style: GridStyle) -> str:
    """The colour between corridors: the background with a fifth of the wall colour."""
    from tilewright.core.colours import parse_colour

    back = np.array(parse_colour(style.background), dtype=np.float64)
    wall = np.array(parse_colour(style.wall_colour), dtype=np.float64)
    red, green, blue = np.rint(back + (wall - back) * _ROCK_SHARE).astype(int).tolist()
    return f"#{red:02x}{green:02x}{blue:02x}"


def _grid_size(maze: GridMaze) -> tuple[int, int]:
    """The width and height of a weave's (or a full square grid's) cells."""
    grid = maze.grid
    width, height = grid.params.get("width"), grid.params.get("height")
    if (
        grid.kind not in ("weave", "square")
        or not isinstance(width, int)
        or not isinstance(height, int)
        or grid.num_cells != width * height
    ):
        raise TilewrightError(
            f"the inset drawing is for weave mazes and full square grids, not a {grid.kind} grid"
        )
    return width, height


def _node_shades(maze: GridMaze, shades: object) -> np.ndarray:
    """Heat levels per graph node: as given, or per cell with each passage beneath a
    crossing given the mean of the two cells it joins."""
    levels = np.asarray(shades)
    if levels.dtype.kind not in "iu":
        raise TypeError(f"heat levels must be integers, not {levels.dtype}")
    graph = maze.grid.graph
    n = maze.grid.num_cells
    if levels.shape == (graph.num_cells,):
        return levels.astype(np.int64)
    if levels.shape != (n,):
        raise TilewrightError(
            f"heat needs a level per cell ({n}) or per node ({graph.num_cells}), "
            f"got shape {levels.shape}"
        )
    under_nodes = np.arange(n, graph.num_cells)
    starts = graph.indptr[under_nodes]
    a = levels[graph.indices[starts]].astype(np.int64)
    b = levels[graph.indices[starts + 1]].astype(np.int64)
    beneath = np.where((a < 0) | (b < 0), -1, (a + b) // 2)
    return np.concatenate([levels.astype(np.int64), beneath])


def _checked_closed(maze: GridMaze, closed: object) -> np.ndarray:
    array = np.asarray(closed)
    if array.dtype != np.bool_ or array.shape != (len(maze.grid.walls),):
        raise TilewrightError(f"closed must be a bool array of {len(maze.grid.walls)} walls")
    return array


def _checked_nodes(maze: GridMaze, nodes: object) -> np.ndarray:
    array = np.asarray(nodes)
    if array.size == 0:
        return np.zeros(0, dtype=np.int64)
    if array.dtype.kind not in "iu" or array.ndim != 1:
        raise TypeError("a solution must be a 1-d array of graph nodes")
    count = maze.grid.graph.num_cells
    if array.min() < 0 or array.max() >= count:
        raise TilewrightError(f"a solution's nodes must be 0 to {count - 1}")
    return array.astype(np.int64)
