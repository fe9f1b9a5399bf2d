"""The complete Loopy solver, compiled: propagation and a depth-first search with a trail.

Every edge is unknown, on the loop (YES) or off it (NO). Setting an edge updates the YES
and NO counts of its two faces and two dots, the paths the YES edges form (each end of a
path knows the other end and the path's length), and the faces' colours: every face is
inside the loop or outside it, the world beyond the grid outside, and an edge is YES
exactly when the faces on its two sides differ. Colours are kept as classes of faces known
to be alike or unlike (a union-find with parity), so that two faces already related fix the
edge between them. Everything is undone from one trail. Propagation applies what follows:

- a face with its clue's count of YES edges has its other edges NO; one whose unknown
  edges are all needed has them YES; more YES than the clue, or too few left, is a
  contradiction;
- a dot has 0 or 2 YES edges: two make the rest NO, one with one unknown edge left makes
  it YES, none with one unknown makes it NO;
- an edge joining the two ends of one path would close it; while other YES edges lie
  elsewhere that loop could not be the only one, so the edge is NO;
- an edge between two faces of one colour class is YES when their colours differ, NO when
  they agree; a class related to itself both ways is a contradiction.

The search sets an unknown edge YES (at a path's end, the edge whose two ways settle
most), propagates (each edge near what changed tried both ways first), and on a
contradiction undoes back to the last choice and sets the edge NO instead; a closed loop
is a solution when every clue is met. It counts solutions up to a limit (two: "unique" is
then proven, not deduced), so that whether a puzzle has one solution never depends on
deduction rules.

The kernels below ``search`` allocate nothing: ``_jit`` compiles them without reference
counting, and merges those called from one place only into it.
"""

import numpy as np

from tilewright.loopy._jit import inline, kernel, light

UNKNOWN, YES, NO = 0, 1, 2
# trail entries: (kind, index, old value)
_EDGE, _PARTNER, _LENGTH, _CLOSED, _UNION = 0, 1, 2, 3, 4
# counters: trail top, YES edges, loop closed, queue tail and head (counts of items ever
# queued and taken: the queue is a ring holding no item twice), edges pending
_TOP, _YES_EDGES, _CLOSED_LOOP, _TAIL, _HEAD, _PENDING = 0, 1, 2, 3, 4, 5
# what search returns
COMPLETE, STOPPED = 0, 1
# the edges at path ends weighed (by what each way of them settles) before a guess
LOOKAHEAD = 16


