"""NumPy's ``SeedSequence`` compiled, for seeding millions of items.

Why: ``seeds.kernel_state`` builds a ``np.random.SeedSequence`` per call, about 10 µs of
Python, so a dataset of millions of items would spend most of its time seeding. These
kernels run the same algorithm (Melissa O'Neill's seed_seq design, "Developing a seed_seq
alternative", 2015, as NumPy implements it in ``numpy/random/bit_generator.pyx``) in
compiled code and give the same bits, so a seed names the same result either way.

The algorithm works on 32-bit words; here they are held in uint64 and cut to 32 bits after
each multiplication (the product of two 32-bit values cannot overflow 64 bits), which keeps
Numba's integer typing simple.
"""

import numpy as np
from numba import njit

# O'Neill's hash constants, as NumPy names them
_INIT_A = np.uint64(0x43B0D7E5)
_MULT_A = np.uint64(0x931E8875)
_INIT_B = np.uint64(0x8B51F9DD)
_MULT_B = np.uint64(0x58F38DED)
_MIX_MULT_L = np.uint64(0xCA01F9DD)
_MIX_MULT_R = np.uint64(0x4973F715)
_XSHIFT = np.uint64(16)
_MASK32 = np.uint64(0xFFFFFFFF)
_ZERO = np.uint64(0)
_S1 = np.uint64(1)
_S32 = np.uint64(32)
_POOL_SIZE = 4  # NumPy's default pool: 128 bits
# the most words an entropy list of four 64-bit ints can take (two words each)
_MAX_WORDS = 8
_MAX_SEED = 2**63 - 1


@njit(cache=True, nogil=True, inline="always")
def _hashmix(value, hash_const):
    """NumPy's ``hashmix``: (hashed value, next hash constant). The constant is threaded
    through every call, so the order of calls is part of the result; the value is xored
    with the constant before it advances and multiplied by it after."""
    value ^= hash_const
    hash_const = (hash_const * _MULT_A) & _MASK32
    value = (value * hash_const) & _MASK32
    return value ^ (value >> _XSHIFT), hash_const


@njit(cache=True, nogil=True, inline="always")
def _mix(x, y):
    """NumPy's ``mix``: ``L*x - R*y`` modulo 2**32 (the uint64 wrap-around is cut away)."""
    result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _MASK32
    return result ^ (result >> _XSHIFT)


@njit(cache=True, nogil=True, inline="always")
def _put_int(words, at, value):
    """Append the non-negative ``value`` to ``words`` from ``at`` as NumPy's
    ``_int_to_uint32_array`` does, and return the position after it: 32-bit little-endian
    words with no leading zeros, except that 0 still gives one word ``0``."""
    words[at] = value & _MASK32
    at += 1
    value >>= _S32
    while value != _ZERO:
        words[at] = value & _MASK32
        at += 1
        value >>= _S32
    return at


@njit(cache=True, nogil=True)
def seed_sequence_word(words, n_words, pool):
    """The first word of ``np.random.SeedSequence(entropy).generate_state(1, np.uint64)``,
    where ``words[:n_words]`` are the 32-bit words NumPy assembles from ``entropy`` (held in
    uint64) and ``pool`` is scratch space for four words, passed in so that a loop over
    millions of items allocates nothing.

    It exists for speed: the same algorithm as NumPy's (after O'Neill's seed_seq design)
    without a Python object per seed. Valid for an empty spawn key and the default pool
    size, the only case the package uses: NumPy pads short entropy with zero words only
    when there is a spawn key.
    """
    # Fill the pool from the entropy; a short entropy keeps hashing zero words.
    hash_const = _INIT_A
    for i in range(_POOL_SIZE):
        value = words[i] if i < n_words else _ZERO
        pool[i], hash_const = _hashmix(value, hash_const)
    # Mix every pool word into every other, in place and in this order, so that late
    # words affect early ones (a destination updated earlier is a source later).
    for source in range(_POOL_SIZE):
        for target in range(_POOL_SIZE):
            if source != target:
                hashed, hash_const = _hashmix(pool[source], hash_const)
                pool[target] = _mix(pool[target], hashed)
    # Entropy beyond the pool is mixed into every pool word, hashed afresh each time.
    for source in range(_POOL_SIZE, n_words):
        for target in range(_POOL_SIZE):
            hashed, hash_const = _hashmix(words[source], hash_const)
            pool[target] = _mix(pool[target], hashed)
    # generate_state: a second hash over the pool, cycled, with its own constants; a
    # uint64 is the first two 32-bit outputs read little-endian (low word first).
    hash_const = _INIT_B
    result = _ZERO
    for i in range(2):
        value = pool[i] ^ hash_const
        hash_const = (hash_const * _MULT_B) & _MASK32
        value = (value * hash_const) & _MASK32
        value ^= value >> _XSHIFT
        result |= value << np.uint64(32 * i)
    return result


