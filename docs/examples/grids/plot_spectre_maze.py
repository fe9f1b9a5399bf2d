"""
A maze on the Spectre tiling
============================

The tiles of a Spectre patch as a maze's cells: ``spectre_grid`` gives the patch of a
region (in tile edges) as a grid, and the seed picks the tiling too.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.aperiodic import spectre_grid
from tilewright.mazes import generate_on

maze = generate_on(spectre_grid(40, 28, seed=3), "wilson", seed=3)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "spectre.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
