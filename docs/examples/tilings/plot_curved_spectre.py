"""
The curved Spectre
==================

With every edge drawn as the same S-curve, symmetric about its midpoint, the Spectre no
longer fits its own mirror image: this tile is strictly chiral, and tiles the plane only
non-periodically. ``curved=True`` draws it (SVG, PDF and PNG); the tiles are the same.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.aperiodic import generate

patch = generate(30, 20, seed=3)

with TemporaryDirectory() as folder:
    path = Path(folder) / "curved.png"
    patch.save(path, colour="type", curved=True, scale=24)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
