"""
A sheet to print
================

Six Rectangles puzzles on an A4 page, each captioned with its seed and game ID, then a page
of answers in the same layout: one vector PDF (``tilewright rect sheet 10x10 --count 6``).
Here poppler's ``pdftoppm`` renders its two pages back to pictures.
"""

import subprocess
from pathlib import Path
from tempfile import TemporaryDirectory

import matplotlib.pyplot as plt

from tilewright.rectangles import Params, generate, sheet_layout, sheet_pdf

params = Params(10, 10)
layout = sheet_layout(params, 6)
puzzles = [generate(params, seed=seed) for seed in range(1, 7)]

figure, axes = plt.subplots(1, 2, figsize=(10, 7), layout="constrained")
with TemporaryDirectory() as folder:
    sheet = Path(folder) / "sheet.pdf"
    sheet.write_bytes(sheet_pdf(puzzles, layout))
    subprocess.run(["pdftoppm", "-png", "-r", "60", sheet, Path(folder) / "page"], check=True)
    pages = sorted(Path(folder).glob("page*.png"))
    for page, ax, title in zip(pages, axes, ["the puzzles", "the answers"], strict=True):
        ax.imshow(plt.imread(page))
        ax.set_title(title)
        ax.set_axis_off()

plt.show()