@kernel
def search(graph, limit, max_choices, state, solutions, probe):
    """Find up to ``limit`` solutions (rows of ``solutions``: 1 on the loop) from the edge
    states in ``state`` (left as given); at most ``max_choices`` guesses when positive;
    with ``probe``, each edge is tried both ways before each guess (``_probe``).

    ``graph`` is (edge_dots, edge_faces, face_ptr, face_edges, dot_ptr, dot_edges,
    node_ptr, node_edges, clues): the planar map, the edges at each dot, and the edges of
    each colour node (the faces, then the outside: the boundary edges).
    Returns (solutions found, COMPLETE or STOPPED, guesses made)."""
    edge_dots, face_ptr, dot_ptr, node_ptr = graph[0], graph[2], graph[4], graph[6]
    n_edges = edge_dots.shape[0]
    n_faces = face_ptr.shape[0] - 1
    n_dots = dot_ptr.shape[0] - 1
    n_nodes = node_ptr.shape[0] - 1
    work = (
        np.zeros(n_edges, np.int8),  # state
        np.zeros(n_faces, np.int32),  # face YES
        np.zeros(n_faces, np.int32),  # face NO
        np.zeros(n_dots, np.int32),  # dot YES
        np.zeros(n_dots, np.int32),  # dot NO
        np.arange(n_dots).astype(np.int32),  # partner: a path end's other end
        np.zeros(n_dots, np.int32),  # length: a path end's path, in edges
        np.zeros((7 * n_edges + 8, 3), np.int64),  # trail
        np.zeros(8, np.int64),  # counters
        np.zeros(n_faces + n_dots, np.int32),  # queue
        np.zeros(n_faces + n_dots, np.bool_),  # queued
        np.arange(n_nodes).astype(np.int32),  # colour class parent
        np.zeros(n_nodes, np.int8),  # parity to the parent
        np.ones(n_nodes, np.int32),  # class size (at roots)
        np.arange(n_nodes).astype(np.int32),  # ring of each class's members
        np.zeros(n_edges + 1, np.int32),  # pending edges
        np.zeros(n_edges + 1, np.int8),  # their values
    )
    current, counters = work[0], work[8]
    choice_edge = np.zeros(n_edges + 1, np.int32)
    choice_top = np.zeros(n_edges + 1, np.int64)
    choice_no = np.zeros(n_edges + 1, np.bool_)
    ok = True
    for e in range(n_edges):
        if state[e] != UNKNOWN and ok:
            ok = _set(e, state[e], graph, work)
    for item in range(n_faces + n_dots):
        _enqueue(item, work)
    found = 0
    choices = 0
    depth = 0
    status = COMPLETE
    while True:
        if ok:
            ok = _propagate(graph, work)
        if ok and probe and not counters[_CLOSED_LOOP]:
            # at the root every edge is tried; below it, those near the last choice's
            # changes (the parent tried the rest)
            ok = _probe(choice_top[depth - 1] if depth > 0 else -1, graph, work)
        if ok and counters[_CLOSED_LOOP]:
            # the loop is closed: a solution if every clue is met
            if _clues_met(graph, work):
                for e in range(n_edges):
                    solutions[found, e] = 1 if current[e] == YES else 0
                found += 1
                if found >= limit:
                    break
            ok = False
        if ok:
            e = _choose(graph, work)
            if e < 0:
                ok = False
            elif max_choices > 0 and choices >= max_choices:
                status = STOPPED
                break
            else:
                choices += 1
                choice_edge[depth] = e
                choice_top[depth] = counters[_TOP]
                choice_no[depth] = False
                depth += 1
                ok = _set(e, YES, graph, work)
                continue
        # back to the last choice still to be tried the other way
        while depth > 0 and choice_no[depth - 1]:
            depth -= 1
        if depth == 0:
            break
        _undo(choice_top[depth - 1], graph, work)
        choice_no[depth - 1] = True
        ok = _set(choice_edge[depth - 1], NO, graph, work)
    return found, status, choices


@light
def _enqueue(item, work):
    queue, queued, counters = work[9], work[10], work[8]
    if not queued[item]:
        queued[item] = True
        queue[counters[_TAIL] % queue.shape[0]] = item
        counters[_TAIL] += 1


@light
def _push(trail, counters, kind, index, old):
    top = counters[_TOP]
    trail[top, 0] = kind
    trail[top, 1] = index
    trail[top, 2] = old
    counters[_TOP] = top + 1


@light
def _find(node, parent, parity):
    """The root of ``node``'s colour class, and whether ``node`` differs from it."""
    differs = 0
    while parent[node] != node:
        differs ^= parity[node]
        node = parent[node]
    return node, differs


@inline
def _relate(a, b, unlike, graph, work):
    """Record that colour nodes ``a`` and ``b`` differ (``unlike``) or agree; queue the
    unknown edges this fixes. False when they were already known the other way."""
    node_ptr, node_edges, edge_faces = graph[6], graph[7], graph[1]
    state, trail, counters = work[0], work[7], work[8]
    parent, parity, size, ring = work[11], work[12], work[13], work[14]
    pending, values = work[15], work[16]
    outside = node_ptr.shape[0] - 2
    root_a, parity_a = _find(a, parent, parity)
    root_b, parity_b = _find(b, parent, parity)
    if root_a == root_b:
        return (parity_a ^ parity_b) == unlike
    link = parity_a ^ parity_b ^ unlike
    big, small = (root_a, root_b) if size[root_a] >= size[root_b] else (root_b, root_a)
    # every unknown edge between the two classes is now fixed
    member = small
    while True:
        _, member_parity = _find(member, parent, parity)
        for i in range(node_ptr[member], node_ptr[member + 1]):
            e = node_edges[i]
            if state[e] != UNKNOWN:
                continue
            other = edge_faces[e, 0] + edge_faces[e, 1] - (member if member < outside else -1)
            if other < 0:
                other = outside
            root_o, parity_o = _find(other, parent, parity)
            if root_o == big:
                top = counters[_PENDING]
                pending[top] = e
                values[top] = YES if (member_parity ^ link) != parity_o else NO
                counters[_PENDING] = top + 1
        member = ring[member]
        if member == small:
            break
    parent[small] = big
    parity[small] = link
    size[big] += size[small]
    ring[big], ring[small] = ring[small], ring[big]
    _push(trail, counters, _UNION, small, 0)
    return True


