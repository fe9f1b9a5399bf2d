"""Derive the Spectre transition tables from the metatile geometry, and write them.

    python -m tilewright.aperiodic.spectre.make_tables   # rewrites _tables.py

For every metatile type the substitution is laid out exactly (``geometry``): its
child hexagons, and at level 0 its Spectres. Each child edge is looked up reversed: if a
sibling owns the reverse, the two are glued; otherwise the edge lies on the parent's
outline. The outline is then walked from the parent's vertex 0 and cut into the parent's six
edges by how many sub-edges each edge type has. That yields, per type:

- ``HEX_MAP[t][6·child + edge]`` / ``SPECTRE_MAP[t][14·spectre + edge]``: where a child's
  edge leads, either (INSIDE, sibling, its edge) or (OUTSIDE, parent edge, sub-edge);
- ``HEX_SIDES[t][edge]`` / ``SPECTRE_SIDES[t][edge]``: (first, count) of the parent edge's
  sub-edges in the outline;
- ``HEX_ENTRY[t][k]`` / ``SPECTRE_ENTRY[t][k]``: which child edge outline sub-edge k is.

A test regenerates the tables and compares them with the committed module.
"""

from pathlib import Path

from tilewright.aperiodic.exact import Point
from tilewright.aperiodic.spectre.geometry import (
    CHILD_CENTRES,
    CHILD_ORIENTATIONS,
    CHILDREN,
    HEX_EDGE_TYPES,
    HEX_OUTLINE_START,
    INSIDE,
    OUTSIDE,
    SPECTRE_EDGE0,
    SPECTRE_EDGES,
    SPECTRE_OUTLINE_START,
    SPECTRE_STARTS,
    SPURS,
    SUBEDGES_HEX,
    SUBEDGES_SPECTRE,
    TYPES,
    hexagon,
    place_spectre,
    rotate,
    spectres_in,
)
from tilewright.aperiodic.table_modules import TableModule, Tables

Entry = tuple[int, int, int]


def _edges(polygons: list[list[Point]]) -> dict[tuple[Point, Point], tuple[int, int]]:
    edges = {}
    for index, vertices in enumerate(polygons):
        for k, start in enumerate(vertices):
            edges[(start, vertices[(k + 1) % len(vertices)])] = (index, k)
    return edges


def _outline(edges: dict, start: Point) -> list[tuple[Point, Point]]:
    """The reverses of the unglued child edges, in order round the parent from ``start``."""
    following = {}
    for a, b in edges:
        if (b, a) not in edges:
            if b in following:
                raise ValueError("the outline touches itself")
            following[b] = a
    walk, point = [], start
    while True:
        walk.append((point, following[point]))
        point = following[point]
        if point == start:
            return walk


def _tables(hex_type, polygons, counts, start, edge_count, spur) -> tuple:
    edges = _edges(polygons)
    walk = _outline(edges, start)
    slots: list[tuple[int, int]] = []  # (parent edge, sub-edge) per outline position
    spur_pairs: dict[tuple[int, int], tuple[int, int]] = {}
    for side, count in enumerate(counts):
        if spur is not None and side == spur + 1:
            continue  # all of it is the spur, placed with the edge before
        real = count - (counts[side + 1] if side == spur else 0)
        slots += [(side, s) for s in range(real)]
        if side == spur:
            back = counts[side + 1]
            for t in range(back):
                spur_pairs[(side, real + t)] = (side + 1, back - 1 - t)
                spur_pairs[(side + 1, back - 1 - t)] = (side, real + t)
    if len(slots) != len(walk):
        raise ValueError(f"{hex_type}: outline has {len(walk)} edges, edge types say {len(slots)}")
    where = dict(zip(walk, slots, strict=True))
    entries: dict[tuple[int, int], Entry] = {}
    for (a, b), slot in where.items():
        entries[slot] = (INSIDE, *edges[(b, a)])
    for slot, other in spur_pairs.items():
        entries[slot] = (OUTSIDE, *other)
    sides, entry, first = [], [], 0
    for side, count in enumerate(counts):
        sides.append((first, count))
        entry += [entries[(side, s)] for s in range(count)]
        first += count
    mapping = []
    for (a, b), _ in sorted(edges.items(), key=lambda item: item[1]):
        if (b, a) in edges:
            mapping.append((INSIDE, *edges[(b, a)]))
        else:
            mapping.append((OUTSIDE, *where[(b, a)]))
    return tuple(mapping), tuple(sides), tuple(entry)


def build() -> Tables:
    """All tables, derived from the geometry.

    Returns
    -------
    dict
        Table name (``HEX_MAP``, ``SPECTRE_SIDES``, ...) to a dict from type letter to
        the table's rows.

    Examples
    --------
    >>> sorted(build())[:2]
    ['HEX_ENTRY', 'HEX_MAP']
    """
    tables: Tables = {name: {} for name in ("HEX_MAP", "HEX_SIDES", "HEX_ENTRY")}
    tables |= {name: {} for name in ("SPECTRE_MAP", "SPECTRE_SIDES", "SPECTRE_ENTRY")}
    for t in TYPES:
        kinds = [kind.lstrip("+-") for kind in HEX_EDGE_TYPES[t]]
        children = [
            hexagon(CHILD_CENTRES[i], CHILD_ORIENTATIONS[i]) for i in range(len(CHILDREN[t]))
        ]
        counts = [SUBEDGES_HEX[kind] for kind in kinds]
        hex_tables = _tables(t, children, counts, HEX_OUTLINE_START[t], 6, None)
        spectres = [
            place_spectre(start, rotate(SPECTRE_EDGE0, turn))
            for start, turn in SPECTRE_STARTS[: spectres_in(t)]
        ]
        start = spectres[0][SPECTRE_OUTLINE_START[t]]
        counts = [SUBEDGES_SPECTRE[kind] for kind in kinds]
        spectre_tables = _tables(t, spectres, counts, start, SPECTRE_EDGES, SPURS.get(t))
        for prefix, found in (("HEX", hex_tables), ("SPECTRE", spectre_tables)):
            for suffix, value in zip(("MAP", "SIDES", "ENTRY"), found, strict=True):
                tables[f"{prefix}_{suffix}"][t] = value
    return tables


# the generated module's docstring, line by line
_DOCSTRING = (
    '"""Spectre transition tables. Generated by '
    "``python -m tilewright.aperiodic.spectre.make_tables`` from the geometry in ``geometry``;"
    " do not edit.",
    "",
    "Entries are (INSIDE = 1, child, edge) or (OUTSIDE = 0, parent edge, sub-edge); sides",
    'are (first outline position, count). See ``make_tables`` for the meaning."""',
)


MODULE = TableModule(Path(__file__).with_name("_tables.py"), _DOCSTRING, build)

if __name__ == "__main__":
    MODULE.write()
