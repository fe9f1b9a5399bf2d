"""The kite walk in plain Python: the readable reference the compiled walk is checked against.

It walks exactly as ``hat_walk.walk`` does (rows of hexagons, six kites each, one move a
kite), but with ``HatTiling.step`` on copied addresses, and finds each hat's place from its
kite 0 with ``placement``.
"""

from collections.abc import Iterator

from tilewright.aperiodic.hat.coordinates import HatAddress, HatTiling
from tilewright.aperiodic.hat.geometry import (
    FORWARD_RIGHT,
    HAT_KITES,
    HEXAGON_STEP,
    LEFT,
    RIGHT,
    UNITS,
    Kite,
    Placement,
    mirrored_kite,
    moved,
    multiply,
    sub,
)
from tilewright.aperiodic.hat.walk import MEETS, HatTile, hexagon_rows
from tilewright.aperiodic.patch import clipped_area


def placement(kite: Kite, address: HatAddress) -> Placement:
    """Where the hat of a kite lies, from the kite's place and its index in the hat."""
    point, j = kite
    reference_point, reference_j = HAT_KITES[address.kite]
    if address.reflected:
        reference_point, reference_j = mirrored_kite((reference_point, reference_j))
    orientation = UNITS[(j - reference_j) % 6]
    start = sub(point, multiply(reference_point, orientation))
    return Placement(start, orientation, address.reflected)


class _Walker:
    """An address and its kite's place, moved together."""

    def __init__(self, tiling: HatTiling, address: HatAddress, kite: Kite):
        self.tiling, self.address, self.kite = tiling, address, kite

    def move(self, move: int) -> None:
        self.address = self.tiling.step(self.address, move)
        self.kite = moved(self.kite, move)

    def copy(self) -> "_Walker":
        return _Walker(self.tiling, self.address, self.kite)

    def face(self, direction: int) -> None:
        """Turn within the hexagon until the kite's direction is ``direction``."""
        turn = (direction - self.kite[1]) % 6
        for _ in range(turn if turn <= 3 else 6 - turn):
            self.move(LEFT if turn <= 3 else RIGHT)

    def cross(self, direction: int) -> None:
        """Move to the neighbouring hexagon in ``direction`` (0–5, at 60° each)."""
        self.face(direction)
        self.move(FORWARD_RIGHT)

    def hexagon(self) -> tuple[int, int]:
        (x, y), _ = self.kite
        return x // HEXAGON_STEP, y // HEXAGON_STEP


def _go_to(walker: _Walker, a: int, b: int) -> None:
    """Walk hexagon by hexagon to hexagon (a, b)."""
    here_a, here_b = walker.hexagon()
    for _ in range(abs(b - here_b)):
        walker.cross(1 if b > here_b else 4)
    for _ in range(abs(a - here_a)):
        walker.cross(0 if a > here_a else 3)


def reference_walk(tiling: HatTiling, box: tuple[float, float, float, float]) -> Iterator[HatTile]:
    """Every hat of ``tiling`` whose interior meets the rectangle ``box`` = (x0, y0, x1, y1).

    Parameters
    ----------
    tiling : HatTiling
    box : tuple of float
        In hat units, the start hat's kite 0 at the origin.

    Yields
    ------
    HatTile
        Row by row of hexagons, bottom to top.
    """
    b0, firsts, lasts = hexagon_rows(box)
    row_start = _Walker(tiling, tiling.start.copy(), ((0, 0), tiling.start_turn))
    _go_to(row_start, firsts[0], b0)
    for row, b in enumerate(range(b0, b0 + len(firsts))):
        if row:
            _go_to(row_start, firsts[row], b)  # up one row, and back one hexagon or none
        walker = row_start.copy()
        for a in range(firsts[row], lasts[row] + 1):
            if a > firsts[row]:
                walker.cross(0)
            for turn in range(6):
                if turn:
                    walker.move(LEFT)
                if walker.address.kite == 0:
                    tile = _tile(walker, box)
                    if tile is not None:
                        yield tile


def _tile(walker: _Walker, box: tuple[float, float, float, float]) -> HatTile | None:
    place = placement(walker.kite, walker.address)
    # the reference finds no colours (-1): the tests check the compiled walk's on their own
    tile = HatTile(_name(walker.kite), walker.address.types[0], walker.address.hat, place, -1)
    xy = tile.xy()
    x0, y0, x1, y1 = box
    low, high = xy.min(axis=0), xy.max(axis=0)
    if high[0] <= x0 or low[0] >= x1 or high[1] <= y0 or low[1] >= y1:
        return None
    if low[0] >= x0 and high[0] <= x1 and low[1] >= y0 and high[1] <= y1:
        return tile
    return tile if clipped_area(xy, box) > MEETS else None


def _name(kite: Kite) -> str:
    (x, y), j = kite
    return f"{x // HEXAGON_STEP}:{y // HEXAGON_STEP}:{j}"
