"""
Tile(a,b): one tiling, five shapes
==================================

The hat belongs to a family of tiles with eight sides of length a and six of length b.
Scaling the a-sides and the b-sides apart redraws the same tiling, tile for tile: the
chevron Tile(0,1), the hat Tile(1,√3), the Spectre's polygon Tile(1,1), the turtle
Tile(√3,1) and the comet Tile(1,0). ``shape=(a, b)`` picks one.
"""

import io
from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.aperiodic import generate_hats

patch = generate_hats(24, 16, seed=3)
shapes = {
    "chevron (0, 1)": (0.0, 1.0),
    "hat (1, √3)": (1.0, 3**0.5),
    "Spectre's polygon (1, 1)": (1.0, 1.0),
    "turtle (√3, 1)": (3**0.5, 1.0),
    "comet (1, 0)": (1.0, 0.0),
}
figure, axes = plt.subplots(1, len(shapes), figsize=(12, 3.2), layout="constrained")
with TemporaryDirectory() as folder:
    for (name, shape), ax in zip(shapes.items(), axes, strict=True):
        path = Path(folder) / "shape.png"
        patch.save(path, shape=shape, colour="type", scale=8)
        ax.imshow(plt.imread(io.BytesIO(path.read_bytes())))
        ax.set_title(name)
        ax.set_axis_off()

plt.show()
