"""Compiled corners of the puzzle collection's periodic grids (``collection_grids``).

Why compiled: the NumPy version made every corner's lattice vector kind by kind in a
padded (place, kind, corner) array, then ranked each axis's values with ``np.unique``
(a sort of every corner), about two thirds of building a grid of 10^4 faces. Here each
corner is made once, in order, and each axis's values are ranked through a table
indexed by value (or a sort when the values spread too thinly for a table).
"""

import numpy as np
from numba import njit


@njit(cache=True, nogil=True)
def lattice_corners(origin, offsets, sizes, choice, kind_by_kind, axis_of, to_xy):
    """Each face's corners on a board of places: keys and positions.

    ``origin`` (H, W, m) is each place's lattice vector; ``offsets`` (K, 2, k, m) each
    kind's corners from it in two variants, ``sizes`` (K,) how many corners it has;
    ``choice`` (H, W, K) the variant each place has of each kind (-1: none). Faces run
    place by place (row by row), kind by kind at each place, or with ``kind_by_kind``
    kind by kind along each row. Integer ``i`` of a vector runs along axis
    ``axis_of[i]`` and is ``to_xy[i]`` in drawing units.

    Returns ``(counts, keys, coords)``: each face's corners; each corner's key, ordered as
    its lattice vector with the y integers first and the x ones after, each in the order
    given (equal for equal vectors); each corner's position, shifted so the least is 0.
    """
    face_place, face_variant, counts = _faces(choice, sizes, kind_by_kind)
    faces = counts.shape[0]
    total = 0
    for f in range(faces):
        total += counts[f]
    height, width, kinds = choice.shape
    m = origin.shape[2]
    # positions from the integers as given, keys from them sheared
    given_places, given_offsets = origin.reshape(height * width, m), offsets
    places, offsets = _sheared(given_places, given_offsets, sizes, axis_of)
    # bounds of each integer over the corners: the least and greatest over the places
    # plus the least and greatest offset (only the order of the packed values counts,
    # so loose bounds do as well as tight ones)
    low = offsets[0, 0, 0, :].copy()
    high = offsets[0, 0, 0, :].copy()
    for k in range(kinds):
        for c in range(sizes[k]):
            for variant in range(2):
                for i in range(m):
                    low[i] = min(low[i], offsets[k, variant, c, i])
                    high[i] = max(high[i], offsets[k, variant, c, i])
    for i in range(m):
        least = most = places[0, i]
        for p in range(places.shape[0]):
            least = min(least, places[p, i])
            most = max(most, places[p, i])
        low[i] += least
        high[i] += most
    # an axis's integers packed in mixed radix: each times the product of the later
    # ones' ranges on its axis, from its least value; as the packing is linear, a
    # corner's is its face's place's plus its offset's
    weight = np.zeros(m, dtype=np.int64)
    span = np.ones(2, dtype=np.int64)
    for i in range(m - 1, -1, -1):
        weight[i] = span[axis_of[i]]
        span[axis_of[i]] *= high[i] - low[i] + 1
    # the offsets' packings, a row for each corner of each kind and variant: those of
    # face f from row face_variant[f] * corners
    corners = offsets.shape[2]
    step = np.zeros((2 * kinds * corners, 2), dtype=np.int64)
    for k in range(kinds):
        for variant in range(2):
            for c in range(sizes[k]):
                for i in range(m):
                    row = (2 * k + variant) * corners + c
                    step[row, axis_of[i]] += offsets[k, variant, c, i] * weight[i]
    # each face's place's packings
    base = np.zeros((faces, 2), dtype=np.int64)
    for f in range(faces):
        across = down = 0
        for i in range(m):
            part = (places[face_place[f], i] - low[i]) * weight[i]
            if axis_of[i] == 0:
                across += part
            else:
                down += part
        base[f, 0] = across
        base[f, 1] = down
    coords = _positions(
        given_places, given_offsets, sizes, face_place, face_variant, axis_of, to_xy, total
    )
    keys = np.empty(total, dtype=np.int64)
    # spread no more thinly than from_polygons' table takes (4 values a corner), the
    # packed values are keys as they are (one integer an axis, or two that grow together)
    dense = 4 * total + 1024
    if span[0] <= dense and span[1] <= dense // span[0]:
        j = 0
        for f in range(faces):
            first = face_variant[f] * corners
            for row in range(first, first + counts[f]):
                x = base[f, 0] + step[row, 0]
                keys[j] = (base[f, 1] + step[row, 1]) * span[0] + x
                j += 1
        return counts, keys, coords
    if span[0] <= dense and span[1] <= dense:
        # each axis's values ranked through a table indexed by value; the key is
        # (y rank, x rank)
        across = np.zeros(span[0], dtype=np.int64)
        down = np.zeros(span[1], dtype=np.int64)
        for f in range(faces):
            first = face_variant[f] * corners
            for row in range(first, first + counts[f]):
                across[base[f, 0] + step[row, 0]] = 1
                down[base[f, 1] + step[row, 1]] = 1
        distinct = _ranks(across)
        _ranks(down)
        j = 0
        for f in range(faces):
            first = face_variant[f] * corners
            for row in range(first, first + counts[f]):
                x = across[base[f, 0] + step[row, 0]]
                keys[j] = down[base[f, 1] + step[row, 1]] * distinct + x
                j += 1
        return counts, keys, coords
    # values too thinly spread for a table (a long thin board): ranked by sorting
    packed = np.empty(total, dtype=np.int64)
    j = 0
    for f in range(faces):
        first = face_variant[f] * corners
        for row in range(first, first + counts[f]):
            packed[j] = base[f, 0] + step[row, 0]
            keys[j] = base[f, 1] + step[row, 1]
            j += 1
    distinct = _sorted_ranks(packed)
    _sorted_ranks(keys)
    for j in range(total):
        keys[j] = keys[j] * distinct + packed[j]
    return counts, keys, coords


