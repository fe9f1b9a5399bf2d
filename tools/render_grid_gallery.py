"""Render the README's pictures of a maze on each grid into ``docs/grids/``.

Run from the repository root after a change to the grids or the pictures:

    python tools/render_grid_gallery.py

Each picture is the command a user would type (``tilewright maze SIZE --grid KIND ...``),
solved, with openings at the start and the goal, so the gallery shows what the command line
makes. The files are PNG through cairo, small enough to keep in the repository.
"""

import subprocess
import sys
from pathlib import Path

# (file name, arguments): one maze on each grid, a mask and a weave
GALLERY = (
    ("square", ["16x12", "--cell", "24"]),
    ("hex", ["16x12", "--grid", "hex", "--cell", "22"]),
    ("hexagon", ["7", "--grid", "hexagon", "--cell", "24"]),
    ("triangle", ["24x12", "--grid", "triangle", "--cell", "24"]),
    ("polar", ["8", "--grid", "polar", "--cell", "24"]),
    ("upsilon", ["11x8", "--grid", "upsilon", "--cell", "26"]),
    ("spectre", ["40x30", "--grid", "spectre", "--cell", "28"]),
    ("weave", ["14x10", "--weave", "--crossings", "0.2", "--cell", "28"]),
    ("mask", ["26x18", "--grid", "hex", "--mask", "docs/grids/heart.txt", "--cell", "16"]),
)


def main() -> None:
    folder = Path("docs/grids")
    folder.mkdir(parents=True, exist_ok=True)
    for name, args in GALLERY:
        out = folder / f"{name}.png"
        command = ["tilewright", "maze", *args, "-a", "wilson", "-s", "2", "--solve"]
        command += ["--openings", "-o", str(out)]
        subprocess.run(command, check=True)
        print(out, out.stat().st_size, "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
