"""Perfect mazes on square grids and on any cell graph.

>>> from tilewright.mazes import generate
>>> maze = generate(30, 15, "wilson", seed=1)
>>> maze.is_perfect()
True
"""

from tilewright.mazes.algorithms import ALGORITHMS, DEFAULT_ALGORITHM, Algorithm
from tilewright.mazes.generate import generate, spanning_tree, stream_bands
from tilewright.mazes.model import Band, Maze

__all__ = [
    "ALGORITHMS",
    "DEFAULT_ALGORITHM",
    "Algorithm",
    "Band",
    "Maze",
    "generate",
    "spanning_tree",
    "stream_bands",
]
