"""
Four algorithms, four textures
==============================

Every algorithm makes a perfect maze, but each favours its own kind: the backtracker's long
winding corridors, Kruskal's short even spurs, Eller's rows, the binary tree's diagonal
drift and its open top and east sides. The same size and seed, four algorithms.
"""

import io

import matplotlib.pyplot as plt

from tilewright.mazes import generate
from tilewright.mazes.pictures import Style, png_bytes

algorithms = ["backtracker", "kruskal", "eller", "binary-tree"]
figure, axes = plt.subplots(2, 2, figsize=(8, 5.6), layout="constrained")
for algorithm, ax in zip(algorithms, axes.flat, strict=True):
    maze = generate(24, 16, algorithm, seed=3)
    picture = plt.imread(io.BytesIO(png_bytes(maze, style=Style(cell=10, wall=2))))
    ax.imshow(picture, interpolation="nearest")
    ax.set_title(f"{algorithm}: {maze.dead_end_share():.0%} dead ends")
    ax.set_axis_off()

plt.show()
