"""Properties of tromino colourings: proper, complete where promised, and honest about three
colours. The references here (neighbour pairs, 3-colourability) are plain Python written
apart from the library: reading cells side by side, and exhaustive search."""

import itertools

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tilewright.core.errors import TilewrightError
from tilewright.tromino import colour as colour_module
from tilewright.tromino._quadtree_kernels import label_rows
from tilewright.tromino._search import search
from tilewright.tromino.colour import adjacency, colour_grid, colour_trominoes
from tilewright.tromino.feasibility import obstruction

# ---------------------------------------------------------------------------------------
# Tilings to test on


def textbook(size: int, row: int, col: int) -> np.ndarray:
    """The textbook divide-and-conquer tiling of a 2^k board missing (row, col)."""
    out = np.empty((size, size), dtype=np.int64)
    label_rows(size, row, col, 0, out)
    return out


def searched(height: int, width: int, row: int, col: int) -> np.ndarray:
    out = np.empty((height, width), dtype=np.int64)
    assert search(height, width, row, col, out)
    return out


@st.composite
def small_tilings(draw) -> np.ndarray:
    """A tiling of a board up to 11 × 11 found by exact search, seen in one of its eight
    symmetries and with its trominoes renumbered at random."""
    height = draw(st.integers(2, 11).filter(lambda h: h % 3))
    width = draw(st.integers(2, 11).filter(lambda w: w % 3 == height % 3))
    row = draw(st.integers(0, height - 1))
    col = draw(st.integers(0, width - 1))
    assume(obstruction(width, height, row, col) is None)
    labels = searched(height, width, row, col)
    if draw(st.booleans()):
        labels = labels.T
    labels = labels[:: draw(st.sampled_from([1, -1])), :: draw(st.sampled_from([1, -1]))]
    trominoes = int(labels.max())
    names = np.concatenate([[0], 1 + np.array(draw(st.permutations(range(trominoes))))])
    return np.ascontiguousarray(names[labels])


@st.composite
def textbook_tilings(draw, max_k: int) -> np.ndarray:
    size = 2 ** draw(st.integers(0, max_k))
    return textbook(size, draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1)))


# ---------------------------------------------------------------------------------------
# References


def neighbour_pairs(labels: np.ndarray) -> set[tuple[int, int]]:
    """Pairs (s, t), s ≠ t, of trominoes with cells side by side, both ways round."""
    height, width = labels.shape
    pairs = set()
    for r in range(height):
        for c in range(width):
            for rr, cc in ((r + 1, c), (r, c + 1)):
                if rr < height and cc < width:
                    s, t = int(labels[r, c]), int(labels[rr, cc])
                    if s and t and s != t:
                        pairs |= {(s, t), (t, s)}
    return pairs


def assert_proper(labels: np.ndarray, colours: np.ndarray, count: int) -> None:
    trominoes = int(labels.max())
    assert colours.dtype == np.int8
    assert colours.shape == (trominoes + 1,)
    assert colours[0] == -1
    assert np.all((colours[1:] >= 0) & (colours[1:] < count))
    for s, t in neighbour_pairs(labels):
        assert colours[s] != colours[t], f"trominoes {s} and {t} touch and share a colour"


def three_colourable(labels: np.ndarray) -> bool:
    """Exhaustive search in breadth-first order, the first tromino of each component fixed
    to colour 0. For the small boards of these tests only."""
    trominoes = int(labels.max())
    near: dict[int, set[int]] = {t: set() for t in range(1, trominoes + 1)}
    for s, t in neighbour_pairs(labels):
        near[s].add(t)
    order: list[int] = []
    for start in range(1, trominoes + 1):
        if start not in order:
            component = [start]
            for t in component:
                component += sorted(near[t] - set(component))
            order += component
    colour: dict[int, int] = {}

    def extend(i: int) -> bool:
        if i == len(order):
            return True
        t = order[i]
        taken = {colour[s] for s in near[t] if s in colour}
        choices = [0] if not (near[t] & colour.keys()) else [0, 1, 2]
        for c in choices:
            if c not in taken:
                colour[t] = c
                if extend(i + 1):
                    return True
                del colour[t]
        return False

    return extend(0)


# ---------------------------------------------------------------------------------------
# Four colours: always, and proper


@given(small_tilings())
def test_four_colouring_is_proper_on_small_boards(labels):
    assert_proper(labels, colour_trominoes(labels), 4)


@given(textbook_tilings(max_k=6))
def test_four_colouring_is_proper_on_textbook_boards(labels):
    assert_proper(labels, colour_trominoes(labels, 4), 4)