@light
def _set(e, value, graph, work):
    """Set edge ``e`` to ``value``; False on a contradiction it shows at once."""
    edge_dots, edge_faces = graph[0], graph[1]
    state, face_yes, face_no, dot_yes, dot_no = work[0], work[1], work[2], work[3], work[4]
    partner, length, trail, counters = work[5], work[6], work[7], work[8]
    n_faces = face_yes.shape[0]
    if state[e] == value:
        return True
    if state[e] != UNKNOWN:
        return False
    if value == YES and counters[_CLOSED_LOOP]:
        return False  # the loop is closed: no more of it
    state[e] = value
    _push(trail, counters, _EDGE, e, 0)
    if value == YES:
        counters[_YES_EDGES] += 1
    for side in range(2):
        f = edge_faces[e, side]
        if f >= 0:
            if value == YES:
                face_yes[f] += 1
            else:
                face_no[f] += 1
            _enqueue(f, work)
        d = edge_dots[e, side]
        if value == YES:
            dot_yes[d] += 1
        else:
            dot_no[d] += 1
        _enqueue(n_faces + d, work)
    a_face, b_face = edge_faces[e, 0], edge_faces[e, 1]
    unlike = 1 if value == YES else 0
    if not _relate(a_face, n_faces if b_face < 0 else b_face, unlike, graph, work):
        return False
    if value == NO:
        return True
    a, b = edge_dots[e, 0], edge_dots[e, 1]
    if dot_yes[a] > 2 or dot_yes[b] > 2:
        return False
    # the far ends of the paths a and b ended (a dot alone is a path of length 0)
    end_a = a if dot_yes[a] == 1 else partner[a]
    end_b = b if dot_yes[b] == 1 else partner[b]
    length_a = 0 if dot_yes[a] == 1 else length[a]
    length_b = 0 if dot_yes[b] == 1 else length[b]
    if end_a == b:
        # a and b were the two ends of one path: the edge closes it into a loop, which
        # must be every YES edge there is
        if length_a + 1 != counters[_YES_EDGES]:
            return False
        _push(trail, counters, _CLOSED, 0, 0)
        counters[_CLOSED_LOOP] = 1
        return True
    total = length_a + length_b + 1
    for end, other in ((end_a, end_b), (end_b, end_a)):
        _push(trail, counters, _PARTNER, end, partner[end])
        partner[end] = other
        _push(trail, counters, _LENGTH, end, length[end])
        length[end] = total
    return True


@light
def _undo(top, graph, work):
    """Undo the trail back to ``top`` entries; empty the queue and the pending edges."""
    edge_dots, edge_faces = graph[0], graph[1]
    state, face_yes, face_no, dot_yes, dot_no = work[0], work[1], work[2], work[3], work[4]
    partner, length, trail, counters = work[5], work[6], work[7], work[8]
    queue, queued = work[9], work[10]
    parent, parity, size, ring = work[11], work[12], work[13], work[14]
    while counters[_TOP] > top:
        counters[_TOP] -= 1
        entry = counters[_TOP]
        kind, index, old = trail[entry, 0], trail[entry, 1], trail[entry, 2]
        if kind == _EDGE:
            value = state[index]
            for side in range(2):
                f = edge_faces[index, side]
                d = edge_dots[index, side]
                if value == YES:
                    if f >= 0:
                        face_yes[f] -= 1
                    dot_yes[d] -= 1
                else:
                    if f >= 0:
                        face_no[f] -= 1
                    dot_no[d] -= 1
            if value == YES:
                counters[_YES_EDGES] -= 1
            state[index] = UNKNOWN
        elif kind == _PARTNER:
            partner[index] = old
        elif kind == _LENGTH:
            length[index] = old
        elif kind == _UNION:
            big = parent[index]
            ring[big], ring[index] = ring[index], ring[big]
            size[big] -= size[index]
            parent[index] = index
            parity[index] = 0
        else:
            counters[_CLOSED_LOOP] = 0
    for i in range(counters[_HEAD], counters[_TAIL]):
        queued[queue[i % queue.shape[0]]] = False
    counters[_TAIL] = 0
    counters[_HEAD] = 0
    counters[_PENDING] = 0


@light
def _set_all(items_ptr, items, at, from_value, value, graph, work):
    """Set every edge of ``items[items_ptr[at]:items_ptr[at + 1]]`` that is
    ``from_value`` to ``value``."""
    state = work[0]
    for i in range(items_ptr[at], items_ptr[at + 1]):
        e = items[i]
        if state[e] == from_value and not _set(e, value, graph, work):
            return False
    return True