@njit(cache=True, nogil=True)
def _sheared(places, offsets, sizes, axis_of):
    """The integers to pack: as given, but where an axis has two, ``p`` then ``q``, with
    ``q - t·p`` for ``q``, the whole ``t`` that spreads it least. Why: ``(p, q)`` and
    ``(p, q - t·p)`` sort alike, and on a grid whose ``p`` and ``q`` grow together
    (squares turned two ways) ``q - p`` hardly varies, so the packed values are keys as
    they are, without ranking."""
    m = places.shape[1]
    for axis in range(2):
        p = q = -1
        count = 0
        for i in range(m):
            if axis_of[i] == axis:
                count += 1
                p, q = (i, q) if p < 0 else (p, i)
        if count != 2:
            continue
        best, shear = _spread(places, offsets, sizes, p, q, 0), 0
        for t in (1, -1, 2, -2):
            spread = _spread(places, offsets, sizes, p, q, t)
            if spread < best:
                best, shear = spread, t
        if shear:
            places = places.copy()
            offsets = offsets.copy()
            places[:, q] -= shear * places[:, p]
            offsets[:, :, :, q] -= shear * offsets[:, :, :, p]
    return places, offsets


@njit(cache=True, nogil=True)
def _spread(places, offsets, sizes, p, q, t):
    """How widely ``q - t·p`` can vary over the corners: its range over the places plus
    its range over the offsets."""
    spread = 0
    least = most = places[0, q] - t * places[0, p]
    for place in range(places.shape[0]):
        value = places[place, q] - t * places[place, p]
        least, most = min(least, value), max(most, value)
    spread += most - least
    least = most = offsets[0, 0, 0, q] - t * offsets[0, 0, 0, p]
    for k in range(offsets.shape[0]):
        for variant in range(2):
            for c in range(sizes[k]):
                value = offsets[k, variant, c, q] - t * offsets[k, variant, c, p]
                least, most = min(least, value), max(most, value)
    return spread + most - least


@njit(cache=True, nogil=True)
def _faces(choice, sizes, kind_by_kind):
    """The faces in the order they are listed: each one's place (row-major), its kind
    and variant as ``2 * kind + variant``, and its corners."""
    height, width, kinds = choice.shape
    faces = 0
    for r in range(height):
        for x in range(width):
            for k in range(kinds):
                if choice[r, x, k] >= 0:
                    faces += 1
    place = np.empty(faces, dtype=np.int64)
    variant = np.empty(faces, dtype=np.int64)
    counts = np.empty(faces, dtype=np.int64)
    f = 0
    for r in range(height):
        for outer in range(kinds if kind_by_kind else width):
            for inner in range(width if kind_by_kind else kinds):
                x, k = (inner, outer) if kind_by_kind else (outer, inner)
                if choice[r, x, k] >= 0:
                    place[f] = r * width + x
                    variant[f] = 2 * k + choice[r, x, k]
                    counts[f] = sizes[k]
                    f += 1
    return place, variant, counts


# "contract": each sum of products fused as NumPy's matrix product (BLAS) fuses it, so
# that positions come out bit for bit as ``corners @ to_xy`` made them before (FMA where
# the processor has it, on both sides)
@njit(cache=True, nogil=True, fastmath={"contract"})
def _positions(places, offsets, sizes, face_place, face_variant, axis_of, to_xy, total):
    """Each corner's position, the least along each axis at 0: its integers times
    ``to_xy``, summed in order as ``corners @ to_xy`` sums them (integer ``i`` only
    along axis ``axis_of[i]``)."""
    m = places.shape[1]
    coords = np.empty((total, 2), dtype=np.float64)
    least_x = least_y = np.inf
    j = 0
    for f in range(face_place.shape[0]):
        k, variant = face_variant[f] >> 1, face_variant[f] & 1
        for c in range(sizes[k]):
            x = 0.0
            y = 0.0
            for i in range(m):
                value = places[face_place[f], i] + offsets[k, variant, c, i]
                # the other axis's term is a zero, which changes no sum (the sums start
                # at +0, so not even a zero's sign)
                if axis_of[i] == 0:
                    x += value * to_xy[i, 0]
                else:
                    y += value * to_xy[i, 1]
            coords[j, 0] = x
            coords[j, 1] = y
            least_x = min(least_x, x)
            least_y = min(least_y, y)
            j += 1
    for j in range(total):
        coords[j, 0] -= least_x
        coords[j, 1] -= least_y
    return coords


@njit(cache=True, nogil=True)
def _ranks(table):
    """Turn a table of 0s and 1s (the values that occur) into each value's rank among
    them, in place; return how many there are."""
    distinct = 0
    for v in range(table.shape[0]):
        if table[v]:
            table[v] = distinct
            distinct += 1
    return distinct


@njit(cache=True, nogil=True)
def _sorted_ranks(values):
    """Replace each of ``values`` by its rank among the distinct values, in place; return
    how many there are."""
    ordered = np.unique(values)
    for j in range(values.shape[0]):
        values[j] = np.searchsorted(ordered, values[j])
    return ordered.shape[0]
