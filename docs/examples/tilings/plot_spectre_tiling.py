"""
A Spectre patch, four-coloured
==============================

The Spectre tiles the plane only non-periodically, and only with copies of one
handedness. A seed fixes one tiling of the whole plane; ``generate`` gives the tiles
meeting a region (in tile edges), each with a stable address. ``colour="four"`` is a
proper four-colouring (``"type"`` colours by metatile, ``"orientation"`` by turn).
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.aperiodic import generate, validate

patch = generate(40, 26, seed=3)
print(patch)
print("no gap, no overlap:", validate(patch) is None)

with TemporaryDirectory() as folder:
    path = Path(folder) / "spectre.png"
    patch.save(path, colour="four", scale=18)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
