"""The puzzle collection's Penrose grid descriptions: reading, checking and writing them.

A Loopy game ID of a Penrose grid (types 11 and 12) starts with a *grid description*, the
part before ``_``: a digit, the tenths of a turn of the start triangle's base; a digit
0–2, which of its corners is at the centre of the patch; then the start triangle's letters,
lowest first (``A B U V`` for kites and darts, ``C D X Y`` for rhombs), each one a
possible parent of the one before. The collection accepts exactly these (and those of its
older generator, which start with ``G``: see :mod:`.legacy`); any number of letters will do, since
levels the patch needs above the last one are made up the same way every time.
"""

import re
from dataclasses import dataclass

from tilewright.aperiodic._docstrings import APERIODIC
from tilewright.aperiodic.penrose.tables import P2_LETTERS, P3_LETTERS, PARENTS
from tilewright.core.docstrings import filler
from tilewright.core.errors import TilewrightError
from tilewright.core.numbers import quoted

LETTERS = {"p2": P2_LETTERS, "p3": P3_LETTERS}
TILES = {"p2": "kite/dart", "p3": "rhomb"}
_DIGITS = "0123456789"
# a letter followed by one that cannot be its parent, for each kind
_ORPHANS = {
    which: re.compile("|".join(c + p for c in letters for p in letters if p not in PARENTS[c]))
    for which, letters in LETTERS.items()
}
_STRAYS = {which: re.compile(f"[^{letters}]") for which, letters in LETTERS.items()}


@dataclass(frozen=True)
class Description:
    """A Penrose patch as a description names it.

    Attributes
    ----------
    turn : int
        Tenths of a turn of the start triangle's base, 0–9.
    start_vertex : int
        The start triangle's corner at the centre of the patch, 0–2.
    letters : str
        The start triangle's letters, lowest first (at least one).
    """

    turn: int
    start_vertex: int
    letters: str

    def text(self) -> str:
        """The description as the collection writes it.

        Examples
        --------
        >>> Description(0, 2, "UAV").text()
        '02UAV'
        """
        return f"{self.turn}{self.start_vertex}{self.letters}"


def check_which(which: object) -> str:
    """``which`` checked: ``"p2"`` (kites and darts) or ``"p3"`` (rhombs)."""
    if which not in LETTERS:
        raise TilewrightError(
            f"a Penrose grid is 'p2' (kites and darts) or 'p3' (rhombs), got {which!r}"
        )
    return str(which)


@filler(APERIODIC)
def read_description(text: str, which: str) -> Description:
    """The patch a grid description names, checked as the collection checks it.

    Parameters
    ----------
    text : str
        The grid description, e.g. ``"00UAVBAABB"``.
    which : {"p2", "p3"}
        Kites and darts, or rhombs.

    Returns
    -------
    Description

    %(description_raises)s

    Examples
    --------
    >>> read_description("12XDY", "p3")
    Description(turn=1, start_vertex=2, letters='XDY')
    """
    if not isinstance(text, str):
        raise TypeError(f"a grid description must be text, not {type(text).__name__}")
    which = check_which(which)
    what = f"the Penrose grid description {quoted(text)}"
    if not text or text[0] not in _DIGITS:
        raise TilewrightError(f"{what} must start with a digit (tenths of a turn)")
    if len(text) < 2 or text[1] not in "012":
        raise TilewrightError(f"{what} must have 0, 1 or 2 (the start corner) second")
    letters = text[2:]
    stray = _STRAYS[which].search(letters)
    if stray:
        raise TilewrightError(
            f"{what} has {stray.group()!r} where a {TILES[which]} letter "
            f"({', '.join(LETTERS[which])}) belongs"
        )
    if not letters:
        raise TilewrightError(f"{what} names no tile: letters must follow its two digits")
    orphan = _ORPHANS[which].search(letters)
    if orphan:
        child, parent = orphan.group()[0], orphan.group()[1]
        raise TilewrightError(f"{what} has {parent!r} above {child!r}, which is not its parent")
    return Description(int(text[0]), int(text[1]), letters)
