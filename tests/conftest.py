import numpy as np
from hypothesis import settings

# Kernels compile on their first call; a per-example deadline would time that, not the code.
settings.register_profile("tilewright", deadline=None, max_examples=40)
settings.load_profile("tilewright")


def spanning_tree_of(num_cells: int, edges: np.ndarray) -> bool:
    """Reference check, independent of the library: ``edges`` form a spanning tree.

    A breadth-first search in plain Python: n - 1 edges that reach every cell.
    """
    if len(edges) != num_cells - 1:
        return False
    adjacency: list[list[int]] = [[] for _ in range(num_cells)]
    for a, b in edges:
        adjacency[a].append(b)
        adjacency[b].append(a)
    seen = {0}
    frontier = [0]
    while frontier:
        cell = frontier.pop()
        for nxt in adjacency[cell]:
            if nxt not in seen:
                seen.add(nxt)
                frontier.append(nxt)
    return len(seen) == num_cells


def grid_edges(connections: np.ndarray) -> np.ndarray:
    """The open passages of a ``connection_list`` as (cell, cell) pairs."""
    _, height, width = connections.shape
    ids = np.arange(height * width).reshape(height, width)
    down = np.stack([ids[:-1][connections[0, :-1]], ids[1:][connections[0, :-1]]], axis=1)
    right = np.stack([ids[:, :-1][connections[1, :, :-1]], ids[:, 1:][connections[1, :, :-1]]], 1)
    return np.concatenate([down, right]).reshape(-1, 2)


def reference_distances(connections: np.ndarray, start: tuple[int, int]) -> np.ndarray:
    """Breadth-first distances in plain Python, independent of the library's kernels."""
    _, height, width = connections.shape
    dist = np.full((height, width), -1)
    dist[start] = 0
    queue = [start]
    for r, c in queue:
        steps = [
            (r - 1, c, r > 0 and connections[0, r - 1, c]),
            (r + 1, c, connections[0, r, c]),
            (r, c - 1, c > 0 and connections[1, r, c - 1]),
            (r, c + 1, connections[1, r, c]),
        ]
        for rr, cc, open_ in steps:
            if open_ and dist[rr, cc] < 0:
                dist[rr, cc] = dist[r, c] + 1
                queue.append((rr, cc))
    return dist


def is_open(connections: np.ndarray, a, b) -> bool:
    """Is there a passage between the neighbouring cells ``a`` and ``b``?"""
    (r1, c1), (r2, c2) = sorted([tuple(a), tuple(b)])
    if r1 == r2 and c2 == c1 + 1:
        return bool(connections[1, r1, c1])
    if c1 == c2 and r2 == r1 + 1:
        return bool(connections[0, r1, c1])
    return False
