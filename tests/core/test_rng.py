"""The kernels' generator: SplitMix64 bit for bit, and the draws built on it in range and
even."""

import itertools
from collections import Counter

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from tilewright.core._rng import (
    below,
    chance_threshold,
    next_u64,
    shuffle,
    shuffle_together,
    uniform,
)

WORD = (1 << 64) - 1
words = st.integers(0, WORD)


def reference_next(state: int) -> tuple[int, int]:
    """SplitMix64 in plain Python, from the published algorithm: (new state, output)."""
    state = (state + 0x9E3779B97F4A7C15) & WORD
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & WORD
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & WORD
    return state, z ^ (z >> 31)


def state_of(word: int) -> np.ndarray:
    return np.array([word], dtype=np.uint64)


def test_published_values():
    # the reference implementation's outputs for the seeds 0 and 1234567
    assert int(next_u64(state_of(0))) == 0xE220A8397B1DCDAF
    state = state_of(1234567)
    assert [int(next_u64(state)) for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]


@given(words)
def test_matches_the_reference_and_owns_its_state(word):
    state = state_of(word)
    expected_state, expected = word, 0
    for _ in range(4):
        expected_state, expected = reference_next(expected_state)
        assert int(next_u64(state)) == expected
        assert int(state[0]) == expected_state


@given(words, st.integers(1, 2**32 - 1))
def test_below_is_in_range_and_is_lemires_reduction(word, n):
    value = below(state_of(word), n)
    assert 0 <= value < n
    assert value == ((reference_next(word)[1] >> 32) * n) >> 32


@given(words)
def test_uniform_is_in_the_unit_interval_with_53_bits(word):
    value = uniform(state_of(word))
    assert 0.0 <= value < 1.0
    assert value == (reference_next(word)[1] >> 11) / 2**53


def test_below_is_even():
    state = state_of(7)
    counts = Counter(int(below(state, 6)) for _ in range(60_000))
    # chi-square with 5 degrees of freedom: 20.5 is its 0.999 quantile
    chi_square = sum((counts[k] - 10_000) ** 2 / 10_000 for k in range(6))
    assert sorted(counts) == list(range(6)) and chi_square < 20.5


def test_uniform_is_even():
    state = state_of(11)
    deciles = Counter(int(uniform(state) * 10) for _ in range(50_000))
    chi_square = sum((deciles[k] - 5_000) ** 2 / 5_000 for k in range(10))
    assert chi_square < 27.9  # 9 degrees of freedom, the 0.999 quantile


@given(words, st.integers(0, 50))
def test_shuffle_permutes_and_is_repeatable(word, size):
    first, second = np.arange(size), np.arange(size)
    shuffle(state_of(word), first)
    shuffle(state_of(word), second)
    assert sorted(first) == list(range(size))
    assert np.array_equal(first, second)


@given(words, st.integers(0, 50))
def test_shuffle_together_moves_the_partner_alike(word, size):
    alone, values = np.arange(size), np.arange(size)
    partner = np.arange(size, dtype=np.uint64) * np.uint64(3)
    state = state_of(word)
    shuffle(state_of(word), alone)
    shuffle_together(state, values, partner)
    assert np.array_equal(values, alone)  # the same permutation as shuffle from one state
    assert np.array_equal(partner, values.astype(np.uint64) * np.uint64(3))
    draws = max(size - 1, 0)  # one draw a swap, and the state moves by a constant each
    assert int(state[0]) == (word + draws * 0x9E3779B97F4A7C15) % 2**64


def test_shuffle_draws_every_order_evenly():
    state = state_of(3)
    orders = Counter()
    for _ in range(6_000):
        values = np.arange(3)
        shuffle(state, values)
        orders[tuple(int(v) for v in values)] += 1
    assert set(orders) == set(itertools.permutations(range(3)))
    chi_square = sum((count - 1_000) ** 2 / 1_000 for count in orders.values())
    assert chi_square < 20.5


@given(st.floats(0, 1), st.floats(0, 1))
def test_chance_threshold_is_monotone_and_scaled(p, q):
    low, high = sorted((p, q))
    assert int(chance_threshold(low)) <= int(chance_threshold(high))
    assert abs(int(chance_threshold(p)) / 2**64 - p) <= 2**-53


def test_chance_threshold_ends():
    assert int(chance_threshold(0.0)) == 0
    assert int(chance_threshold(-1.0)) == 0
    assert int(chance_threshold(1.0)) == WORD
    assert int(chance_threshold(2.0)) == WORD
