"""One seed convention for every generator.

Every generator takes ``seed: int | None``. ``None`` draws a fresh seed from the operating
system, which the generator records so that the result can be reproduced later. The kernels
never see the user's integer: it is expanded by NumPy's ``SeedSequence`` (so nearby seeds give
unrelated streams) into the state of the kernels' own generator (see ``_rng``).
"""

import secrets
from enum import IntEnum

import numpy as np

from tilewright.core.errors import TilewrightError

MAX_SEED = 2**63 - 1


class Stream(IntEnum):
    """The random streams of one seed: each independent use of a seed draws from its own.

    The numbers are part of the seed contract (a seed's output depends on them), so an
    entry is never renumbered or reused; a new use takes the next free number.
    """

    GENERATE = 0  # a family's main generator: maze passages, Rectangles partitions
    BRAID = 1  # mazes: which dead ends braid() opens
    MISSING_SQUARE = 2  # tromino: the missing square, when none is given
    SPECTRE_ANCESTRY = 6  # aperiodic: the supertile ancestry that fixes a Spectre tiling
    WEAVE = 7  # mazes: where a weave's crossings go (and, as part 1, parallel passages)
    DATASET = 8  # datasets: each item's own seed, from the dataset's seed and the item's index
    ENDPOINTS = 9  # datasets: an item's random origin and target, from the item's own seed
    HAT_ANCESTRY = 10  # aperiodic: the metatile ancestry that fixes a hat tiling
    TROMINO_TILING = 11  # tromino: a random tiling of the board (after its missing square)
    PENROSE_PATCH = 12  # aperiodic: the start and ancestry of a Penrose patch (Loopy's grids)


def resolve_seed(seed: int | None) -> int:
    """Return ``seed`` checked, or a fresh random seed when it is ``None``."""
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TilewrightError(f"seed must be a whole number, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise TilewrightError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    return int(seed)


def kernel_state(seed: int, stream: Stream = Stream.GENERATE) -> np.ndarray:
    """The kernel generator's state for ``seed``: a one-element ``uint64`` array.

    ``stream`` separates independent uses of one seed (for example the rows of a maze and a
    later braid step) so that they do not share random numbers.
    """
    words = sequence(seed, stream).generate_state(1, np.uint64)
    return np.array(words, dtype=np.uint64)


def sequence(seed: int, stream: Stream) -> np.random.SeedSequence:
    """NumPy's ``SeedSequence`` for ``stream`` of ``seed``: for generators that use NumPy's
    own bit generators (``np.random.Generator(np.random.PCG64(sequence(seed, stream)))``).

    Examples
    --------
    >>> a = np.random.Generator(np.random.PCG64(sequence(1, Stream.SPECTRE_ANCESTRY)))
    >>> b = np.random.Generator(np.random.PCG64(sequence(1, Stream.SPECTRE_ANCESTRY)))
    >>> int(a.integers(1000)) == int(b.integers(1000))
    True
    """
    return np.random.SeedSequence([seed, int(stream)])
