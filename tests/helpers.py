"""Helpers shared by the tests: reference implementations written independently of the
library (plain-Python searches and parsers), so that a test compares tilewright with
something it did not compute itself."""

import numpy as np
from hypothesis import assume
from hypothesis import strategies as st

from tilewright.rectangles import Puzzle
from tilewright.tromino import obstruction


def spanning_tree_of(num_cells: int, edges: np.ndarray) -> bool:
    """Reference check, independent of the library: ``edges`` form a spanning tree.

    A breadth-first search in plain Python: n - 1 edges that reach every cell.
    """
    if len(edges) != num_cells - 1:
        return False
    adjacency: list[list[int]] = [[] for _ in range(num_cells)]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    seen = {0}
    frontier = [0]
    while frontier:
        cell = frontier.pop()
        for nxt in adjacency[cell]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return len(seen) == num_cells


def grid_edges(connections: np.ndarray) -> np.ndarray:
    """The open passages of a ``connection_list`` as (cell, cell) pairs."""
    _, height, width = connections.shape
    ids = np.arange(height * width).reshape(height, width)
    down = np.stack([ids[:-1][connections[0, :-1]], ids[1:][connections[0, :-1]]], axis=1)
    right = np.stack([ids[:, :-1][connections[1, :, :-1]], ids[:, 1:][connections[1, :, :-1]]], 1)
    return np.concatenate([down, right]).reshape(-1, 2)


