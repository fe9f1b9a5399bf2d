"""Compiled kernels: the puzzle collection's dots and its trim, for its random grids.

Why compiled: a Loopy grid of 10^6 tiles has about 10^7 corners; numbering them with
NumPy's sort (``np.unique`` over places) and trimming with Python sets of sides cost
more than the search that found the tiles. Here both are linear: an open-addressing
hash table of places, and each dot's sides in a table of the sides leaving it (a dot has
a handful). The logic is ``collection_patch``'s (its docstrings say what is kept); the
tests compare the trim with a plain Python one on many patches.
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True, inline="always")
def _hash(x, y, mask):
    h = (np.uint64(x & 0xFFFFFFFF) * np.uint64(0x9E3779B97F4A7C15)) ^ np.uint64(y & 0xFFFFFFFF)
    h = (h ^ (h >> np.uint64(31))) * np.uint64(0xBF58476D1CE4E5B9)
    return np.int64((h ^ (h >> np.uint64(29))) & mask)


@njit(cache=True, nogil=True)
def _table(places, first, dots, slots):
    """An open-addressing table of ``slots`` entries holding dots 0 … ``dots`` − 1, each
    at the hash of its place (``places[first[dot]]``)."""
    table = np.full(slots, -1, dtype=np.int32)
    for d in range(dots):
        slot = _hash(places[first[d], 0], places[first[d], 1], np.uint64(slots - 1))
        while table[slot] >= 0:
            slot = (slot + 1) & (slots - 1)
        table[slot] = d
    return table


@njit(cache=True, nogil=True)
def number_dots(places):
    """Dots for the corners ``places`` ((n, 2) int64), numbered where a corner first
    names them: (each corner's dot, each dot's first corner)."""
    count = places.shape[0]
    dot = np.empty(count, dtype=np.int64)
    first = np.empty(count, dtype=np.int64)
    # the table stays at most half full, grown as dots come; a tiling's corners are
    # about twice its dots, so it starts as many slots as corners (small, for the cache)
    slots = 16
    while slots < count:
        slots *= 2
    table = _table(places, first, 0, slots)
    dots = 0
    for n in range(count):
        x, y = places[n, 0], places[n, 1]
        slot = _hash(x, y, np.uint64(slots - 1))
        while table[slot] >= 0:
            other = first[table[slot]]
            if places[other, 0] == x and places[other, 1] == y:
                break
            slot = (slot + 1) & (slots - 1)
        if table[slot] >= 0:
            dot[n] = table[slot]
            continue
        first[dots] = n
        table[slot] = dot[n] = dots
        dots += 1
        if 2 * dots > slots:
            slots *= 2
            table = _table(places, first, dots, slots)
    return dot, first[:dots].copy()


@njit(cache=True, nogil=True)
def _root(parent, x):
    while parent[x] != x:
        x = parent[x]
    return x


@njit(cache=True, nogil=True)
def trim(face_ptr, face_dots, dots):
    """The collection's trim of the faces (CSR: ``face_ptr``, ``face_dots``) over
    ``dots`` dots: (the kept faces' indices, in the first entries of an array, how many,
    each dot's new number or -1)."""
    faces = face_ptr.shape[0] - 1
    # the sides leaving each dot (its face's next corner), without repeats
    out_ptr = np.zeros(dots + 1, dtype=np.int64)
    for k in range(face_dots.shape[0]):
        out_ptr[face_dots[k] + 1] += 1
    out_fill = np.empty(dots, dtype=np.int64)  # the end of each dot's sides so far
    for a in range(dots):
        out_ptr[a + 1] += out_ptr[a]
        out_fill[a] = out_ptr[a]
    out_to = np.empty(out_ptr[dots], dtype=np.int64)
    for f in range(faces):
        start, stop = face_ptr[f], face_ptr[f + 1]
        for k in range(start, stop):
            a, b = face_dots[k - 1 if k > start else stop - 1], face_dots[k]
            seen = False
            for j in range(out_ptr[a], out_fill[a]):
                seen = seen or out_to[j] == b
            if not seen:
                out_to[out_fill[a]] = b
                out_fill[a] += 1
    # a dot with a side not matched by its reverse is on the coast
    inner = np.ones(dots, dtype=np.bool_)
    for a in range(dots):
        for j in range(out_ptr[a], out_fill[a]):
            b = out_to[j]
            back = False
            for i in range(out_ptr[b], out_fill[b]):
                back = back or out_to[i] == a
            if not back:
                inner[a] = inner[b] = False
    # union by size, each dot with its lower inner neighbours in increasing order, no path
    # compression: which set wins a tie depends on the roots (see ``trimmed``)
    parent = np.empty(dots, dtype=np.int64)
    size = np.empty(dots, dtype=np.int64)
    for x in range(dots):
        parent[x], size[x] = x, 1
    lower = np.empty(dots, dtype=np.int64)
    for a in range(dots):
        if not inner[a]:
            continue
        found = 0
        for j in range(out_ptr[a], out_fill[a]):
            b = out_to[j]
            if b < a and inner[b]:
                k = found  # insertion sort: a handful of neighbours
                while k > 0 and lower[k - 1] > b:
                    lower[k] = lower[k - 1]
                    k -= 1
                lower[k] = b
                found += 1
        for k in range(found):
            ra, rb = _root(parent, a), _root(parent, lower[k])
            if ra != rb:
                big, small = (ra, rb) if size[ra] > size[rb] else (rb, ra)
                parent[small] = big
                size[big] += size[small]
    largest, most = -1, 0
    for x in range(dots):
        if inner[x] and parent[x] == x and size[x] > most:
            largest, most = x, size[x]
    # the largest piece's dots: inner ones only (a coastal dot is its own root, never the
    # largest's)
    ours = np.zeros(dots, dtype=np.bool_)
    for x in range(dots):
        ours[x] = largest >= 0 and inner[x] and _root(parent, x) == largest
    kept_faces = np.empty(faces, dtype=np.int64)
    kept_count = 0
    kept = np.zeros(dots, dtype=np.bool_)
    if largest >= 0:
        for f in range(faces):
            touches = False
            for k in range(face_ptr[f], face_ptr[f + 1]):
                touches = touches or ours[face_dots[k]]
            if touches:
                kept_faces[kept_count] = f
                kept_count += 1
                for k in range(face_ptr[f], face_ptr[f + 1]):
                    kept[face_dots[k]] = True
    number = np.empty(dots, dtype=np.int64)
    counted = 0
    for x in range(dots):
        number[x] = counted if kept[x] else -1
        counted += kept[x]
    return kept_faces, kept_count, number
