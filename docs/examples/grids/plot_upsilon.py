"""
Octagons and squares
====================

The upsilon grid: octagons with squares between them, eight neighbours an octagon and
four a square.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.core.grids import upsilon_grid
from tilewright.mazes import generate_on

maze = generate_on(upsilon_grid(16, 12), "wilson", seed=2)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "upsilon.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