def reference_distances(connections: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Breadth-first distances in plain Python, independent of the library's kernels."""
    _, height, width = connections.shape
    dist = np.full((height, width), -1)
    dist[start] = 0
    queue = [start]
    for r, c in queue:
        steps = [
            (r - 1, c, r > 0 and connections[0, r - 1, c]),
            (r + 1, c, connections[0, r, c]),
            (r, c - 1, c > 0 and connections[1, r, c - 1]),
            (r, c + 1, connections[1, r, c]),
        ]
        for rr, cc, open_ in steps:
            if open_ and dist[rr, cc] < 0:
                dist[rr, cc] = dist[r, c] + 1
                queue.append((rr, cc))
    return dist


def is_open(connections: np.ndarray, a, b) -> bool:
    """Is there a passage between the neighbouring cells ``a`` and ``b``?"""
    (r1, c1), (r2, c2) = sorted([tuple(a), tuple(b)])
    if r1 == r2 and c2 == c1 + 1:
        return bool(connections[1, r1, c1])
    if c1 == c2 and r2 == r1 + 1:
        return bool(connections[0, r1, c1])
    return False


def parse_ascii(text: str, width: int, height: int) -> np.ndarray:
    lines = text.splitlines()
    assert len(lines) == 2 * height + 1
    assert all(len(line) == 3 * width + 1 for line in lines)
    connections = np.zeros((2, height, width), dtype=bool)
    for r in range(height):
        for c in range(width):
            connections[1, r, c] = lines[2 * r + 1][3 * c + 3] == " "
            connections[0, r, c] = lines[2 * r + 2][3 * c + 1] == " "
    return connections


SAMPLE_8_2_3 = (  # the reference sample; every line ends in a space, as printf leaves it
    " 3  3  4  4  8  8  9  9 \n"
    " 3  2  0  4  8  7  7  9 \n"
    " 5  2  2  6 10 10  7 11 \n"
    " 5  5  6  6  1 10 11 11 \n"
    "13 13 14  1  1 18 19 19 \n"
    "13 12 14 14 18 18 17 19 \n"
    "15 12 12 16 20 17 17 21 \n"
    "15 15 16 16 20 20 21 21 \n"
)


@st.composite
def puzzles(draw, largest=6):
    """A random partition of a small grid into rectangles (guillotine cuts), one clue placed
    in each rectangle at a random cell: the puzzle may have one solution or several."""
    width, height = draw(st.integers(1, largest)), draw(st.integers(1, largest))
    if width * height < 2:
        width = 2
    clues = np.zeros((height, width), dtype=np.int64)
    pending = [(0, 0, height, width)]
    while pending:
        top, left, h, w = pending.pop()
        cut = draw(st.integers(0, 3)) if h * w > 1 else 0
        if cut == 1 and h > 1:
            at = draw(st.integers(1, h - 1))
            pending += [(top, left, at, w), (top + at, left, h - at, w)]
        elif cut == 2 and w > 1:
            at = draw(st.integers(1, w - 1))
            pending += [(top, left, h, at), (top, left + at, h, w - at)]
        else:
            r, c = draw(st.integers(top, top + h - 1)), draw(st.integers(left, left + w - 1))
            clues[r, c] = h * w
    return Puzzle(clues)


def count_solutions(puzzle: Puzzle, cap: int = 50) -> int:
    """Exact covers counted cell by cell: the first open cell in reading order must be
    covered by some unused clue's rectangle. Independent of the library's search order."""
    height, width = puzzle.clues.shape
    clue_cells = list(zip(*np.nonzero(puzzle.clues), strict=True))
    options = []
    for r, c in clue_cells:
        n = puzzle.clues[r, c]
        rects = []
        for h in range(1, n + 1):
            if n % h == 0:
                w = n // h
                for top in range(height - h + 1):
                    for left in range(width - w + 1):
                        inside = top <= r < top + h and left <= c < left + w
                        block = puzzle.clues[top : top + h, left : left + w]
                        if inside and np.count_nonzero(block) == 1:
                            rects.append((top, left, h, w))
        options.append(rects)
    covered = np.zeros((height, width), dtype=bool)
    used = [False] * len(options)
    total = 0

    def go() -> None:
        nonlocal total
        if total >= cap:
            return
        open_cells = np.argwhere(~covered)
        if len(open_cells) == 0:
            total += all(used)
            return
        r, c = open_cells[0]
        for clue, rects in enumerate(options):
            if used[clue]:
                continue
            for top, left, h, w in rects:
                block = covered[top : top + h, left : left + w]
                if top <= r < top + h and left <= c < left + w and not block.any():
                    used[clue] = True
                    block[:] = True
                    go()
                    block[:] = False
                    used[clue] = False

    go()
    return total


def assert_solution(puzzle: Puzzle, regions: np.ndarray) -> None:
    """Each region is a rectangle holding exactly one clue, equal to its area; all covered."""
    assert (regions >= 0).all()
    for index in np.unique(regions):
        rows, cols = np.nonzero(regions == index)
        area = (np.ptp(rows) + 1) * (np.ptp(cols) + 1)
        assert area == len(rows), "not a rectangle"
        clues = puzzle.clues[rows, cols]
        assert np.count_nonzero(clues) == 1 and clues.max() == area


def run_binary(capsysbinary, *args: str) -> tuple[int, bytes, str]:
    """``tilewright ARGS`` run in process: (exit status, stdout bytes, stderr text)."""
    from tilewright.cli import main

    try:
        main(list(args))
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    out, err = capsysbinary.readouterr()
    return status, out, err.decode()


def run_cli(capsys, *args: str) -> tuple[int, str]:
    """``tilewright ARGS`` run in process: its exit status and what it wrote on stderr."""
    from tilewright.cli import main

    try:
        main(list(args))
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    return status, capsys.readouterr().err


def assert_is_the_collections(grid, theirs: dict, squash: float = 0.005) -> None:
    """``grid``'s planar map is the puzzle collection's grid ``theirs`` (a fixture of
    ``tests/fixtures/collection_grids``): the same faces, edges and dots in the same
    order, at the same places up to a scale factor on each axis (differing by at most
    ``squash``, as a share) and a shift."""
    from tilewright.core.planar_map import planar_map

    ours = planar_map(grid)
    faces = theirs["faces"]
    assert ours.num_faces == len(faces)
    assert [ours.face(f).tolist() for f in range(ours.num_faces)] == faces
    edges = np.array(theirs["edges"])
    assert ours.edges.tolist() == edges[:, :2].tolist()
    assert ours.edge_faces.tolist() == edges[:, 2:].tolist()
    # the collection rounds its places to integers (its sqrt(3) is 26/15 in some grids,
    # n·sqrt(3) rounded down in others, and hats' axes have units 14 and 8): a scale and
    # a shift on each axis, fitted by least squares, leave each place within a unit
    dots = np.array(theirs["dots"], dtype=float)
    assert len(ours.dots) == len(dots)
    centred, their_centred = ours.dots - ours.dots.mean(axis=0), dots - dots.mean(axis=0)
    scale = (centred * their_centred).sum(axis=0) / (centred * centred).sum(axis=0)
    assert abs(scale[0] / scale[1] - 1) <= squash
    assert np.abs(centred * scale - their_centred).max() <= 1.0


@st.composite
def tileable_boards(draw, largest=70):
    """A board missing one square that L-trominoes tile: (width, height, (row, col)), each
    side at most ``largest`` (+1). W·H − 1 must be a multiple of 3, so W and H are drawn
    both ≡ 1 or both ≡ 2 (mod 3) rather than filtered (two boards in three would be); what
    is filtered is the few the theorems rule out (1×n, 2×n, 5×n and their squares)."""
    residue = draw(st.sampled_from([1, 2]))
    width = 3 * draw(st.integers(0, largest // 3)) + residue
    height = 3 * draw(st.integers(0, largest // 3)) + residue
    row, col = draw(st.integers(0, height - 1)), draw(st.integers(0, width - 1))
    assume(obstruction(width, height, row, col) is None)
    return width, height, (row, col)
