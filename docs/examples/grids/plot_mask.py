"""
A mask with a hole
==================

``masked`` keeps the cells where the mask is ``True``: any grid, any shape, as long as its
cells hang together (``largest=True`` keeps the largest piece otherwise).
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt
import numpy as np

from tilewright.core.grids import hex_grid
from tilewright.core.masks import masked
from tilewright.mazes import generate_on

keep = np.ones((14, 20), dtype=bool)  # rows, columns: True where cells stay
keep[4:10, 7:13] = False  # a hole in the middle
maze = generate_on(masked(hex_grid(20, 14), keep), "wilson", seed=3)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "mask.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
