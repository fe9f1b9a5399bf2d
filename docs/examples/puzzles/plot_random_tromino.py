"""
Random L-tromino tilings, and how many there are
================================================

The construction tiles a board the same way every time; ``method="random"`` draws one of
all its tilings, each equally likely. On the left, the construction of a 40×25 board
missing one square (2×3 blocks around a small core); on the right, a random tiling of the
same board from seed 4, four-coloured. ``count_tilings`` counts a board's tilings exactly:
an 8×8 board missing a corner has 30,355.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.tromino import count_tilings, generate, validate

constructed = generate(40, 25, missing=(12, 20))
drawn = generate(40, 25, missing=(12, 20), seed=4, method="random")
print(drawn)
print("an L-tromino tiling:", validate(drawn.labels) is None)
print("tilings of 8x8 missing a corner:", count_tilings(8, 8, (0, 0)))

figure, axes = plt.subplots(1, 2, figsize=(12, 4.6))
with TemporaryDirectory() as folder:
    for ax, tiling, title in zip(
        axes, (constructed, drawn), ("constructed", "random (seed 4)"), strict=True
    ):
        path = Path(folder) / "tiling.png"
        tiling.save(path, colours=4, cell=16)
        ax.imshow(plt.imread(path))
        ax.set_title(title)
        ax.set_axis_off()
figure.tight_layout()

plt.show()
