"""Compiled kernels for joining segments into polylines and writing them as SVG path data.

Why Euler trails: a pen plotter or a laser cutter draws each segment where the pen is, so
a drawing of a million walls as a million separate strokes spends most of its time lifting
the pen. A graph's edges split into at least ``max(1, odd / 2)`` trails per connected
piece (``odd`` = its vertices of odd degree), and Hierholzer's algorithm reaches that bound
once every odd vertex is joined to one extra vertex ``Z``: the whole graph is then even, an
Euler circuit through ``Z`` exists, and cutting it at each visit of ``Z`` leaves trails
from odd vertex to odd vertex. Pieces without odd vertices become closed circuits.
"""

import numpy as np
from numba import njit

from tilewright.core._digits import put_whole


@njit(nogil=True, inline="always")
def _other(a, b, virtual, m, z, edge, vertex):
    """The end of ``edge`` that is not ``vertex`` (``vertex`` itself for a loop)."""
    if edge < m:
        return a[edge] ^ b[edge] ^ vertex
    if vertex == z:
        return virtual[edge - m]
    return z


@njit(nogil=True, inline="always")
def _grown(array, needed):
    """``array``, or a copy twice as long when it has fewer than ``needed`` entries."""
    if needed <= array.shape[0]:
        return array
    larger = np.empty(max(needed, 2 * array.shape[0]), dtype=array.dtype)
    larger[: array.shape[0]] = array
    return larger


