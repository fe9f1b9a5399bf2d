"""
An L-tromino tiling, three-coloured
===================================

A 16×16 board missing one square, tiled with L-shaped trominoes by the textbook divide and
conquer, and coloured so that trominoes sharing an edge differ. Four colours always
suffice; three do not always (``colours=3`` then says why), but do here. The missing square
is counted from 0.
"""

from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.tromino import generate, validate

tiling = generate(16, 16, missing=(5, 9))
print(tiling)
print("an L-tromino tiling:", validate(tiling.labels) is None)

with TemporaryDirectory() as folder:
    path = Path(folder) / "tiling.png"
    tiling.save(path, colours=3, cell=24)
    picture = plt.imread(path)

height, width = picture.shape[:2]
plt.figure(figsize=(width / 100, height / 100)).figimage(picture)

plt.show()
