"""
Hexagons
========

Hexagons in offset rows, six neighbours a cell: ``hex_grid`` builds the grid and
``generate_on`` runs any algorithm not tied to rows on it.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.core.grids import hex_grid
from tilewright.mazes import generate_on

maze = generate_on(hex_grid(24, 16), "wilson", seed=2)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "hex.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
