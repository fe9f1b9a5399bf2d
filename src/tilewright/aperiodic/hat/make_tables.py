"""Derive the hat transition tables from the metatile geometry, and write them.

    python -m tilewright.aperiodic.hat.make_tables   # rewrites _tables.py

Three tables per metatile type t (Tatham 2023), all read off exact layouts on the kite grid
(``geometry``):

- ``KITEMAP[t]``: t expanded once into metatiles and those into hats and kites. Every kite
  is labelled (child, hat, kite); for each label and each of the four moves, the label of
  the kite the move reaches, or None when that kite lies outside this expansion.
- ``METAMAP[t]``: t expanded twice into metatiles. Neighbouring expansions overlap, so one
  small metatile can carry several labels (child, grandchild); for each label, all the
  labels of the same metatile. Rewriting an address by them changes nothing in the tiling,
  but moves a kite from the rim of one kitemap into the middle of another.
- ``KITEMAP_COLOURS[t]``: per child of t's expansion, its hats' colours in a proper
  four-colouring of the kitemap, 3 for the mirrored hats and 0-2 for the rest. A walk
  carries what 0-2 stand for and renews it where it enters another kitemap, from a P or F
  the two share (``_kernels._recolour``); ``kitemap_colours`` says why that colours the
  whole plane properly.

A test regenerates the tables and compares them with the committed module.
"""

from collections.abc import Iterator
from itertools import product
from pathlib import Path

from tilewright.aperiodic.hat.geometry import (
    CHILDREN,
    HAT_KITE_COUNT,
    HATS_IN,
    MOST_CHILDREN,
    MOVES,
    TYPES,
    Kite,
    Metatile,
    Placement,
    expand,
    hat_kites,
    moved,
)
from tilewright.aperiodic.table_modules import TableModule, Tables

Label = tuple[int, int, int]
Names = tuple[tuple[tuple[int, int], ...], ...]  # one type's METAMAP
Colours = tuple[tuple[int, ...], ...]  # one type's KITEMAP_COLOURS: per child, per hat
Permutation = tuple[int, ...]  # of the colours 0-2: the image of each
_UPRIGHT = Placement((0, 0), (1, 0))
MIRRORED_COLOUR = 3  # the mirrored hats' own colour; the others share 0-2
IDENTITY: Permutation = (0, 1, 2)


def kitemap(t: str) -> tuple[tuple[Label | None, ...], ...]:
    """Per (child, hat, kite) of t's expansion, in that order, the labels its four moves reach.

    Examples
    --------
    >>> kitemap("T")[0][0]  # kite 0 of hat 0 of child 0 (an H), turning left
    (0, 0, 1)
    """
    labels: dict[Kite, Label] = {}
    slots: list[Kite | None] = []  # four hat slots a child, so a label's row is computable
    for child_index, child in enumerate(Metatile(t, _UPRIGHT).children()):
        hats = child.hats()
        for hat_index in range(HATS_IN["H"]):
            if hat_index >= len(hats):
                slots += [None] * HAT_KITE_COUNT
                continue
            for kite_index, kite in enumerate(hat_kites(hats[hat_index])):
                label = (child_index, hat_index, kite_index)
                if labels.setdefault(kite, label) != label:
                    raise ValueError(f"{t}: two hats of one expansion share a kite")
                slots.append(kite)
    return tuple(
        (None,) * MOVES if kite is None else tuple(labels.get(moved(kite, m)) for m in range(MOVES))
        for kite in slots
    )


