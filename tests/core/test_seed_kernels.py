"""The compiled SeedSequence: NumPy's words bit for bit, for many seeds at once."""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tilewright.core._seed_kernels import drawn_item_seeds, item_seeds, kernel_states
from tilewright.core.seeds import MAX_SEED, Stream, kernel_state

# where NumPy's conversion of an int to 32-bit words changes length (0 still gives a word)
EDGES = [0, 1, 2**32 - 1, 2**32, MAX_SEED]
seeds = st.one_of(st.sampled_from(EDGES), st.integers(0, MAX_SEED))
streams = st.integers(0, 10)


def numpy_word(entropy: list[int]) -> int:
    """The reference: NumPy's own SeedSequence."""
    return int(np.random.SeedSequence(entropy).generate_state(1, np.uint64)[0])


@given(st.lists(seeds, min_size=1, max_size=8), streams)
@example(EDGES, 0)
@example(EDGES, 10)
def test_kernel_states_are_numpys_words(values, stream):
    out = kernel_states(np.array(values, dtype=np.uint64), stream)
    assert out.dtype == np.uint64
    assert [int(word) for word in out] == [numpy_word([value, stream]) for value in values]


def test_kernel_states_of_no_seeds():
    assert kernel_states(np.zeros(0, dtype=np.uint64), 0).shape == (0,)


@given(seeds)
@example(0)
@example(MAX_SEED)
def test_kernel_states_hold_what_kernel_state_holds(seed):
    assert Stream.GENERATE == 0
    expected = kernel_state(seed)[0]
    assert kernel_states(np.array([seed], dtype=np.uint64), 0)[0] == expected


@st.composite
def item_ranges(draw):
    """(first_index, count) with the last index within MAX_SEED, often right at the top."""
    count = draw(st.integers(0, 20))
    top = min(MAX_SEED, MAX_SEED - count + 1)
    first = draw(st.one_of(st.integers(0, top), st.integers(max(0, top - 3), top)))
    return first, count


@given(seeds, streams, item_ranges())
@example(MAX_SEED, 10, (MAX_SEED - 19, 20))  # five entropy words: more than the pool holds
@example(MAX_SEED, 2**32, (MAX_SEED - 19, 20))  # six, the most three ints below 2**64 give
@example(0, 0, (0, 20))
def test_item_seeds_follow_numpys_formula(base_seed, stream, first_and_count):
    first, count = first_and_count
    out = item_seeds(base_seed, stream, first, count)
    assert out.dtype == np.int64
    expected = [numpy_word([base_seed, stream, first + k]) >> 1 for k in range(count)]
    assert [int(seed) for seed in out] == expected
    assert all(0 <= int(seed) <= MAX_SEED for seed in out)


@pytest.mark.parametrize(
    ("base_seed", "stream", "first", "count"),
    [(-1, 0, 0, 1), (0, -1, 0, 1), (0, 0, -1, 1), (0, 0, 0, -1), (0, 0, MAX_SEED, 2)],
)
def test_item_seeds_refuse_what_numpy_would_not_take(base_seed, stream, first, count):
    with pytest.raises(ValueError):
        item_seeds(base_seed, stream, first, count)


def test_item_seeds_take_numpy_integers_alike():
    expected = item_seeds(MAX_SEED, 8, MAX_SEED - 4, 5)
    got = item_seeds(np.uint64(MAX_SEED), np.int64(8), np.uint64(MAX_SEED - 4), np.int64(5))
    assert got.tolist() == expected.tolist()
    with pytest.raises(ValueError):  # above MAX_SEED
        item_seeds(np.uint64(2**63), 8, 0, 1)


def test_kernel_states_refuse_a_negative_stream():
    with pytest.raises(ValueError):
        kernel_states(np.zeros(1, dtype=np.uint64), -1)


@settings(max_examples=40, deadline=None)
@given(
    base_seed=st.integers(0, MAX_SEED),
    stream=st.integers(0, 2**40),
    items=st.lists(st.tuples(st.integers(0, MAX_SEED), st.integers(0, MAX_SEED)), max_size=6),
)
def test_drawn_item_seeds_follow_numpys_formula(base_seed, stream, items):
    indices = np.array([index for index, _ in items], dtype=np.int64)
    draws = np.array([draw for _, draw in items], dtype=np.int64)
    out = drawn_item_seeds(base_seed, stream, indices, draws)
    for (index, draw), value in zip(items, out, strict=True):
        entropy = [base_seed, stream, index] + ([draw] if draw else [])
        word = np.random.SeedSequence(entropy).generate_state(1, np.uint64)[0]
        assert int(value) == int(word) >> 1


def test_draw_zero_is_the_items_first_seed():
    indices = np.arange(7, 12, dtype=np.int64)
    first = drawn_item_seeds(3, 8, indices, np.zeros(5, dtype=np.int64))
    assert np.array_equal(first, item_seeds(3, 8, 7, 5))
    with pytest.raises(ValueError):
        drawn_item_seeds(3, 8, indices, np.full(5, -1, dtype=np.int64))
