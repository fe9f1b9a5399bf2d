"""Compiled batches of solved square mazes: one call makes, solves and measures many mazes
of one size, with no Python between them.

Maze ``i`` is made by the very kernel ``generation.generate`` runs, from the generator state
``states[i]``, so it is the maze ``generate`` makes from that state: the graph algorithms
call their kernel on the square grid, the row-based ones their band kernel over the whole
height as one band (their random numbers are drawn in row order, whatever the bands). It
is then solved by a breadth-first search from its origin to its target, and measured as
``metrics.maze_stats`` measures it.

One kernel a batch algorithm, in ``BATCH_KERNELS``, made by ``_batch_kernel`` from one
source: the algorithm's name is a constant of the kernel's closure, so Numba prunes the
branches of the other algorithms before typing, and each kernel compiles (and caches) only
its own generator.

Numba keys a cached kernel on its own file only, yet these compile in generators and
helpers from other files: a change there would leave a stale batch kernel in the cache,
making other mazes than ``generate``. A digest of those files' sources is therefore kept
in each kernel's closure too, and Numba's cache index hashes closure values into its key.
"""

import hashlib
from pathlib import Path
from typing import Any

import numpy as np
from numba import njit

from tilewright.core._polyline_kernels import _grown
from tilewright.mazes._frontier_kernels import growing_tree, kruskal, prim, prim_simple
from tilewright.mazes._row_kernels import (
    binary_tree_band,
    eller_band,
    recursive_division,
    sidewinder_band,
)
from tilewright.mazes._walk_kernels import (
    MAX_BORDERED,
    aldous_broder,
    backtracker,
    hunt_and_kill,
    square_backtrack,
    square_walk_buffers,
    tree_path,
    wilson,
)
from tilewright.mazes.generation import KERNELS

_PACKAGE = Path(__file__).resolve().parents[1]
# A cell's open sides, as bits of one byte.
_NORTH, _EAST, _SOUTH, _WEST = 1, 2, 4, 8
# What the batch kernels compile in: the generator and solver kernels of this package and
# the core helpers they call (random numbers, graph access, heaps, union-find).
_COMPILED_IN = ("mazes/_*_kernels.py", "core/_*.py")


def _sources_digest() -> str:
    """A digest of every source file whose code the batch kernels compile in."""
    digest = hashlib.sha256()
    for pattern in _COMPILED_IN:
        for path in sorted(_PACKAGE.glob(pattern)):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


# Inlined helpers are compiled into their callers, whose cache holds them: a cache of
# their own would stay empty and make them look uncompiled to `tilewright warm`.
@njit(nogil=True, inline="always")
def _corridor_on_top(carried):
    """The east passages of the top row for sidewinder and binary tree: one corridor."""
    width = carried.shape[0]
    for c in range(width):
        carried[c] = c < width - 1


@njit(nogil=True, inline="always")
def _find_ways(south, east, width, ways):
    """Each cell's open sides as bits (``_NORTH`` ...), from the two passage planes.

    Why not ``_search_kernels.square_open``: it tests the west side with ``cell % width``, and on
    mazes of a few hundred cells those divisions cost more than all the rest of solving.
    """
    cells = ways.shape[0]
    for c in range(cells):
        ways[c] = south[c] * _SOUTH + east[c] * _EAST
    for c in range(cells - width):
        ways[c + width] |= south[c] * _NORTH
    for c in range(cells - 1):
        ways[c + 1] |= east[c] * _WEST  # a last column's east side is never open


@njit(nogil=True, inline="always")
def _reach(cell, nxt, side_open, back, came, queue, tail):
    """Queue ``nxt`` when the side of ``cell`` towards it is open and it is not ``back``,
    the cell ``cell`` was reached from; return the new tail.

    Branch-free (selects, and a write that a shut side leaves unused) because whether a
    side is open is a coin toss to the processor: with branches, these mispredictions made
    solving cost more than making the maze.
    """
    go = (side_open != 0) & (nxt != back)
    came[nxt if go else cell] = cell if go else back
    queue[tail] = nxt
    return tail + go


@njit(nogil=True, inline="always")
def _search(ways, width, origin, target, came, queue):
    """Breadth-first search of a perfect maze from ``origin`` until ``target`` is taken
    from the queue; then the path, target first, in ``queue`` (free again by then).
    Returns the path's cells.

    In a tree the one neighbour of a cell reached before it is the cell it was reached
    from, so no cell needs a mark: ``came[c]``, where c was reached from, is written before
    it is read and never reset. The path is the maze's only one between the two cells, so
    it is the path ``solve.shortest_path`` finds. ``queue`` holds ``cells + 4``: every cell
    once, and the unused writes of the last cell's shut sides.
    """
    cells = ways.shape[0]
    came[origin] = -1
    queue[0] = origin
    head = 0
    tail = 1
    found = False
    # a loop (no generator makes one) would queue cells again: the bound keeps it in range
    while head < tail and tail <= cells:
        cell = queue[head]
        head += 1
        if cell == target:
            found = True
            break
        sides = ways[cell]
        back = came[cell]
        tail = _reach(cell, cell - width, sides & _NORTH, back, came, queue, tail)
        tail = _reach(cell, cell + 1, sides & _EAST, back, came, queue, tail)
        tail = _reach(cell, cell + width, sides & _SOUTH, back, came, queue, tail)
        tail = _reach(cell, cell - 1, sides & _WEST, back, came, queue, tail)
    count = 1
    cell = target
    queue[0] = cell
    while found and cell != origin and count < cells:
        cell = came[cell]
        queue[count] = cell
        count += 1
    if cell != origin:
        raise ValueError("a batch maze is not a spanning tree")
    return count


