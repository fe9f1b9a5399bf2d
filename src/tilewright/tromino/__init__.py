"""L-tromino tilings of boards missing one square.

>>> from tilewright.tromino import tile
>>> tile(4, 4, (0, 0))[0].tolist()
[0, 2, 3, 3]
"""

from tilewright.tromino.construct import plan_tiling
from tilewright.tromino.feasibility import obstruction
from tilewright.tromino.tiling import tile, tile_rows

__all__ = ["obstruction", "plan_tiling", "tile", "tile_rows"]
