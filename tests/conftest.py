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