def test_four_colouring_of_a_512_board():
    labels = textbook(512, 300, 77)
    grid = colour_grid(labels, 4)
    # Neighbouring cells of different trominoes differ, checked on the whole board at once.
    for a, b, ga, gb in (
        (labels[:, :-1], labels[:, 1:], grid[:, :-1], grid[:, 1:]),
        (labels[:-1], labels[1:], grid[:-1], grid[1:]),
    ):
        touching = (a != b) & (a > 0) & (b > 0)
        assert np.all(ga[touching] != gb[touching])
    assert grid[300, 77] == -1
    assert np.all(grid[labels > 0] >= 0) and np.all(grid < 4)


@given(st.data())
def test_four_colouring_is_proper_on_constructed_boards(data):
    construct = pytest.importorskip("tilewright.tromino.construct")
    plan_kernels = pytest.importorskip("tilewright.tromino._plan_kernels")
    height = data.draw(st.integers(2, 80).filter(lambda h: h % 3))
    width = data.draw(st.integers(2, 80).filter(lambda w: w % 3 == height % 3))
    row = data.draw(st.integers(0, height - 1))
    col = data.draw(st.integers(0, width - 1))
    assume(obstruction(width, height, row, col) is None)
    plan = construct.plan_tiling(width, height, row, col)
    assume(plan.method == "planned")
    labels = np.empty((height, width), dtype=np.int64)
    plan_kernels.plan_rows(plan.regions, plan.core, 0, labels)
    assert_proper(labels, colour_trominoes(labels, 4), 4)
    try:
        assert_proper(labels, colour_trominoes(labels, 3), 3)
    except TilewrightError as error:
        assert str(error).startswith(("no 3-colouring exists: ", "no 3-colouring found within "))


# ---------------------------------------------------------------------------------------
# Three colours: proper when given, refused only for cause


@given(small_tilings())
def test_three_colours_are_found_exactly_when_they_exist(labels):
    """On small boards the search runs to its end within the budget, so it finds a
    3-colouring whenever one exists and otherwise proves there is none."""
    if three_colourable(labels):
        assert_proper(labels, colour_trominoes(labels, 3), 3)
    else:
        with pytest.raises(TilewrightError, match=r"^no 3-colouring exists: "):
            colour_trominoes(labels, 3)


def test_textbook_tilings_up_to_16_get_three_colours_for_every_missing_square():
    for size in (1, 2, 4, 8, 16):
        for row, col in itertools.product(range(size), repeat=2):
            labels = textbook(size, row, col)
            assert_proper(labels, colour_trominoes(labels, 3), 3)


@given(textbook_tilings(max_k=7))
def test_three_colourings_of_larger_textbook_boards_are_proper(labels):
    assert_proper(labels, colour_trominoes(labels, 3), 3)


# A 5 × 5 tiling (found by enumerating all of them) in which tromino 4 is surrounded by
# trominoes 1, 2, 5, 7 and 3, a cycle of five: an odd wheel.
ODD_WHEEL = np.array(
    [
        [0, 1, 1, 2, 2],
        [3, 1, 4, 4, 2],
        [3, 3, 4, 5, 5],
        [6, 7, 7, 5, 8],
        [6, 6, 7, 8, 8],
    ]
)


def test_an_odd_wheel_is_refused_three_colours_with_its_proof():
    assert not three_colourable(ODD_WHEEL)
    with pytest.raises(TilewrightError) as error:
        colour_trominoes(ODD_WHEEL, 3)
    message = str(error.value)
    assert message.startswith("no 3-colouring exists: tromino 4 touches each of trominoes ")
    cycle = [int(t) for t in message.split("trominoes ")[1].split(",")[:5]]
    assert sorted(cycle) == [1, 2, 3, 5, 7] and "odd length 5" in message
    near = neighbour_pairs(ODD_WHEEL)
    for s, t in itertools.pairwise([*cycle, cycle[0]]):
        assert (s, t) in near and (4, s) in near
    assert_proper(ODD_WHEEL, colour_trominoes(ODD_WHEEL, 4), 4)
    with pytest.raises(TilewrightError, match="no 3-colouring exists"):
        colour_grid(ODD_WHEEL, 3)


def test_a_tiling_without_odd_wheel_is_proven_impossible_by_exhaustive_search():
    labels = searched(5, 11, 0, 2)
    assert not three_colourable(labels)
    with pytest.raises(TilewrightError, match=r"^no 3-colouring exists: an exhaustive search"):
        colour_trominoes(labels, 3)
    assert_proper(labels, colour_trominoes(labels, 4), 4)


