"""One seed convention for every generator.

Every generator takes ``seed: int | None``. ``None`` draws a fresh seed from the operating
system, which the generator records so that the result can be reproduced later. The kernels
never see the user's integer: it is expanded by NumPy's ``SeedSequence`` (so nearby seeds give
unrelated streams) into the state of the kernels' own generator (see ``_rng``).
"""

import secrets

import numpy as np

from tilewright.core.errors import TilewrightError

MAX_SEED = 2**63 - 1


def resolve_seed(seed: int | None) -> int:
    """Return ``seed`` checked, or a fresh random seed when it is ``None``."""
    if seed is None:
        return secrets.randbits(63)
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise TilewrightError(f"seed must be a whole number, got {seed!r}")
    if not 0 <= seed <= MAX_SEED:
        raise TilewrightError(f"seed must be between 0 and {MAX_SEED}, got {seed}")
    return int(seed)


def kernel_state(seed: int, stream: int = 0) -> np.ndarray:
    """The kernel generator's state for ``seed``: a one-element ``uint64`` array.

    ``stream`` separates independent uses of one seed (for example the rows of a maze and a
    later braid step) so that they do not share random numbers.
    """
    words = np.random.SeedSequence([seed, stream]).generate_state(1, np.uint64)
    return np.array(words, dtype=np.uint64)
