"""The puzzle collection's random numbers, for the few places its grids depend on them.

The collection draws from SHA-1: its state is a 40-byte seed buffer (the hash of the seed
text, then the hash of that) and a 20-byte buffer of output (the hash of the seed
buffer); each output byte is used once, and when they run out the seed buffer is counted
up by one (little-endian, bytes wrapping) and hashed again. A draw below ``n`` takes just
enough bytes for the bit length of ``n`` plus 3, rejecting values past the largest
multiple of ``n``, and divides.

Two things need it here: a Penrose grid description too short for its grid makes the
collection invent the missing levels from the seed text ``"dummy"``, and the collection's
own Loopy draws its descriptions from the game seed, which the tests replay.
"""

import hashlib


class CollectionRandom:
    """The collection's random state for a seed text.

    Examples
    --------
    >>> a, b = CollectionRandom("x"), CollectionRandom("x")
    >>> [a.below(3) for _ in range(8)] == [b.below(3) for _ in range(8)]
    True
    """

    def __init__(self, seed: str) -> None:
        first = hashlib.sha1(seed.encode()).digest()
        self._seed = bytearray(first + hashlib.sha1(first).digest())
        self._data = hashlib.sha1(self._seed).digest()
        self._used = 0

    def _byte(self) -> int:
        if self._used == len(self._data):
            for i in range(20):
                if self._seed[i] != 0xFF:
                    self._seed[i] += 1
                    break
                self._seed[i] = 0
            self._data = hashlib.sha1(self._seed).digest()
            self._used = 0
        self._used += 1
        return self._data[self._used - 1]

    def bits(self, bits: int) -> int:
        """A number of ``bits`` random bits (whole bytes drawn, the top ones dropped)."""
        value = 0
        for _ in range(0, bits, 8):
            value = (value << 8) | self._byte()
        return value & ((1 << bits) - 1)

    def below(self, limit: int) -> int:
        """A number from 0 to ``limit − 1`` (``limit`` below 2**28)."""
        bits = limit.bit_length() + 3
        divisor = (1 << bits) // limit
        while True:
            value = self.bits(bits)
            if value < limit * divisor:
                return value // divisor
