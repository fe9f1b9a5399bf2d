"""The character of Rectangles puzzles: how many rectangles, and how large, beside the
public puzzle collection's generator at the same parameters.

Run from the repository root:

    python benchmarks/rect_character.py [--quick] [--collection-ids DIR]

The seed's method (an uncovered square first, then a random rectangle covering it) exists
to favour large rectangles over fiddly small ones, and a generator that proves its puzzles
unique must not undo that. For each size this prints the mean number of rectangles per
puzzle (tilewright's, the collection's, and the excess), the share of rectangles and the
share of the grid's squares in each class of rectangle area, and the total variation
distance between the two generators' distributions (0: the same, 1: nothing in common).

The collection's figures were measured here on game IDs made by its own C generator (its
``new_game_desc``, built from its public source) at default parameters; they are stored
below because its code is not on the package index. ``--collection-ids DIR`` reads fresh
ones instead: files ``DIR/15x15.txt`` ... with one game ID a line (the collection's
front ends write them with ``--generate N 15x15``).
"""

import argparse
import itertools
import statistics
import time
from pathlib import Path

import numpy as np
from _harness import environment, print_table

from tilewright.rectangles import Params, generate, parse_game_id
from tilewright.rectangles.warm import warm

# lowest area of each class; the last class is open
CLASSES = (2, 3, 4, 5, 7, 10, 17, 33, 65)
# The collection's generator, default parameters, measured here: puzzles, mean rectangles,
# share of rectangles and share of squares in each class of CLASSES.
COLLECTION = {
    15: (
        400,
        34.0,
        (0.323, 0.150, 0.118, 0.126, 0.090, 0.099, 0.081, 0.013, 0.000),
        (0.098, 0.068, 0.071, 0.106, 0.109, 0.186, 0.291, 0.071, 0.000),
    ),
    30: (
        150,
        79.9,
        (0.304, 0.139, 0.114, 0.115, 0.083, 0.096, 0.071, 0.040, 0.038),
        (0.054, 0.037, 0.040, 0.057, 0.058, 0.106, 0.144, 0.162, 0.340),
    ),
    50: (
        120,
        155.0,
        (0.312, 0.134, 0.106, 0.104, 0.081, 0.098, 0.074, 0.038, 0.053),
        (0.039, 0.025, 0.026, 0.036, 0.040, 0.076, 0.105, 0.106, 0.547),
    ),
    100: (
        60,
        366.6,
        (0.298, 0.139, 0.105, 0.104, 0.077, 0.096, 0.072, 0.048, 0.062),
        (0.022, 0.015, 0.015, 0.021, 0.022, 0.044, 0.061, 0.081, 0.718),
    ),
}


def class_shares(areas: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The share of rectangles, and of squares, in each class of ``CLASSES``."""
    which = np.searchsorted(CLASSES, areas, side="right") - 1
    which = np.maximum(which, 0)  # 1x1 rectangles (--singles only) count with the 2s
    rectangles = np.bincount(which, minlength=len(CLASSES)).astype(float)
    squares = np.bincount(which, weights=areas, minlength=len(CLASSES))
    return rectangles / rectangles.sum(), squares / squares.sum()


def distance(first: np.ndarray, second: np.ndarray) -> float:
    """Total variation distance between two distributions over the same classes."""
    return float(0.5 * np.abs(np.asarray(first) - np.asarray(second)).sum())


def puzzle_areas(game_ids: list[str]) -> list[np.ndarray]:
    """The clue numbers (rectangle areas) of each game ID."""
    areas = []
    for game_id in game_ids:
        clues = parse_game_id(game_id).clues
        areas.append(clues[clues > 0])
    return areas


def collection_figures(size: int, folder: Path | None) -> tuple[int, float, np.ndarray, np.ndarray]:
    """The collection's puzzles, mean rectangles and class shares at ``size``."""
    if folder is None:
        count, mean, rectangles, squares = COLLECTION[size]
        return count, mean, np.array(rectangles), np.array(squares)
    lines = (folder / f"{size}x{size}.txt").read_text().split()
    areas = puzzle_areas(lines)
    shares = class_shares(np.concatenate(areas))
    return len(areas), statistics.mean(len(a) for a in areas), *shares


def character_tables(sizes: dict[int, int], folder: Path | None) -> None:
    summary, histograms = [], []
    for size, count in sizes.items():
        started = time.perf_counter()
        made = [generate(Params(size, size), seed=seed) for seed in range(count)]
        seconds = (time.perf_counter() - started) / count
        areas = [m.puzzle.clues[m.puzzle.clues > 0] for m in made]
        ours = statistics.mean(len(a) for a in areas)
        our_rects, our_squares = class_shares(np.concatenate(areas))
        theirs_count, theirs, their_rects, their_squares = collection_figures(size, folder)
        summary.append(
            [
                f"{size}x{size}",
                count,
                f"{ours:.1f}",
                theirs_count,
                f"{theirs:.1f}",
                f"{ours / theirs - 1:+.1%}",
                f"{distance(our_rects, their_rects):.3f}",
                f"{distance(our_squares, their_squares):.3f}",
                f"{seconds * 1e3:.1f}",
            ]
        )
        for name, shares in (
            ("tilewright, rectangles", our_rects),
            ("collection, rectangles", their_rects),
            ("tilewright, squares", our_squares),
            ("collection, squares", their_squares),
        ):
            histograms.append([f"{size}x{size}", name, *(f"{s:.3f}" for s in shares)])
    print_table(
        "rectangles per puzzle beside the collection's generator (distance: total variation "
        "between the shares of rectangles, and of squares, by area class)",
        [
            *("size", "n", "tilewright", "n", "collection", "excess"),
            *("distance rects", "distance squares", "ms/puzzle"),
        ],
        summary,
    )
    labels = [
        f"{low}-{high - 1}" if high - 1 > low else str(low)
        for low, high in itertools.pairwise(CLASSES)
    ]
    print_table(
        "share by rectangle area",
        ["size", "of", *labels, f"{CLASSES[-1]}+"],
        histograms,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer puzzles")
    parser.add_argument("--collection-ids", type=Path, help="folder of the collection's IDs")
    arguments = parser.parse_args()
    print(environment())
    warm()  # compile or load every kernel (the repairs too) before timing
    scale = 5 if arguments.quick else 1
    sizes = {15: 1000 // scale, 30: 600 // scale, 50: 400 // scale, 100: 200 // scale}
    character_tables(sizes, arguments.collection_ids)


if __name__ == "__main__":
    main()
