"""The default cell: the largest that fits the pixel budget; an explicit one past the
budget refused with the size it would need."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core.picture_size import PIXEL_BUDGET, check_budget, fit_cell


@st.composite
def pictures(draw):
    """A picture that grows with its cell: (width, height) = cells * cell + margin, or a
    convex growth (a cell's own border counted twice, say)."""
    across, down = draw(st.integers(1, 10**6)), draw(st.integers(1, 10**6))
    margin = draw(st.integers(0, 50))
    square = draw(st.booleans())

    def size_at(cell: int) -> tuple[int, int]:
        grow = cell * cell if square else cell
        return across * grow + margin, down * grow + margin

    return size_at


def fits(size_at, cell, budget):
    return max(size_at(cell)) <= budget


@given(
    pictures(),
    st.integers(1, 64),
    st.integers(1, 8),
    st.integers(1, 2 * PIXEL_BUDGET),
)
def test_the_largest_cell_that_fits_or_the_smallest(size_at, preferred, smallest, budget):
    cell = fit_cell(size_at, preferred, smallest=smallest, budget=budget)
    top = max(smallest, preferred)
    assert smallest <= cell <= top
    if fits(size_at, smallest, budget):
        assert fits(size_at, cell, budget)
        assert cell == top or not fits(size_at, cell + 1, budget)  # no larger one fits
    else:
        assert cell == smallest  # nothing fits: the caller's checks refuse it


def test_the_preferred_cell_when_it_fits():
    assert fit_cell(lambda cell: (30 * cell, 15 * cell), preferred=12) == 12


def test_a_huge_maze_gets_a_smaller_cell():
    # a 4000x4000 maze: 12 px a cell would be 48002 px a side
    cell = fit_cell(lambda cell: (4000 * cell + 2, 4000 * cell + 2), preferred=12)
    assert cell == 2
    assert 4000 * cell + 2 <= PIXEL_BUDGET < 4000 * (cell + 1) + 2


def test_few_sizes_are_tried():
    tried = []

    def size_at(cell):
        tried.append(cell)
        return cell * 1000, cell

    assert fit_cell(size_at, preferred=10**9) == PIXEL_BUDGET // 1000
    assert len(tried) <= 40  # bisection, not a walk down from the preferred size


def test_a_picture_within_the_budget_passes():
    check_budget((PIXEL_BUDGET, 1))
    check_budget((10, 10), budget=10)


def test_a_picture_past_the_budget_names_the_size_and_the_ways_out():
    with pytest.raises(TilewrightError) as refused:
        check_budget((48002, 300), fits=2)
    message = str(refused.value)
    assert "48002x300 pixels" in message
    assert f"{PIXEL_BUDGET}-pixel budget" in message
    assert "--cell 2 fits" in message and "--max-side 48002" in message


def test_without_a_fitting_cell_only_the_budget_is_offered():
    with pytest.raises(TilewrightError) as refused:
        check_budget((10, 20), budget=15)
    assert "--cell" not in str(refused.value)
    assert "--max-side 20" in str(refused.value)