def metamap(t: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Per (child, grandchild) of t's double expansion, every label of that metatile.

    Rows are ``MOST_CHILDREN`` a child, the ones past its last grandchild empty.

    Examples
    --------
    >>> metamap("T")[0]  # child 0's grandchild 0: in no other child's expansion
    ((0, 0),)
    """
    children = expand([Metatile(t, _UPRIGHT)])
    if [parents for _, parents in children] != [[(0, i)] for i in range(len(children))]:
        raise ValueError(f"{t}: a single expansion should list each child once, in order")
    grandchildren = expand([child for child, _ in children])
    alike: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
    for _, parents in grandchildren:
        labels = tuple(sorted(parents))
        for label in labels:
            alike[label] = labels
    return tuple(
        alike.get((child, grandchild), ())
        for child in range(len(children))
        for grandchild in range(MOST_CHILDREN)
    )


def _kitemap_hats(t: str) -> tuple[list[tuple[int, bool]], list[set[int]]]:
    """The hats of t's expansion in (child, hat) order: each one's child and whether it is
    mirrored, and the earlier hats it shares an edge with.

    Hats are unions of kites, and the four moves cross a kite's four sides, so two hats
    share a stretch of edge exactly when a move takes a kite of one to a kite of the other.
    """
    hats: list[tuple[int, bool]] = []
    owner: dict[Kite, int] = {}
    for child_index, child in enumerate(Metatile(t, _UPRIGHT).children()):
        for hat in child.hats():
            owner.update((kite, len(hats)) for kite in hat_kites(hat))
            hats.append((child_index, hat.reflected))
    earlier: list[set[int]] = [set() for _ in hats]
    for kite, number in owner.items():
        for move in range(MOVES):
            other = owner.get(moved(kite, move))
            if other is not None and other < number:
                earlier[number].add(other)
    return hats, earlier


def proper_colourings(t: str) -> Iterator[Colours]:
    """Every proper colouring of t's kitemap with 3 for the mirrored hats and 0-2 for the
    rest, each once up to the names of 0-2, in lexicographic order.

    Backtracking over the hats in (child, hat) order, each hat tries the colours already
    used and then the next new one, so 0, 1 and 2 first appear in that order: a colouring
    that only renames them is never made twice.

    Examples
    --------
    >>> next(proper_colourings("T"))[0]  # child 0, an H: its mirrored hat is hat 3
    (0, 1, 2, 3)
    """
    hats, earlier = _kitemap_hats(t)
    colours: list[int] = []

    def extend(used: int) -> Iterator[list[int]]:
        """Every way to colour the hats after ``colours``, ``used`` of 0-2 taken so far."""
        here = len(colours)
        if here == len(hats):
            yield colours
            return
        mirrored = hats[here][1]
        for colour in (MIRRORED_COLOUR,) if mirrored else range(min(used + 1, 3)):
            if all(colours[other] != colour for other in earlier[here]):
                colours.append(colour)
                yield from extend(used if mirrored else max(used, colour + 1))
                colours.pop()

    for found in extend(0):
        yield tuple(
            tuple(c for (child, _), c in zip(hats, found, strict=True) if child == index)
            for index in range(len(CHILDREN[t]))
        )


def colour_permutation(colours: tuple[int, ...]) -> Permutation:
    """The permutation that takes (0, 1, 2) to a metatile's unreflected hats' colours, in
    hat order, completed by the colours left over in increasing order.

    For a P or F, the two metatiles that can lie in two kitemaps at once, the walk renews
    its colour map by two hats and the third colour by elimination
    (``_kernels._recolour``): this is that rule as a permutation.

    Examples
    --------
    >>> colour_permutation((2, 0)), colour_permutation((1, 0, 2, 3))
    ((2, 0, 1), (1, 0, 2))
    """
    own = tuple(c for c in colours if c != MIRRORED_COLOUR)
    return own + tuple(c for c in IDENTITY if c not in own)


def _compose(outer: Permutation, inner: Permutation) -> Permutation:
    return tuple(outer[i] for i in inner)


def _inverse(permutation: Permutation) -> Permutation:
    return tuple(permutation.index(c) for c in IDENTITY)


def _child_frames(
    parent: str, names: Names, below: dict[str, tuple[Permutation, ...]]
) -> tuple[Permutation, ...] | None:
    """Per child of ``parent``, its colour frame relative to child 0's; None if two names
    of one grandchild disagree, or a child is not reached.

    ``below[t][g]`` is child g's frame in a metatile of type t. A grandchild named (c₁, g₁)
    and (c₂, g₂) is one metatile, coloured alike whichever child colours it, so
    frame(c₂) = frame(c₁) ∘ below[t₁][g₁] ∘ below[t₂][g₂]⁻¹, from frame(0) = identity.
    """
    frames = {0: IDENTITY}
    shared = [labels for labels in names if len(labels) > 1]
    grown = True
    while grown:  # until a pass adds no frame: then every name was checked against one
        grown = False
        for labels in shared:
            known = [(c, g) for c, g in labels if c in frames]
            if not known:
                continue
            c1, g1 = known[0]
            through = _compose(frames[c1], below[CHILDREN[parent][c1]][g1])
            for c2, g2 in labels:
                frame = _compose(through, _inverse(below[CHILDREN[parent][c2]][g2]))
                if c2 not in frames:
                    frames[c2] = frame
                    grown = True
                elif frames[c2] != frame:
                    return None
    if len(frames) != len(CHILDREN[parent]):
        return None
    return tuple(frames[c] for c in range(len(CHILDREN[parent])))


def agree_at_every_level(colours: dict[str, Colours], metamaps: dict[str, Names]) -> bool:
    """Do the kitemaps' colourings fit together into one colouring of the whole plane?

    At level 1, a kitemap colours its children: child g of a type-t kitemap has the frame
    ``colour_permutation(colours[t][g])``. At level k + 1 a metatile's children are level-k
    metatiles whose frames follow from the level-k ones through the overlaps of its double
    expansion (``METAMAP``), and they must agree however they are reached. Each level's
    frames are a function of the level below's, over a finite set, so once they repeat
    every level above has been checked.

    Examples
    --------
    >>> tables = build()
    >>> agree_at_every_level(tables["KITEMAP_COLOURS"], tables["METAMAP"])
    True
    """
    frames: dict[str, tuple[Permutation, ...]] = {
        t: tuple(colour_permutation(c) for c in colours[t]) for t in TYPES
    }
    seen = []
    while frames not in seen:
        seen.append(frames)
        above = {t: _child_frames(t, metamaps[t], frames) for t in TYPES}
        if any(found is None for found in above.values()):
            return False
        frames = {t: found for t, found in above.items() if found is not None}
    return True


def kitemap_colours(metamaps: dict[str, Names]) -> dict[str, Colours]:
    """Per type, the first proper colouring of its kitemap (``proper_colourings``) such
    that all four agree at every level (``agree_at_every_level``), in the order H, T, P, F.

    The walk needs nothing more for a proper colouring of the plane: two hats that touch
    always lie together in some kitemap (the tests check it on a substituted patch), and
    what a kitemap's 0-2 stand for is renewed where it is entered, by the rule the
    agreement checks. Each kitemap has exactly one colouring up to names, which is no
    accident: fusing each mirrored hat with one of its neighbours leaves a tiling
    combinatorially like the hexagons' (Smith, Myers, Kaplan and Goodman-Strauss 2023),
    whose three-colouring is unique up to names; Tatham (2023) colours by it. So the
    names are all that is chosen here: in every kitemap child 0 is an H, whose hats 0, 1
    and 2 are colours 0, 1 and 2.

    Raises
    ------
    ValueError
        If no choice of colourings agrees.

    Examples
    --------
    >>> kitemap_colours(build()["METAMAP"])["T"][:2]
    ((0, 1, 2, 3), (1, 0))
    """
    options = [list(proper_colourings(t)) for t in TYPES]
    for choice in product(*options):
        colours = dict(zip(TYPES, choice, strict=True))
        if agree_at_every_level(colours, metamaps):
            return colours
    raise ValueError("no colourings of the kitemaps agree where the kitemaps overlap")


def build() -> Tables:
    """The three tables for every type: ``{"KITEMAP": {t: ...}, ...}``.

    Examples
    --------
    >>> list(build())
    ['KITEMAP', 'METAMAP', 'KITEMAP_COLOURS']
    """
    metamaps = {t: metamap(t) for t in TYPES}
    return {
        "KITEMAP": {t: kitemap(t) for t in TYPES},
        "METAMAP": metamaps,
        "KITEMAP_COLOURS": kitemap_colours(metamaps),
    }


# the generated module's docstring, line by line
_DOCSTRING = (
    '"""Hat transition tables. Generated by ``python -m tilewright.aperiodic.hat.make_tables``'
    " from the layouts in ``geometry``; do not edit.",
    "",
    f"KITEMAP[t][({HATS_IN['H']}·child + hat)·{HAT_KITE_COUNT} + kite][move]: the (child, hat,",
    f"kite) a move reaches, or None. METAMAP[t][{MOST_CHILDREN}·child + grandchild]: every",
    "(child, grandchild) label of that metatile. KITEMAP_COLOURS[t][child][hat]: the hat's",
    f'colour in the kitemap, {MIRRORED_COLOUR} if mirrored. See ``make_tables``."""',
)


MODULE = TableModule(Path(__file__).with_name("_tables.py"), _DOCSTRING, build)

if __name__ == "__main__":
    MODULE.write()