@njit(cache=True, nogil=True)
def kernel_states(seeds, stream):
    """``out[i] == np.random.SeedSequence([int(seeds[i]), stream]).generate_state(1,
    np.uint64)[0]`` for a uint64 array ``seeds`` and a non-negative int ``stream``: the
    word ``seeds.kernel_state(seed, stream)`` holds, for many seeds at once.

    It exists for speed (tens of nanoseconds a seed instead of about 10 µs), bit for bit
    NumPy's algorithm (after O'Neill's seed_seq design), for every uint64 seed.
    """
    if stream < 0:
        raise ValueError("stream must not be negative")
    out = np.empty(seeds.shape[0], dtype=np.uint64)
    words = np.empty(_MAX_WORDS, dtype=np.uint64)
    pool = np.empty(_POOL_SIZE, dtype=np.uint64)
    for i in range(seeds.shape[0]):
        # the list [seed, stream]: each int becomes its own words, concatenated
        n_words = _put_int(words, 0, np.uint64(seeds[i]))
        n_words = _put_int(words, n_words, np.uint64(stream))
        out[i] = seed_sequence_word(words, n_words, pool)
    return out


@njit(cache=True, nogil=True)
def item_seeds(base_seed, stream, first_index, count):
    """The seeds of the ``count`` items from ``first_index`` on: item ``first_index + k``
    gets ``int(np.random.SeedSequence([base_seed, stream, first_index + k])
    .generate_state(1, np.uint64)[0]) >> 1``, an int64 in ``[0, 2**63 - 1]`` that is a
    valid seed in its own right.

    It exists for speed: a dataset of millions of items derives each item's seed from the
    dataset's seed and the item's index (NumPy's SeedSequence, after O'Neill's seed_seq
    design, so neighbouring indices get unrelated seeds) at tens of nanoseconds an item.
    ``base_seed``, ``stream`` and the indices must lie in ``[0, 2**63 - 1]`` (any integer
    types; anything outside raises ``ValueError``).
    """
    # One signed type for all four, whatever integer types the caller passes: a uint64
    # above MAX_SEED turns negative and is refused, and the index arithmetic stays exact.
    base_seed, stream = np.int64(base_seed), np.int64(stream)
    first_index, count = np.int64(first_index), np.int64(count)
    if base_seed < 0 or stream < 0 or first_index < 0 or count < 0:
        raise ValueError("base_seed, stream, first_index and count must not be negative")
    if count > 0 and first_index > _MAX_SEED - (count - 1):
        raise ValueError("the last index must not exceed 2**63 - 1")
    out = np.empty(count, dtype=np.int64)
    words = np.empty(_MAX_WORDS, dtype=np.uint64)
    pool = np.empty(_POOL_SIZE, dtype=np.uint64)
    # the words of [base_seed, stream] are the same for every item
    prefix = _put_int(words, 0, np.uint64(base_seed))
    prefix = _put_int(words, prefix, np.uint64(stream))
    for k in range(count):
        n_words = _put_int(words, prefix, np.uint64(first_index + k))
        # dropping the low bit keeps the seed within MAX_SEED, as resolve_seed requires
        out[k] = np.int64(seed_sequence_word(words, n_words, pool) >> _S1)
    return out


@njit(cache=True, nogil=True)
def drawn_item_seeds(base_seed, stream, indices, draws):
    """The seeds of items ``indices`` at their ``draws``: draw 0 of item ``i`` is
    ``item_seeds``' seed, ``SeedSequence([base_seed, stream, i])``; draw ``d > 0`` is
    ``SeedSequence([base_seed, stream, i, d])``'s first word, shifted right by one.

    Why draws: a dataset that keeps only some items (a filter, no duplicates) draws an item
    again from its next seed, and an item's seed must still depend on nothing but the
    dataset's seed, its index and how many of its draws were refused. Every value must lie
    in ``[0, 2**63 - 1]`` (``ValueError`` otherwise).
    """
    base_seed, stream = np.int64(base_seed), np.int64(stream)
    if base_seed < 0 or stream < 0:
        raise ValueError("base_seed and stream must not be negative")
    if indices.shape[0] != draws.shape[0]:
        raise ValueError("indices and draws must have the same length")
    out = np.empty(indices.shape[0], dtype=np.int64)
    words = np.empty(_MAX_WORDS, dtype=np.uint64)
    pool = np.empty(_POOL_SIZE, dtype=np.uint64)
    prefix = _put_int(words, 0, np.uint64(base_seed))
    prefix = _put_int(words, prefix, np.uint64(stream))
    for k in range(indices.shape[0]):
        index, draw = np.int64(indices[k]), np.int64(draws[k])
        if index < 0 or draw < 0:
            raise ValueError("indices and draws must not be negative")
        n_words = _put_int(words, prefix, np.uint64(index))
        if draw > 0:
            n_words = _put_int(words, n_words, np.uint64(draw))
        out[k] = np.int64(seed_sequence_word(words, n_words, pool) >> _S1)
    return out