@njit(nogil=True, inline="always")
def _texture(ways):
    """The dead-end share and the river of a maze, as ``metrics.maze_stats`` defines them."""
    cells = ways.shape[0]
    ends = 0
    corridors = 0
    branch_sides = 0  # the passage ends at cells that are not corridors
    for c in range(cells):
        sides = ways[c]
        d = (sides & 1) + (sides >> 1 & 1) + (sides >> 2 & 1) + (sides >> 3)
        ends += d == 1
        corridors += d == 2
        branch_sides += d * (d != 2)
    segments = branch_sides // 2
    river = (corridors + segments) / segments if segments else np.float64(corridors)
    return ends / cells, river


def _batch_kernel(algorithm: str, sources: str) -> Any:
    """The compiled batch kernel of ``algorithm`` (see the module docstring)."""

    @njit(cache=True, nogil=True)
    def solved_mazes(
        states,
        origins,
        targets,
        mode,
        picks,
        cumulative,
        p,
        q,
        capacity,
        connections,
        offsets,
        dead_ends,
        lengths,
        river,
    ):
        """Make, solve and measure ``len(states)`` mazes; return their paths' cells, each
        as its index ``row * width + column``.

        ``connections`` (n, 2, H, W) must be all False; it, ``offsets`` (n + 1),
        ``dead_ends``, ``lengths`` and ``river`` (n) are filled in. ``mode``, ``picks`` and
        ``cumulative`` are growing-tree's strategy, ``p`` and ``q`` eller's ``join`` and
        ``down`` or the ``bias`` of the other row-based algorithms. ``capacity`` is the
        first guess at the number of path cells (more are made room for as needed).
        """
        _ = sources  # only to key the cache: see the module docstring
        n, height, width = connections.shape[0], connections.shape[2], connections.shape[3]
        cells = height * width
        g = (np.int64(width), np.int64(height))
        rng = np.empty(1, dtype=np.uint64)
        labels = np.empty(width, dtype=np.int32)
        carried = np.empty(width, dtype=np.bool_)
        came = np.empty(cells, dtype=np.int32)
        queue = np.empty(cells + 4, dtype=np.int32)
        ways = np.empty(cells, dtype=np.uint8)
        path = np.empty(max(capacity, 1), dtype=np.int32)
        # The backtracker walks in place, into the maze itself, with buffers kept from maze
        # to maze, and traces its tree (parents in `came`), from which the path is read in
        # its own length where a search would visit most of the maze (a sixth of the time
        # of a 15x15 maze). A grid too long for its int32 places takes the walk on any graph.
        in_place = algorithm == "backtracker" and (width + 2) * (height + 2) <= MAX_BORDERED
        seen, stack, places = square_walk_buffers(width if in_place else 0, height)
        depths = np.empty(cells if in_place else 0, dtype=np.int32)
        offsets[0] = 0
        for i in range(n):
            rng[0] = states[i]
            maze = connections[i]
            flat = maze.reshape(2 * cells)
            if in_place:
                square_backtrack(width, height, rng, flat, seen, stack, places, came, depths)
            elif algorithm == "eller":
                for c in range(width):
                    labels[c] = c
                eller_band(rng, labels, 0, height, p, q, maze[0], maze[1])
            elif algorithm == "sidewinder":
                _corridor_on_top(carried)
                sidewinder_band(rng, carried, 0, height, p, maze[0], maze[1])
            elif algorithm == "binary-tree":
                _corridor_on_top(carried)
                binary_tree_band(rng, carried, 0, height, p, maze[0], maze[1])
            else:
                if algorithm == "backtracker":
                    made = backtracker(g, rng)
                elif algorithm == "hunt-and-kill":
                    made = hunt_and_kill(g, rng)
                elif algorithm == "aldous-broder":
                    made = aldous_broder(g, rng)
                elif algorithm == "wilson":
                    made = wilson(g, rng)
                elif algorithm == "growing-tree":
                    made = growing_tree(g, rng, mode, picks, cumulative)
                elif algorithm == "kruskal":
                    made = kruskal(g, rng)
                elif algorithm == "prim":
                    made = prim(g, rng)
                elif algorithm == "prim-simple":
                    made = prim_simple(g, rng)
                elif algorithm == "recursive-division":
                    made = recursive_division(rng, width, height).reshape(2 * cells)
                # an algorithm missing here leaves `made` undefined: its kernel fails to
                # compile, rather than making other mazes
                for k in range(2 * cells):
                    flat[k] = made[k]
            _find_ways(flat[:cells], flat[cells:], width, ways)
            origin = origins[i, 0] * width + origins[i, 1]
            target = targets[i, 0] * width + targets[i, 1]
            first = offsets[i]
            path = _grown(path, first + cells)  # room for the longest path
            if in_place:
                count = tree_path(came, depths, origin, target, path[first:], queue)
            else:
                count = _search(ways, width, origin, target, came, queue)
                for k in range(count):
                    path[first + k] = queue[count - 1 - k]
            offsets[i + 1] = first + count
            lengths[i] = count - 1
            dead_ends[i], river[i] = _texture(ways)
        return path[: offsets[n]].copy()

    return solved_mazes


# Every algorithm by name, as ``generation.KERNELS`` lists them: what ``generate_batch`` runs.
_SOURCES = _sources_digest()
BATCH_KERNELS = {name: _batch_kernel(name, _SOURCES) for name in KERNELS}
