"""
A hat patch
===========

The hat, the first aperiodic monotile, tiles the plane with a few of its mirror images
(drawn dark): exactly (3 − √5)/6 of the hats, about one in 7.85. ``generate_hats`` gives
the hats meeting a region in hat units, coloured here by their metatile (H, T, P or F).
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.aperiodic import generate_hats, validate_hats

patch = generate_hats(60, 40, seed=3)
print(patch)
print("no gap, no overlap:", validate_hats(patch, patch.region) is None)
reflected = sum(tile.reflected for tile in patch)
print(f"reflected: {reflected} of {len(list(patch))}")

with TemporaryDirectory() as folder:
    path = Path(folder) / "hats.png"
    patch.save(path, colour="type", scale=12)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