@light
def _propagate(graph, work):
    """Apply what clues, dots, colours and the single loop force until nothing changes;
    False on a contradiction (the undo clears what is left queued)."""
    edge_dots, clues = graph[0], graph[8]
    face_ptr, face_edges, dot_ptr, dot_edges = graph[2], graph[3], graph[4], graph[5]
    state, face_yes, face_no, dot_yes, dot_no = work[0], work[1], work[2], work[3], work[4]
    partner, length, counters, queue, queued = work[5], work[6], work[8], work[9], work[10]
    pending, values = work[15], work[16]
    n_faces = face_yes.shape[0]
    while True:
        if counters[_PENDING] > 0:
            counters[_PENDING] -= 1
            top = counters[_PENDING]
            if not _set(pending[top], values[top], graph, work):
                return False
            continue
        if counters[_HEAD] >= counters[_TAIL]:
            break
        item = queue[counters[_HEAD] % queue.shape[0]]
        counters[_HEAD] += 1
        queued[item] = False
        if item < n_faces:
            clue = clues[item]
            if clue < 0:
                continue
            order = face_ptr[item + 1] - face_ptr[item]
            yes, unknown = face_yes[item], order - face_yes[item] - face_no[item]
            if yes > clue or yes + unknown < clue:
                return False
            if unknown > 0 and (yes == clue or yes + unknown == clue):
                value = NO if yes == clue else YES
                if not _set_all(face_ptr, face_edges, item, UNKNOWN, value, graph, work):
                    return False
            continue
        d = item - n_faces
        order = dot_ptr[d + 1] - dot_ptr[d]
        yes, unknown = dot_yes[d], order - dot_yes[d] - dot_no[d]
        if yes > 2 or (yes == 1 and unknown == 0):
            return False
        if unknown == 0:
            continue
        if yes == 2 or (yes == 0 and unknown == 1):
            if not _set_all(dot_ptr, dot_edges, d, UNKNOWN, NO, graph, work):
                return False
        elif yes == 1 and unknown == 1:
            if not _set_all(dot_ptr, dot_edges, d, UNKNOWN, YES, graph, work):
                return False
        elif yes == 1 and length[d] < counters[_YES_EDGES]:
            # an edge from this end to the path's other end would close a loop that
            # leaves other YES edges out
            for i in range(dot_ptr[d], dot_ptr[d + 1]):
                e = dot_edges[i]
                closes = edge_dots[e, 0] + edge_dots[e, 1] - d == partner[d]
                if state[e] == UNKNOWN and closes and not _set(e, NO, graph, work):
                    return False
    counters[_TAIL] = 0
    counters[_HEAD] = 0
    return True


@light
def _clues_met(graph, work):
    clues, face_yes = graph[8], work[1]
    met = True
    for f in range(clues.shape[0]):
        met = met and (clues[f] < 0 or face_yes[f] == clues[f])
    return met


@inline
def _fails(e, value, graph, work):
    """Whether setting ``e`` to ``value`` leads by propagation alone to a contradiction
    (a loop closed with a clue unmet is one); everything is undone after."""
    counters = work[8]
    top = counters[_TOP]
    failed = not (_set(e, value, graph, work) and _propagate(graph, work))
    if not failed and counters[_CLOSED_LOOP]:
        failed = not _clues_met(graph, work)
    _undo(top, graph, work)
    return failed


@inline
def _probe(since, graph, work):
    """Try unknown edges both ways: a way that fails at once fixes the edge the other way
    (and both failing is a contradiction), until no trial fixes anything. The first round
    tries every edge when ``since`` is negative, otherwise only those beside a face or dot
    that an edge set since trail entry ``since`` changed; each later round, those beside
    what the round before fixed: elsewhere a trial would mostly fail or hold as before
    (missing one only costs the search a guess)."""
    state, counters = work[0], work[8]
    n_faces = work[1].shape[0]
    near = np.ones(state.shape[0], np.bool_)  # the edges to try this round
    touched = np.zeros(n_faces + work[3].shape[0], np.bool_)
    if since >= 0:
        _touch(since, counters[_TOP], touched, graph, work)
        _near(touched, near, graph)
    changed = True
    while changed and not counters[_CLOSED_LOOP]:
        changed = False
        touched[:] = False
        for e in range(state.shape[0]):
            if state[e] != UNKNOWN or not near[e]:
                continue
            for value in (YES, NO):
                if _fails(e, value, graph, work):
                    top = counters[_TOP]
                    other = NO if value == YES else YES
                    if not (_set(e, other, graph, work) and _propagate(graph, work)):
                        return False
                    _touch(top, counters[_TOP], touched, graph, work)
                    changed = True
                    break
            if counters[_CLOSED_LOOP]:
                break
        _near(touched, near, graph)
    return True


