"""Find the tables of ``tilewright.aperiodic.penrose.colours``: the keys of the tiles of
large patches of several seeds, near the centre and far out, the pairs of keys across
their edges, and four colours for the keys that no such pair shares.

Run: ``python tools/penrose_four_colours.py``; it prints each table as the module writes
it, and the number of keys and of pairs, which stop growing after the first patch (every
Penrose tiling holds every configuration of two tiles within a bounded distance).
"""

from tilewright.aperiodic.penrose.colours import keys
from tilewright.aperiodic.penrose.region import adjacency
from tilewright.aperiodic.penrose.tiling import generate_penrose

SEEDS = range(8)
# (side, lower-left corner): near the centre, and far out
REGIONS = ((60, (0.0, 0.0)), (40, (1e4, -3e3)), (40, (-3e6, 5e6)))


def pairs(tiling: str) -> tuple[set, set]:
    """The keys seen, and the pairs of keys across an edge."""
    seen, across = set(), set()
    for seed in SEEDS:
        for side, origin in REGIONS:
            patch = generate_penrose(side, side, seed, origin, tiling)
            columns = (part.tolist() for part in keys(patch))
            key = list(zip(*columns, strict=True))
            seen |= set(key)
            for i, row in enumerate(adjacency(patch.found).tolist()):
                across |= {(key[i], key[j]) for j in row if j >= 0}
        print(f"{tiling} seed {seed}: {len(seen)} keys, {len(across)} pairs")
    return seen, across


def four_colours(seen: set, across: set) -> dict:
    """A proper colouring of the keys in four colours, by backtracking, most-constrained
    key first (a few dozen keys: immediate)."""
    near = {key: set() for key in seen}
    for a, b in across:
        if a == b:
            raise AssertionError(f"two tiles across an edge share the key {a}")
        near[a].add(b)
        near[b].add(a)
    order = sorted(seen, key=lambda key: (-len(near[key]), key))
    colour: dict = {}

    def place(at: int) -> bool:
        if at == len(order):
            return True
        key = order[at]
        for c in range(4):
            if all(colour.get(other) != c for other in near[key]):
                colour[key] = c
                if place(at + 1):
                    return True
                del colour[key]
        return False

    if not place(0):
        raise AssertionError("these keys need more than four colours")
    return dict(sorted(colour.items()))


if __name__ == "__main__":
    for tiling in ("p3", "p2"):
        table = four_colours(*pairs(tiling))
        print(f"_{tiling.upper()}_COLOURS = {{")
        items = [f"{key}: {value}," for key, value in table.items()]
        for start in range(0, len(items), 5):
            print("    " + " ".join(items[start : start + 5]))
        print("}  # fmt: skip")