@njit(cache=True, nogil=True)
def euler_trails(a, b, num_vertices):
    """Trails covering the segments ``a[i]``–``b[i]`` (int32 vertex ids below
    ``num_vertices``) each exactly once, as few as the graph allows.

    Returns ``(ptr, ids)``: trail ``t`` visits ``ids[ptr[t]:ptr[t + 1]]``, consecutive ids
    joined by a segment; a closed trail repeats its first id at its end.
    """
    m = a.shape[0]
    z = num_vertices  # the extra vertex every odd vertex is joined to
    degree = np.zeros(num_vertices + 1, dtype=np.int64)
    for e in range(m):
        degree[a[e]] += 1
        degree[b[e]] += 1
    odd = 0
    for v in range(num_vertices):
        odd += degree[v] & 1
    virtual = np.empty(odd, dtype=np.int32)  # the odd vertex of each edge to z
    k = 0
    for v in range(num_vertices):
        if degree[v] & 1:
            virtual[k] = v
            degree[v] += 1
            k += 1
    degree[z] = odd
    total = m + odd
    # adjacency in CSR form, filled from the back so that afterwards ``cursor[v]`` is
    # the start of v's entries, and serves as the pointer to its next unused edge
    end = np.empty(num_vertices + 1, dtype=np.int64)
    running = 0
    for v in range(num_vertices + 1):
        running += degree[v]
        end[v] = running
    cursor = end.copy()
    adjacency = np.empty(2 * total, dtype=np.int32)
    for e in range(total - 1, -1, -1):
        if e < m:
            u, w = a[e], b[e]
        else:
            u, w = virtual[e - m], z
        cursor[u] -= 1
        adjacency[cursor[u]] = e
        cursor[w] -= 1
        adjacency[cursor[w]] = e
    used = np.zeros(total, dtype=np.bool_)
    stack = np.empty(total + 1, dtype=np.int32)
    # each open trail adds one id to its segments, each closed one (at least one segment)
    # repeats its first: m + odd / 2 + m ids at most
    ids = np.empty(2 * m + odd // 2, dtype=np.int32)
    ptr = np.empty(odd // 2 + 16, dtype=np.int64)
    ptr[0] = 0
    pieces = 0
    at = 0
    # z first (every open trail), then each vertex with edges left (closed circuits)
    for first in range(-1, num_vertices):
        start = z if first < 0 else first
        while cursor[start] < end[start] and used[adjacency[cursor[start]]]:
            cursor[start] += 1
        if cursor[start] == end[start]:
            continue
        # Hierholzer: walk on unused edges, and emit a vertex when it has none left.
        # In an even graph a walk can only stick where it began, so the vertices emitted
        # one after another are always joined by an edge: they form one circuit.
        top = 0
        stack[0] = start
        emitted = 0
        while top >= 0:
            v = stack[top]
            while cursor[v] < end[v] and used[adjacency[cursor[v]]]:
                cursor[v] += 1
            if cursor[v] < end[v]:
                edge = adjacency[cursor[v]]
                used[edge] = True
                cursor[v] += 1
                top += 1
                stack[top] = _other(a, b, virtual, m, z, edge, v)
                continue
            top -= 1
            emitted += 1
            if v == z:  # a cut: the trail since the last visit of z ends here
                if emitted > 1:
                    pieces += 1
                    ptr = _grown(ptr, pieces + 1)
                    ptr[pieces] = at
                continue
            ids[at] = v
            at += 1
        if start != z:  # a closed circuit: one trail
            pieces += 1
            ptr = _grown(ptr, pieces + 1)
            ptr[pieces] = at
    return ptr[: pieces + 1].copy(), ids[:at].copy()


@njit(nogil=True, inline="always")
def _put_fixed(buffer, at, value, decimals):
    """Write ``value / 10**decimals`` (``value`` an integer) in decimal, without trailing
    zeros after the point; returns the position after it."""
    if value < 0:
        buffer[at] = 45  # '-'
        at += 1
        value = -value
    scale = 1
    for _ in range(decimals):
        scale *= 10
    at = put_whole(buffer, at, value // scale, 0)
    fraction = value % scale
    if fraction:
        buffer[at] = 46  # '.'
        at += 1
        digits = decimals
        while fraction % 10 == 0:
            fraction //= 10
            digits -= 1
        for k in range(digits - 1, -1, -1):
            buffer[at + k] = 48 + fraction % 10
            fraction //= 10
        at += digits
    return at


@njit(nogil=True, inline="always")
def _put_point(buffer, at, x, y, separator, decimals):
    """Write ``x``, the byte ``separator`` and ``y``, each as :func:`_put_fixed` writes it;
    returns the position after them."""
    at = _put_fixed(buffer, at, x, decimals)
    buffer[at] = separator
    return _put_fixed(buffer, at + 1, y, decimals)


@njit(cache=True, nogil=True)
def path_data(ptr, ids, xy, decimals):
    """SVG path data of polylines: ``M x y L x y x y …`` per polyline, ``Z`` closing one
    whose last vertex is its first. ``xy`` is int64 (V, 2): coordinates times
    ``10**decimals``, already rounded. Returns the ASCII bytes as uint8."""
    # each number takes at most 20 digits, a sign and a point; each point a separator
    longest = 2 * (decimals + 22) + 2
    buffer = np.empty(ids.shape[0] * longest + 2 * (ptr.shape[0] - 1) + 1, dtype=np.uint8)
    at = 0
    for t in range(ptr.shape[0] - 1):
        low, high = ptr[t], ptr[t + 1]
        closed = high - low > 2 and ids[low] == ids[high - 1]
        if closed:
            high -= 1
        for i in range(low, high):
            v = ids[i]
            if i == low:
                buffer[at] = 77  # 'M'
                at += 1
            elif i == low + 1:
                buffer[at] = 76  # 'L'
                at += 1
            else:
                buffer[at] = 32
                at += 1
            at = _put_point(buffer, at, xy[v, 0], xy[v, 1], 32, decimals)
        if closed:
            buffer[at] = 90  # 'Z'
            at += 1
    return buffer[:at].copy()


@njit(cache=True, nogil=True)
def coordinate_lists(ptr, ids, xy, decimals):
    """Each polyline as a JSON list of points, ``[[x,y],[x,y],…]``, one after another in
    one ASCII buffer (as uint8); ``offsets[t]:offsets[t + 1]`` is polyline ``t``'s text.
    ``xy`` as for :func:`path_data`."""
    longest = 2 * (decimals + 22) + 4
    count = ptr.shape[0] - 1
    buffer = np.empty(ids.shape[0] * longest + 2 * count + 1, dtype=np.uint8)
    offsets = np.empty(count + 1, dtype=np.int64)
    at = 0
    for t in range(count):
        offsets[t] = at
        buffer[at] = 91  # '['
        at += 1
        for i in range(ptr[t], ptr[t + 1]):
            if i > ptr[t]:
                buffer[at] = 44  # ','
                at += 1
            v = ids[i]
            buffer[at] = 91
            at += 1
            at = _put_point(buffer, at, xy[v, 0], xy[v, 1], 44, decimals)
            buffer[at] = 93  # ']'
            at += 1
        buffer[at] = 93
        at += 1
    offsets[count] = at
    return buffer[:at].copy(), offsets


@njit(cache=True, nogil=True)
def integer_lists(values, ptr, brackets):
    """``values`` as JSON text: the lists ``values[ptr[t]:ptr[t + 1]]`` one after another,
    ``[a,b,c],[d,e]`` (without ``brackets``: ``a,b,c,d,e``), as uint8 ASCII."""
    # 20 digits and a sign at most a number, a separator after each, brackets a list
    buffer = np.empty(22 * values.shape[0] + 3 * (ptr.shape[0] - 1) + 1, dtype=np.uint8)
    at = 0
    for t in range(ptr.shape[0] - 1):
        if t:
            buffer[at] = 44  # ','
            at += 1
        if brackets:
            buffer[at] = 91  # '['
            at += 1
        for i in range(ptr[t], ptr[t + 1]):
            if i > ptr[t]:
                buffer[at] = 44
                at += 1
            value = values[i]
            if value < 0:
                buffer[at] = 45  # '-'
                at += 1
                value = -value
            at = put_whole(buffer, at, value, 0)
        if brackets:
            buffer[at] = 93  # ']'
            at += 1
    return buffer[:at].copy()