def test_no_four_trominoes_are_mutually_adjacent():
    """Why the refusals name odd wheels and never a K4: around any L-tromino there are no
    three pairwise adjacent neighbours, whatever else the tiling holds."""
    box = ((0, 0), (0, 1), (1, 0), (1, 1))
    shapes = [frozenset(box) - {corner} for corner in box]
    placed = {
        frozenset((r + dr, c + dc) for r, c in shape)
        for shape in shapes
        for dr in range(-3, 4)
        for dc in range(-3, 4)
    }

    def touch(p, q):
        return any(abs(a - c) + abs(b - d) == 1 for a, b in p for c, d in q)

    centre = shapes[0]
    around = [p for p in placed if not p & centre and touch(p, centre)]
    pairs = [(p, q) for p, q in itertools.combinations(around, 2) if not p & q and touch(p, q)]
    assert pairs  # triangles exist, so the search below has something to look at
    for p, q in pairs:
        for r in around:
            assert r & (p | q) or not (touch(r, p) and touch(r, q))


# ---------------------------------------------------------------------------------------
# Budgets


def test_running_out_of_steps_says_so(monkeypatch):
    labels = textbook(16, 3, 9)
    monkeypatch.setattr(colour_module, "THREE_COLOUR_STEPS", (0, 10))
    with pytest.raises(TilewrightError, match=r"not proven impossible"):
        colour_trominoes(labels, 3)
    monkeypatch.setattr(colour_module, "FOUR_COLOUR_STEPS", (0, 10))
    with pytest.raises(RuntimeError, match=r"4-colouring search gave up"):
        colour_trominoes(labels, 4)


# ---------------------------------------------------------------------------------------
# Adjacency, grids and input checks


@given(st.one_of(small_tilings(), textbook_tilings(max_k=5)))
def test_adjacency_is_symmetric_csr_of_the_touching_pairs(labels):
    indptr, indices = adjacency(labels)
    trominoes = int(labels.max())
    assert indptr.shape == (trominoes + 1,) and indptr[0] == 0 and indptr[-1] == len(indices)
    assert np.all(np.diff(indptr) >= 0)
    edges = set()
    for t in range(1, trominoes + 1):
        row = indices[indptr[t - 1] : indptr[t]] + 1
        assert np.all(np.diff(row) > 0), "neighbours listed once, in increasing order"
        assert t not in row, "no self-loops"
        edges |= {(t, int(u)) for u in row}
    assert edges == {(u, t) for t, u in edges}, "symmetric"
    assert edges == neighbour_pairs(labels)
    assert max(np.diff(indptr), default=0) <= 8


@given(small_tilings(), st.sampled_from([3, 4]))
def test_colour_grid_spreads_the_tromino_colours(labels, count):
    try:
        colours = colour_trominoes(labels, count)
    except TilewrightError:
        assume(False)
    grid = colour_grid(labels, count)
    assert grid.dtype == np.int8 and grid.shape == labels.shape
    assert np.array_equal(grid, colours[labels])
    assert np.array_equal(grid == -1, labels == 0)


def test_a_board_with_no_trominoes():
    for labels in (np.zeros((1, 1), dtype=np.int64), np.zeros((2, 3), dtype=np.int32)):
        for count in (3, 4):
            assert colour_trominoes(labels, count).tolist() == [-1]
            assert np.array_equal(colour_grid(labels, count), np.full(labels.shape, -1))
        indptr, indices = adjacency(labels)
        assert indptr.tolist() == [0] and len(indices) == 0


def test_a_single_tromino():
    labels = np.array([[1, 1], [0, 1]])
    assert colour_trominoes(labels, 3).tolist() == [-1, 0]
    assert adjacency(labels)[0].tolist() == [0, 0]


@pytest.mark.parametrize("count", [0, 1, 2, 5, -4, 3.0, "4", None, True])
def test_colour_counts_other_than_three_or_four_are_refused(count):
    labels = textbook(4, 1, 2)
    for function in (colour_trominoes, colour_grid):
        with pytest.raises(TilewrightError, match=r"^colours must be 3 or 4, not "):
            function(labels, count)


@pytest.mark.parametrize(
    ("labels", "words"),
    [
        (np.array([[1, 1, 1]]), "not an L"),
        (np.array([[1, 1], [1, 1]]), "more than 3 cells"),
        (np.array([[1, 1], [0, 1], [2, 2]]), "tromino 2 has 2 cells"),
        (np.array([[1, 1], [0, 1], [3, 3], [3, 0]]), "labels go up to 3"),
        (np.array([[1, 1, 3], [1, 3, 3], [0, 0, 0]]), "tromino 2 has 0 cells"),
        (np.array([[1, 1], [-1, 1]]), "negative"),
        (np.array([[1.0, 1.0], [0.0, 1.0]]), "must be integers"),
        (np.array([1, 1, 1]), "2-D"),
        (np.zeros((0, 3), dtype=np.int64), "2-D"),
    ],
)
def test_labels_that_are_not_a_tiling_are_refused(labels, words):
    for function in (adjacency, colour_trominoes, colour_grid):
        with pytest.raises(TilewrightError, match=words):
            function(labels)
