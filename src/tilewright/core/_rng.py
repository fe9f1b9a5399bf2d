"""The random number generator used inside compiled kernels.

Why our own instead of ``np.random`` inside Numba: Numba's built-in generator is one hidden
global per thread, so two mazes generated in turn would share a stream and a seed could not
name a result on its own. SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
number generators", OOPSLA 2014) keeps its whole state in one 64-bit word that the caller
owns, passes BigCrush, and costs one addition and two multiplications per number.
"""

import numpy as np
from numba import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S32 = np.uint64(32)
_S11 = np.uint64(11)
_INV53 = 1.0 / 9007199254740992.0


@njit(cache=True, nogil=True, inline="always")
def _mixed(s):
    """SplitMix64's output function: 64 random bits from the state word ``s``."""
    z = (s ^ (s >> _S30)) * _MIX1
    z = (z ^ (z >> _S27)) * _MIX2
    return z ^ (z >> _S31)


@njit(cache=True, nogil=True, inline="always")
def next_u64(state):
    """Advance ``state`` (a one-element uint64 array) and return 64 random bits."""
    s = state[0] + _GOLDEN
    state[0] = s
    return _mixed(s)


@njit(cache=True, nogil=True, inline="always")
def below(state, n):
    """A random integer in ``[0, n)`` for ``0 < n < 2**32``.

    Lemire's multiply-shift; its bias is at most n / 2**32, far below anything a maze shows.
    """
    return np.int64(((next_u64(state) >> _S32) * np.uint64(n)) >> _S32)


@njit(cache=True, nogil=True, inline="always")
def upcoming(state):
    """The high 32 bits of the number ``next_u64(state)`` would return, leaving ``state``
    as it is: for ``choose``, drawn before it is known whether a choice will be made.

    Why: the mixing multiplications then overlap with the work that decides the choice
    (a walk's look at its neighbours), where drawing after it put them in line; a tenth
    off the backtracker.
    """
    return _mixed(state[0] + _GOLDEN) >> _S32


@njit(cache=True, nogil=True, inline="always")
def choose(state, bits, n):
    """``below(state, n) if n > 1 else 0`` for ``0 < n < 2**32``, given ``bits =
    upcoming(state)``, without a branch: the state advances one step when ``n > 1``, and a draw
    from one choice is 0 whatever the bits.

    Why no branch: in a walk whether a cell has one way on or several is a coin toss to
    the processor, and the branch it mispredicted cost more than the draw it saved.
    """
    state[0] += _GOLDEN * np.uint64(n > 1)
    return np.int64((bits * np.uint64(n)) >> _S32)


@njit(cache=True, nogil=True, inline="always")
def uniform(state):
    """A random float in ``[0, 1)`` with 53 random bits."""
    return np.float64(next_u64(state) >> _S11) * _INV53


@njit(cache=True, nogil=True)
def shuffle(state, values):
    """Fisher–Yates shuffle of a 1-D array in place."""
    for i in range(values.shape[0] - 1, 0, -1):
        j = np.int64(((next_u64(state) >> _S32) * np.uint64(i + 1)) >> _S32)
        values[i], values[j] = values[j], values[i]


@njit(cache=True, nogil=True)
def shuffle_together(state, values, partner):
    """Fisher–Yates shuffle of ``values`` in place, applying each swap to ``partner`` too.

    ``values`` ends as ``shuffle`` leaves it from the same state; ``partner`` (as long)
    carries data belonging to each value along, so that a later pass over the shuffled
    values reads it in order instead of looking it up at random.
    """
    for i in range(values.shape[0] - 1, 0, -1):
        j = np.int64(((next_u64(state) >> _S32) * np.uint64(i + 1)) >> _S32)
        values[i], values[j] = values[j], values[i]
        partner[i], partner[j] = partner[j], partner[i]


@njit(cache=True, nogil=True)
def chance_threshold(p):
    """The ``t`` for which ``next_u64(state) < t`` has probability ``p`` (to 2**-53).

    Comparing raw words skips the conversion to a float in the hottest loops; ``p >= 1``
    maps to the largest word, a chance short of certainty by 2**-64.
    """
    if p <= 0.0:
        return np.uint64(0)
    if p >= 1.0:
        return np.uint64(0xFFFFFFFFFFFFFFFF)
    return np.uint64(p * 18446744073709551616.0)
