"""
A weave
=======

Some cells are crossings where one passage runs under the other; the maze is still a
spanning tree of its graph with crossings. ``crossings`` is their share of the inner cells.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.mazes import weave

maze = weave(20, 14, "backtracker", seed=5, crossings=0.2)
print(repr(maze))

with TemporaryDirectory() as folder:
    path = Path(folder) / "weave.png"
    maze.save(path, solution=True, openings=True)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
