"""The seed contract, pinned: a fixed seed's maze is the same maze in every release.

Each case below is hashed (SHA-256) and compared with ``golden_hashes.txt``, written from
the code before the mazes package was last reorganised. A case that fails means the output
of a seed changed: if that is intended, it is a decision for CHANGELOG.md, and the file is
rewritten with ``python -m tests.mazes.test_golden > tests/mazes/golden_hashes.txt``.

Covered: every algorithm at several sizes and seeds (down to single rows and columns, and
the largest seed), every growing-tree strategy kind, eller's join and down, the bias of
binary-tree and sidewinder at and between their ends, braiding, spanning trees of a
hexagonal cell graph, and the data formats (JSON text, .npz arrays, both text drawings,
the SVG wall path and PNG pixels).
"""

import hashlib
import io
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tilewright.core.graph import CellGraph
from tilewright.mazes import ALGORITHMS, braid, generate, spanning_tree
from tilewright.mazes.io import json_chunks, write_npz
from tilewright.mazes.pictures import Style, png_bytes, wall_path_data
from tilewright.mazes.solve import distances, shortest_path
from tilewright.mazes.text import render

GOLDEN = Path(__file__).with_name("golden_hashes.txt")
SIZES = [(31, 17, 1), (8, 40, 12345), (1, 9, 3), (9, 1, 3), (300, 200, 2**63 - 1)]
STRATEGIES = ["newest", "oldest", "middle", "random", "newest:75,random:25", "oldest,middle:3"]
ELLER = [(0.3, 0.5), (1.0, 0.0), (0.0, 1.0)]
BIASES = [0.0, 0.2, 0.9, 1.0]
# algorithm, share, braid seed (None: the maze's own)
BRAIDS = [
    ("backtracker", 0.5, None),
    ("kruskal", 1.0, None),
    ("wilson", 0.25, 9),
    ("eller", 0.75, 0),
]


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def hexagons(width: int, height: int) -> CellGraph:
    """Hexagonal cells in offset rows: each row's cells touch two cells of the next."""
    edges = []
    for r in range(height):
        for c in range(width):
            cell = r * width + c
            if c + 1 < width:
                edges.append((cell, cell + 1))
            if r + 1 < height:
                edges.append((cell, cell + width))
                diagonal = c + 1 if r % 2 else c - 1
                if 0 <= diagonal < width:
                    edges.append((cell, (r + 1) * width + diagonal))
    return CellGraph.from_edges(width * height, np.array(edges, dtype=np.int64))


def passages(*args, **params) -> Callable[[], bytes]:
    return lambda: generate(*args, **params).connections.tobytes()


def braided(name: str, share: float, seed: int | None) -> Callable[[], bytes]:
    return lambda: braid(generate(31, 17, name, seed=1), share, seed=seed).connections.tobytes()


def tree(graph: CellGraph, name: str) -> Callable[[], bytes]:
    return lambda: spanning_tree(graph, name, seed=4).tobytes()


def npz_arrays() -> bytes:
    buffer = io.BytesIO()
    write_npz(generate(31, 17, "wilson", seed=1), buffer)
    buffer.seek(0)
    with np.load(buffer) as archive:
        return b"".join(
            key.encode() + archive[key].tobytes() + str(archive[key].dtype).encode()
            for key in sorted(archive.files)
        )


def pixels(**extras) -> Callable[[], bytes]:
    def draw() -> bytes:
        maze = generate(31, 17, "wilson", seed=1)
        style = extras.pop("style", Style())
        made = {key: make(maze) for key, make in extras.items()}
        png = png_bytes(maze, style=style, **made)
        return np.asarray(Image.open(io.BytesIO(png)).convert("RGB")).tobytes()

    return draw


def text(style: str) -> bytes:
    maze = generate(31, 17, "wilson", seed=1)
    return b"".join(render(maze.bands(), maze.width, style))


def cases() -> dict[str, Callable[[], bytes]]:
    """Every pinned output, by a name that says how it is made."""
    table: dict[str, Callable[[], bytes]] = {}
    for name in ALGORITHMS:
        for width, height, seed in SIZES:
            table[f"{name} {width}x{height} seed={seed}"] = passages(width, height, name, seed=seed)
    for strategy in STRATEGIES:
        table[f"growing-tree 40x30 seed=5 strategy={strategy}"] = passages(
            40, 30, "growing-tree", seed=5, strategy=strategy
        )
    for join, down in ELLER:
        table[f"eller 40x30 seed=5 join={join} down={down}"] = passages(
            40, 30, "eller", seed=5, join=join, down=down
        )
    for name in ("binary-tree", "sidewinder"):
        for bias in BIASES:
            table[f"{name} 40x30 seed=5 bias={bias}"] = passages(40, 30, name, seed=5, bias=bias)
    for name, share, seed in BRAIDS:
        key = f"braid {name} 31x17 seed=1 share={share} braid_seed={seed}"
        table[key] = braided(name, share, seed)
    graph = hexagons(23, 19)
    for name, info in ALGORITHMS.items():
        if info.kind == "graph":
            table[f"spanning_tree hex 23x19 {name} seed=4"] = tree(graph, name)
    wilson = generate(31, 17, "wilson", seed=1)
    growing = generate(31, 17, "growing-tree", seed=1, strategy="newest:75,random:25")
    table["json wilson 31x17 seed=1"] = lambda: b"".join(json_chunks(wilson))
    table["json growing-tree 31x17 seed=1 newest:75,random:25"] = lambda: b"".join(
        json_chunks(growing)
    )
    table["npz wilson 31x17 seed=1"] = npz_arrays
    table["text unicode wilson 31x17 seed=1"] = lambda: text("unicode")
    table["text ascii wilson 31x17 seed=1"] = lambda: text("ascii")
    table["svg walls wilson 31x17 seed=1"] = lambda: wall_path_data(wilson).encode()
    table["png pixels wilson 31x17 seed=1"] = pixels()
    table["png pixels wilson 31x17 seed=1 solve"] = pixels(path=shortest_path)
    table["png pixels wilson 31x17 seed=1 heat cell=9 wall=3"] = pixels(
        style=Style(cell=9, wall=3), heat=lambda maze: distances(maze, (0, 0))
    )
    return table


def golden() -> dict[str, str]:
    """The pinned hashes: ``HASH  NAME`` a line, as ``sha256sum`` prints them."""
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    return {name: digest for digest, name in (line.split("  ", 1) for line in lines if line)}


CASES = cases()


def test_every_case_is_pinned():
    assert sorted(golden()) == sorted(CASES)


@pytest.mark.parametrize("name", list(CASES))
def test_output_of_a_seed_is_unchanged(name):
    assert sha(CASES[name]()) == golden()[name], f"the output of {name!r} changed"


if __name__ == "__main__":  # rewrite the pinned hashes (a decision: see the docstring)
    for name, make in CASES.items():
        print(f"{sha(make())}  {name}")
