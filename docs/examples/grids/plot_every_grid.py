"""
Every grid
==========

Every grid ``tilewright maze --grid NAME`` offers, drawn from the one registry
(:func:`tilewright.registry.grid_kinds`): its name, what its size counts, and a small one
built. The puzzle collection's eighteen Loopy grids are among them under its own names
(``square``, ``triangular``, ``honeycomb`` … ``penrose-p2``, ``penrose-p3``, ``hats``,
``spectres``), each the same grid as the collection's for the same size, face for face.
"""

import matplotlib.pyplot as plt
from matplotlib.collections import PolyCollection

from tilewright.registry import grid_kinds

# a size small enough to see each cell, in each grid's own units
SIZES = {
    "square": "6x5",
    "hex": "6x5",
    "hex-flat": "6x5",
    "honeycomb": "6x5",
    "hexagon": "3",
    "triangle": "10x5",
    "polar": "4",
    "upsilon": "5x4",
    "octagonal": "5x4",
    "kagome": "4x4",
    "triangular": "5x4",
    "snub-square": "4x4",
    "cairo": "4x4",
    "great-hexagonal": "3x3",
    "kites": "3x3",
    "floret": "3x3",
    "dodecagonal": "3x3",
    "great-dodecagonal": "2x2",
    "great-great-dodecagonal": "2x2",
    "compass-dodecagonal": "3x3",
    "spectre": "20x16",
    "hat": "30x24",
    "penrose-p2": "10x8",
    "penrose-p3": "10x8",
    "hats": "8x7",
    "spectres": "8x7",
}

kinds = grid_kinds()
columns = 6
rows = -(-len(kinds) // columns)
figure, axes = plt.subplots(rows, columns, figsize=(2.2 * columns, 2.4 * rows))
for axis, (name, kind) in zip(axes.flat, kinds.items(), strict=False):
    grid = kind.build(SIZES[name], seed=2)
    cells = [grid.polygon(cell) for cell in range(grid.num_cells)]
    shades = [len(cell) for cell in cells]  # cells shaded by their number of sides
    axis.add_collection(
        PolyCollection(cells, array=shades, cmap="Pastel1", edgecolors="black", linewidths=0.5)
    )
    axis.autoscale_view()
    axis.set_aspect("equal")
    axis.invert_yaxis()  # grids are drawn with y down, as on screen
    axis.set_title(f"{name}\n{SIZES[name]}: {grid.num_cells} cells", fontsize=8)
    axis.axis("off")
    print(f"{name:24} {kind.size}")
for axis in axes.flat[len(kinds) :]:
    axis.axis("off")
figure.tight_layout()

plt.show()