@light
def _touch(start, stop, touched, graph, work):
    """Mark the faces and dots of every edge set at trail entries ``start`` to ``stop``."""
    edge_dots, edge_faces, trail = graph[0], graph[1], work[7]
    n_faces = work[1].shape[0]
    for entry in range(start, stop):
        if trail[entry, 0] == _EDGE:
            fixed = trail[entry, 1]
            for side in range(2):
                if edge_faces[fixed, side] >= 0:
                    touched[edge_faces[fixed, side]] = True
                touched[n_faces + edge_dots[fixed, side]] = True


@light
def _near(touched, near, graph):
    """Mark the edges beside a touched face or dot."""
    edge_dots, edge_faces = graph[0], graph[1]
    n_faces = graph[2].shape[0] - 1
    for e in range(near.shape[0]):
        near[e] = touched[n_faces + edge_dots[e, 0]] or touched[n_faces + edge_dots[e, 1]]
        for side in range(2):
            near[e] = near[e] or (edge_faces[e, side] >= 0 and touched[edge_faces[e, side]])


@light
def _growth(e, value, graph, work):
    """How many trail entries setting ``e`` to ``value`` and propagating makes (-1 when
    it fails); everything is undone after."""
    counters = work[8]
    top = counters[_TOP]
    grown = -1
    if _set(e, value, graph, work) and _propagate(graph, work):
        grown = counters[_TOP] - top
    _undo(top, graph, work)
    return grown


@light
def _lookahead(e, graph, work):
    """How good a guess edge ``e`` is: both ways should settle much (the product of what
    each sets); one way failing outright makes it the best."""
    yes = _growth(e, YES, graph, work)
    no = _growth(e, NO, graph, work)
    if yes < 0 or no < 0:
        return 1 << 40
    return (yes + 1) * (no + 1)


@inline
def _choose(graph, work):
    """The edge to guess next: at the ends of paths with the fewest ways on, the one of
    the first ``LOOKAHEAD`` there that settles most both ways (``_lookahead``); without
    a path, an unknown edge of the clue needing the largest share of its unknown edges;
    -1 when no edge is unknown."""
    face_ptr, face_edges, dot_ptr, dot_edges = graph[2], graph[3], graph[4], graph[5]
    clues = graph[8]
    state, face_yes, face_no, dot_yes, dot_no = work[0], work[1], work[2], work[3], work[4]
    fewest = 1 << 30
    for d in range(dot_ptr.shape[0] - 1):
        if dot_yes[d] == 1:
            fewest = min(fewest, dot_ptr[d + 1] - dot_ptr[d] - dot_yes[d] - dot_no[d])
    best, best_score, looked = -1, -1, 0
    for d in range(dot_ptr.shape[0] - 1):
        if looked >= LOOKAHEAD:
            break
        if dot_yes[d] != 1 or dot_ptr[d + 1] - dot_ptr[d] - dot_yes[d] - dot_no[d] != fewest:
            continue
        for i in range(dot_ptr[d], dot_ptr[d + 1]):
            e = dot_edges[i]
            if state[e] == UNKNOWN and looked < LOOKAHEAD:
                looked += 1
                score = _lookahead(e, graph, work)
                if score > best_score:
                    best, best_score = e, score
    if best >= 0:
        return best
    best_share = -1.0
    for f in range(face_ptr.shape[0] - 1):
        clue = clues[f]
        if clue <= 0:
            continue
        unknown = face_ptr[f + 1] - face_ptr[f] - face_yes[f] - face_no[f]
        needed = clue - face_yes[f]
        if unknown > 0 and needed > 0 and needed / unknown > best_share:
            best_share = needed / unknown
            best = f
    if best >= 0:
        for i in range(face_ptr[best], face_ptr[best + 1]):
            if state[face_edges[i]] == UNKNOWN:
                return face_edges[i]
    for e in range(state.shape[0]):
        if state[e] == UNKNOWN:
            return e
    return -1
