"""
Distances from the centre
=========================

``heat=True`` colours each cell by its distance (in moves) from the start: here the
centre of a backtracker maze, whose long corridors make distant cells far apart.
``distances`` gives the same numbers as an array.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.mazes import distances, generate

maze = generate(36, 24, "backtracker", seed=4)
centre = (12, 18)  # row, column
print("farthest cell:", distances(maze, centre).max(), "moves from the centre")

with TemporaryDirectory() as folder:
    path = Path(folder) / "heat.png"
    maze.save(path, heat=True, start=centre, cell=14)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
