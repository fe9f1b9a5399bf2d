"""The seed convention: checked seeds, fresh ones recorded, and one pinned stream per use.

The values pinned here are the seed contract: a change to them changes the output of
every seed of every family, which is a decision for the CHANGELOG, never an accident.
"""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tilewright import TilewrightError
from tilewright.core.seeds import MAX_SEED, Stream, kernel_state, resolve_seed, sequence

seeds = st.integers(0, MAX_SEED)

# Every stream and its number: a number is never changed or reused (a new use adds a line).
STREAMS = {
    "GENERATE": 0,
    "BRAID": 1,
    "MISSING_SQUARE": 2,
    "SPECTRE_ANCESTRY": 6,
    "WEAVE": 7,
    "DATASET": 8,
    "ENDPOINTS": 9,
    "HAT_ANCESTRY": 10,
    "TROMINO_TILING": 11,
    "PENROSE_PATCH": 12,
}
# kernel_state(1, stream)[0] for each stream, as NumPy's SeedSequence expands it
STATE_OF_SEED_1 = {
    Stream.GENERATE: 7434755675892716031,
    Stream.BRAID: 77803131892610477,
    Stream.MISSING_SQUARE: 15529898885419721899,
    Stream.SPECTRE_ANCESTRY: 5102377104321400970,
    Stream.WEAVE: 17991200575022749164,
    Stream.DATASET: 8313425274372761653,
    Stream.ENDPOINTS: 5720443835026831784,
    Stream.HAT_ANCESTRY: 2648897774172251943,
    Stream.TROMINO_TILING: 12880732874129366936,
    Stream.PENROSE_PATCH: 4976014034063718530,
}


def test_the_stream_registry_is_pinned():
    assert {stream.name: stream.value for stream in Stream} == STREAMS
    assert len(set(STREAMS.values())) == len(STREAMS)  # no number serves two uses


@pytest.mark.parametrize("stream", list(Stream))
def test_kernel_states_are_pinned(stream):
    state = kernel_state(1, stream)
    assert state.dtype == np.uint64 and state.shape == (1,)
    assert int(state[0]) == STATE_OF_SEED_1[stream]


def test_numpy_generators_are_pinned():
    generator = np.random.Generator(np.random.PCG64(sequence(1, Stream.SPECTRE_ANCESTRY)))
    assert int(generator.integers(2**62)) == 664662360385431054


def test_the_default_stream_is_generate():
    assert np.array_equal(kernel_state(5), kernel_state(5, Stream.GENERATE))


@given(seeds, st.sampled_from(list(Stream)))
def test_a_seed_and_stream_give_one_state(seed, stream):
    assert np.array_equal(kernel_state(seed, stream), kernel_state(seed, stream))
    assert sequence(seed, stream).entropy == np.random.SeedSequence([seed, stream]).entropy


@given(seeds)
def test_streams_of_one_seed_are_separate(seed):
    states = {int(kernel_state(seed, stream)[0]) for stream in Stream}
    assert len(states) == len(Stream)


@given(seeds, seeds)
def test_nearby_and_distinct_seeds_give_distinct_states(seed, other):
    if seed != other:
        assert int(kernel_state(seed)[0]) != int(kernel_state(other)[0])
    neighbours = {int(kernel_state(s)[0]) for s in (seed, seed ^ 1, seed ^ 2)}
    assert len(neighbours) == 3


def test_none_draws_a_fresh_seed_in_range():
    drawn = {resolve_seed(None) for _ in range(20)}
    assert all(isinstance(seed, int) and 0 <= seed <= MAX_SEED for seed in drawn)
    assert len(drawn) > 1


@given(seeds)
def test_a_given_seed_is_kept_as_a_python_int(seed):
    assert resolve_seed(seed) == seed
    kept = resolve_seed(np.int64(seed))
    assert kept == seed and type(kept) is int


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64])
def test_seeds_out_of_range_are_refused(seed):
    with pytest.raises(TilewrightError, match="seed must be between 0 and"):
        resolve_seed(seed)


@pytest.mark.parametrize("seed", [True, 1.0, "1", np.float64(1)])
def test_seeds_that_are_not_whole_numbers_are_refused(seed):
    with pytest.raises(TilewrightError, match="seed must be a whole number"):
        resolve_seed(seed)
