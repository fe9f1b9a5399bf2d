"""The Loopy generator, compiled: a random loop, its clues, and as few of them as deduction
at the level asked for still needs.

1. **The loop** (``grow_loop``): every face is coloured inside or outside, the world beyond
   the grid outside, by growing the two regions from one random face and from the border,
   a face at a time, at random. A face joins a region only when, read around the face
   (across its edges and around its corners), that region's faces form one unbroken run
   that holds an edge: then both regions stay in one piece with no holes and never touch
   at a single dot, so the edges between them are one loop.
2. **The clues**: every face's count of loop edges.
3. **Removal** (``remove_clues``): the clues are taken in a random order, and each is left
   out when the deductions up to the level still solve the puzzle without it. The
   collection re-solves the whole puzzle for each clue (a cost that grows with the square
   of the faces); here each clue is tried on a *window*, the faces a few steps around it,
   whose edges are made unknown while every other edge keeps its value in the loop. That
   trial can be too kind (an edge outside may have been known thanks to the clue), so the
   finished puzzle is solved again whole (``generate_puzzle``), and where that stops, the
   clues left out around what stayed unknown are put back until it solves.
"""

import numpy as np
from numba import literal_unroll

from tilewright.core._rng import below
from tilewright.loopy._deduce_kernels import (
    _CLOSED,
    _CLOSED_LEN,
    _CLUES,
    _CLUES_AT,
    _CORNER_FACE,
    _DIRTY,
    _DOT_CORNERS,
    _DOT_EDGES,
    _DOT_PTR,
    _EDGE_DOTS,
    _EDGE_FACES,
    _FACE_DOTS,
    _FACE_EDGES,
    _FACE_PTR,
    _HEAD,
    _QUEUED,
    _SAT,
    _SM1,
    _STATUS,
    _YES_EDGES,
    INCOMPLETE,
    NO,
    SOLVED,
    UNKNOWN,
    YES,
    _enqueue,
    _mark_end,
    deduce,
    face_yes_by,
    new_work,
    run,
)
from tilewright.loopy._jit import helper, kernel, light

GREY, INSIDE, OUTSIDE = 0, 1, 2
# the solver state's fields (``new_work``), to copy one state onto another
FIELDS = tuple(range(23))
# faces drawn for each one a region takes
TRIES = 6
# statistics kept
ATTEMPTS, TRIALS, LEFT_OUT, PUT_BACK, TOO_EASY = 0, 1, 2, 3, 4


@kernel
def generate_puzzle(graph, level, radius, state, max_attempts, solution, stats):
    """Make a puzzle: its clues are written to ``graph``'s clue array and its loop to
    ``solution`` (1 on the loop). Returns True, or False after ``max_attempts`` loops
    none of which gave a puzzle of exactly ``level``."""
    clues = graph[_CLUES_AT]
    n_faces = clues.shape[0]
    n_edges = graph[_EDGE_DOTS].shape[0]
    lines = np.zeros(n_edges, np.int8)
    full = np.zeros(n_faces, np.int8)
    removed = np.zeros(n_faces, np.int32)
    for _ in range(max_attempts):
        stats[ATTEMPTS] += 1
        grown, colour = grow_loop(graph, state)
        if not grown:
            continue
        _loop_edges(graph, colour, solution)
        _count_clues(graph, solution, full)
        clues[:] = full
        if deduce(graph, level, lines) != SOLVED:
            continue
        n_removed = remove_clues(graph, level, radius, solution, state, removed, stats)
        _repair(graph, level, full, removed, n_removed, stats)
        if level > 0 and deduce(graph, level - 1, lines) == SOLVED:
            stats[TOO_EASY] += 1
            continue
        return True
    return False


@light
def _loop_edges(graph, colour, solution):
    edge_faces = graph[_EDGE_FACES]
    for e in range(edge_faces.shape[0]):
        a = OUTSIDE if edge_faces[e, 0] < 0 else colour[edge_faces[e, 0]]
        b = OUTSIDE if edge_faces[e, 1] < 0 else colour[edge_faces[e, 1]]
        solution[e] = 1 if a != b else 0


@light
def _count_clues(graph, solution, clues):
    face_ptr, face_edges = graph[_FACE_PTR], graph[_FACE_EDGES]
    for f in range(face_ptr.shape[0] - 1):
        count = 0
        for i in range(face_ptr[f], face_ptr[f + 1]):
            count += solution[face_edges[i]]
        clues[f] = count


@helper
def _repair(graph, level, full, removed, n_removed, stats):
    """Make the puzzle solve whole, as the collection's clue-by-clue removal would have it:
    the clues left out, in their order, stay out while the whole puzzle still solves
    without them, and the first one it does not goes back in.

    Which one that is: on a copy of where the whole solve stopped, the clues left out are
    put back one at a time from the last, each only adding deductions to those already
    made (a clue more never takes one away), until the puzzle solves; the clue put back
    last is the one needed. It goes back into the real state too, which then stands where
    a whole solve without the others would stop, and the search repeats from there."""
    clues = graph[_CLUES_AT]
    clues[:] = full
    for i in range(n_removed):
        clues[removed[i]] = -1
    work = new_work(graph, level)
    for item in range(work[14].shape[0]):
        _enqueue(item, work)
    if run(graph, work) == SOLVED:
        return
    trial = new_work(graph, level)
    while True:
        _copy_work(work, trial)
        needed = n_removed - 1
        while True:
            f = removed[needed]
            if not _all_known(f, graph, trial):
                # a clue on a face the deductions have finished adds nothing
                _put_back(f, full[f], graph, trial)
                if run(graph, trial) == SOLVED:
                    break
            needed -= 1
        for i in range(needed, n_removed):
            clues[removed[i]] = -1
        stats[PUT_BACK] += 1
        f = removed[needed]
        for i in range(needed, n_removed - 1):
            removed[i] = removed[i + 1]
        n_removed -= 1
        _put_back(f, full[f], graph, work)
        if run(graph, work) == SOLVED:
            return


@helper
def _copy_work(source, target):
    """Make ``target`` the same solver state as ``source``."""
    for field in literal_unroll(FIELDS):
        target[field][:] = source[field]


@light
def _put_back(f, clue, graph, work):
    """Give face ``f`` its clue again and queue it."""
    _set_clue(f, clue, graph, work)
    work[5][f] = False
    _enqueue(f, work)
    work[16][_STATUS] = INCOMPLETE


# ---------------------------------------------------------------------------- the loop


@helper
def grow_loop(graph, state):
    """Colour every face INSIDE or OUTSIDE so that the edges between the colours form one
    loop. Returns (done, colours): not done when the growth is stuck (a face neither
    region can take)."""
    face_ptr = graph[_FACE_PTR]
    edge_faces = graph[_EDGE_FACES]
    n_faces = face_ptr.shape[0] - 1
    colour = np.zeros(n_faces, np.int8)
    waiting = np.zeros((2, n_faces), np.int32)
    listed = np.zeros((2, n_faces), np.bool_)
    sizes = np.zeros(2, np.int64)
    widest = 0
    for f in range(n_faces):
        widest = max(widest, face_ptr[f + 1] - face_ptr[f])
    ring = np.zeros(widest * 16, np.int32)
    by_edge = np.zeros(widest * 16, np.bool_)
    for e in range(edge_faces.shape[0]):
        if edge_faces[e, 1] < 0:
            _wait(edge_faces[e, 0], OUTSIDE, waiting, listed, sizes)
    first = below(state, n_faces)
    colour[first] = INSIDE
    grey = n_faces - 1
    _wait_around(first, graph, colour, ring, by_edge, waiting, listed, sizes)
    counts = np.zeros(3, np.int64)
    counts[INSIDE] = 1
    while grey > 0:
        # the smaller region grows: left to chance, the outside, growing from the whole
        # border, closed round the inside while it was a few faces
        wanted = INSIDE if counts[INSIDE] <= counts[OUTSIDE] else OUTSIDE
        if sizes[wanted - 1] == 0:
            wanted = 3 - wanted
            if sizes[wanted - 1] == 0:
                return False, colour
        row = wanted - 1
        # of a few faces drawn, the one touching its region along the fewest edges: the
        # region grows in fingers, and the loop winds through the grid as the
        # collection's does (about half the edges on it), not round a blob
        pick = below(state, sizes[row])
        for _ in range(TRIES - 1):
            other = below(state, sizes[row])
            if _touching(waiting[row, other], wanted, graph, colour) < _touching(
                waiting[row, pick], wanted, graph, colour
            ):
                pick = other
        f = waiting[row, pick]
        sizes[row] -= 1
        waiting[row, pick] = waiting[row, sizes[row]]
        listed[row, f] = False
        if colour[f] != GREY or not _can_take(f, wanted, graph, colour, ring, by_edge):
            # looked at again when a face around it changes
            continue
        colour[f] = wanted
        counts[wanted] += 1
        grey -= 1
        _wait_around(f, graph, colour, ring, by_edge, waiting, listed, sizes)
    return True, colour


@light
def _all_known(f, graph, work):
    face_ptr, face_edges, lines = graph[_FACE_PTR], graph[_FACE_EDGES], work[0]
    unknown = 0
    for i in range(face_ptr[f], face_ptr[f + 1]):
        unknown += lines[face_edges[i]] == UNKNOWN
    return unknown == 0


@light
def _touching(f, wanted, graph, colour):
    """How many of face ``f``'s edges it shares with region ``wanted``."""
    face_ptr, face_edges, edge_faces = graph[_FACE_PTR], graph[_FACE_EDGES], graph[_EDGE_FACES]
    count = 0
    for i in range(face_ptr[f], face_ptr[f + 1]):
        e = face_edges[i]
        other = edge_faces[e, 0] + edge_faces[e, 1] - f
        if (OUTSIDE if other < 0 else colour[other]) == wanted:
            count += 1
    return count


@light
def _wait(f, wanted, waiting, listed, sizes):
    row = wanted - 1
    if not listed[row, f]:
        listed[row, f] = True
        waiting[row, sizes[row]] = f
        sizes[row] += 1


@light
def _wait_around(f, graph, colour, ring, by_edge, waiting, listed, sizes):
    count = _around(f, graph, ring, by_edge)
    for i in range(count):
        g = ring[i]
        if g >= 0 and colour[g] == GREY:
            _wait(g, INSIDE, waiting, listed, sizes)
            _wait(g, OUTSIDE, waiting, listed, sizes)


@light
def _around(f, graph, ring, by_edge):
    """The faces around face ``f`` in order (-1 for the outside), across its edges and
    around its corners, into ``ring``; ``by_edge`` marks those across an edge."""
    face_ptr, face_edges, face_dots = graph[_FACE_PTR], graph[_FACE_EDGES], graph[_FACE_DOTS]
    dot_ptr, dot_edges, dot_corners = graph[_DOT_PTR], graph[_DOT_EDGES], graph[_DOT_CORNERS]
    corner_face = graph[_CORNER_FACE]
    start = face_ptr[f]
    n = face_ptr[f + 1] - start
    count = 0
    for p in range(n):
        c = start + p
        d = face_dots[c]
        before = face_edges[start + (p - 1) % n]
        low = dot_ptr[d]
        degree = dot_ptr[d + 1] - low
        k = 0
        while dot_corners[low + k] != c:
            k += 1
        # walk away from the edge before this corner, round to the edge after it
        step = -1 if dot_edges[low + k] == before else 1
        for i in range(1, degree):
            at = (k + step * i) % degree
            if count < ring.shape[0]:
                ring[count] = corner_face[dot_corners[low + at]]
                by_edge[count] = i == 1 or i == degree - 1
                count += 1
    return count


@light
def _can_take(f, wanted, graph, colour, ring, by_edge):
    """Whether ``f`` may join region ``wanted``: that region's faces around it form one
    run holding a face across an edge (or surround it)."""
    count = _around(f, graph, ring, by_edge)
    runs = 0
    touches = False
    everywhere = True
    for i in range(count):
        here = OUTSIDE if ring[i] < 0 else colour[ring[i]]
        before = ring[i - 1] if i > 0 else ring[count - 1]
        previous = OUTSIDE if before < 0 else colour[before]
        if here == wanted:
            if previous != wanted:
                runs += 1
            if by_edge[i]:
                touches = True
        else:
            everywhere = False
    return everywhere or (runs == 1 and touches)


# ---------------------------------------------------------------------------- removal


@helper
def remove_clues(graph, level, radius, solution, state, removed, stats):
    """Leave out, in a random order, each clue whose window the deductions still solve
    without it (see the module's notes); they go to ``removed``, in order, and their
    count is returned."""
    clues = graph[_CLUES_AT]
    n_faces = clues.shape[0]
    n_edges = graph[_EDGE_DOTS].shape[0]
    work = new_work(graph, level)
    position, loop_dots, length = _loop_order(graph, solution)
    _load_solution(graph, work, solution, length)
    order = np.arange(n_faces).astype(np.int32)
    for i in range(n_faces - 1, 0, -1):
        j = below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    window = np.zeros(n_faces, np.int32)
    in_window = np.zeros(n_faces, np.bool_)
    edges = np.zeros(n_edges, np.int32)
    edge_marked = np.zeros(n_edges, np.bool_)
    places = np.zeros(n_edges, np.int64)
    left_before = stats[LEFT_OUT]
    for f in order:
        if clues[f] < 0:
            continue
        n_window = _window(f, radius, graph, window, in_window)
        n_open = 0
        for w in range(n_window):
            face = window[w]
            in_window[face] = False
            for i in range(graph[_FACE_PTR][face], graph[_FACE_PTR][face + 1]):
                e = graph[_FACE_EDGES][i]
                if not edge_marked[e]:
                    edge_marked[e] = True
                    edges[n_open] = e
                    n_open += 1
        for i in range(n_open):
            edge_marked[edges[i]] = False
        stats[TRIALS] += 1
        clue = clues[f]
        _set_clue(f, -1, graph, work)
        _open(edges[:n_open], graph, work, solution, position, loop_dots, length, places)
        solved = run(graph, work) == SOLVED
        _close(edges[:n_open], graph, work, solution, length)
        if solved:
            removed[stats[LEFT_OUT] - left_before] = f
            stats[LEFT_OUT] += 1
        else:
            _set_clue(f, clue, graph, work)
    return stats[LEFT_OUT] - left_before


@light
def _window(f, radius, graph, window, in_window):
    """The faces within ``radius`` steps of ``f`` across edges, into ``window``."""
    face_ptr, face_edges, edge_faces = graph[_FACE_PTR], graph[_FACE_EDGES], graph[_EDGE_FACES]
    window[0] = f
    in_window[f] = True
    count = 1
    begin = 0
    for _ in range(radius):
        end = count
        for w in range(begin, end):
            face = window[w]
            for i in range(face_ptr[face], face_ptr[face + 1]):
                e = face_edges[i]
                other = edge_faces[e, 0] + edge_faces[e, 1] - face
                if other >= 0 and not in_window[other]:
                    in_window[other] = True
                    window[count] = other
                    count += 1
        begin = end
    return count


@helper
def _loop_order(graph, solution):
    """The loop walked once: each loop edge's place on it, the dot each place starts at,
    and the loop's length."""
    edge_dots = graph[_EDGE_DOTS]
    dot_ptr, dot_edges = graph[_DOT_PTR], graph[_DOT_EDGES]
    n_edges = edge_dots.shape[0]
    position = np.full(n_edges, -1, np.int64)
    loop_dots = np.zeros(n_edges + 1, np.int32)
    start = -1
    for e in range(n_edges):
        if solution[e]:
            start = e
            break
    length = 0
    e = start
    d = edge_dots[e, 0]
    while position[e] < 0:
        position[e] = length
        loop_dots[length] = d
        length += 1
        d = edge_dots[e, 0] + edge_dots[e, 1] - d
        for k in range(dot_ptr[d], dot_ptr[d + 1]):
            nxt = dot_edges[k]
            if solution[nxt] and nxt != e:
                e = nxt
                break
    return position, loop_dots, length


@light
def _load_solution(graph, work, solution, length):
    """Make ``work`` the solved state: every edge at its loop value, counts to match."""
    edge_dots, edge_faces, clues = graph[_EDGE_DOTS], graph[_EDGE_FACES], graph[_CLUES_AT]
    lines, counters = work[0], work[16]
    for e in range(edge_dots.shape[0]):
        value = YES if solution[e] else NO
        lines[e] = value
        for side in range(2):
            f = edge_faces[e, side]
            if f >= 0:
                if value == YES:
                    work[1][f] += 1
                else:
                    work[2][f] += 1
            if value == YES:
                work[3][edge_dots[e, side]] += 1
            else:
                work[4][edge_dots[e, side]] += 1
    counters[_YES_EDGES] = length
    counters[_CLOSED] = 1
    counters[_CLOSED_LEN] = length
    counters[_SAT] = 0
    counters[_SM1] = 0
    counters[_CLUES] = 0
    for f in range(clues.shape[0]):
        if clues[f] >= 0:
            counters[_CLUES] += 1
            if work[1][f] == clues[f]:
                counters[_SAT] += 1
            elif work[1][f] == clues[f] - 1:
                counters[_SM1] += 1


@light
def _set_clue(f, clue, graph, work):
    """Give face ``f`` the clue ``clue`` (-1: none), keeping the clue counts."""
    clues, counters = graph[_CLUES_AT], work[16]
    old = clues[f]
    yes = work[1][f]
    if old >= 0:
        counters[_CLUES] -= 1
        if yes == old:
            counters[_SAT] -= 1
        elif yes == old - 1:
            counters[_SM1] -= 1
    clues[f] = clue
    if clue >= 0:
        counters[_CLUES] += 1
        if yes == clue:
            counters[_SAT] += 1
        elif yes == clue - 1:
            counters[_SM1] += 1


@helper
def _open(edges, graph, work, solution, position, loop_dots, length, places):
    """Make ``edges`` unknown, with what the deductions had of them forgotten, and the
    loop's remaining pieces as paths whose ends know each other; queue what they touch."""
    edge_dots, edge_faces, clues = graph[_EDGE_DOTS], graph[_EDGE_FACES], graph[_CLUES_AT]
    dot_ptr, dot_corners = graph[_DOT_PTR], graph[_DOT_CORNERS]
    lines, counters = work[0], work[16]
    n_faces = clues.shape[0]
    n_yes = 0
    for e in edges:
        was_yes = lines[e] == YES
        _unset(e, graph, work)
        work[8][e] = e
        work[9][e] = 0
        work[10][e] = 1
        work[11][e] = e
        for side in range(2):
            f = edge_faces[e, side]
            if f >= 0:
                work[5][f] = False
                _enqueue(f, work)
            d = edge_dots[e, side]
            work[6][d] = False
            work[12][d] = d
            work[13][d] = 0
            for k in range(dot_ptr[d], dot_ptr[d + 1]):
                work[7][dot_corners[k]] = 0
            _enqueue(n_faces + d, work)
        if was_yes:
            n_yes += 1
    counters[_STATUS] = INCOMPLETE
    if n_yes == 0:
        return
    counters[_CLOSED] = 0
    # the loop's places left out, in order: the pieces between them are paths
    places = places[:n_yes]
    i = 0
    for e in edges:
        if solution[e]:
            places[i] = position[e]
            i += 1
    places.sort()
    for i in range(n_yes):
        here = places[i]
        after = places[(i + 1) % n_yes]
        gap = (after - here - 1) % length
        if n_yes == 1:
            gap = length - 1
        if gap == 0:
            continue
        a = loop_dots[(here + 1) % length]
        b = loop_dots[after]
        work[12][a] = b
        work[12][b] = a
        work[13][a] = gap
        work[13][b] = gap
        _mark_end(a, work)
        _mark_end(b, work)


@light
def _close(edges, graph, work, solution, length):
    """Put ``edges`` back to their loop values after a trial, whatever it reached."""
    edge_dots, edge_faces = graph[_EDGE_DOTS], graph[_EDGE_FACES]
    lines, counters, queue, queued = work[0], work[16], work[14], work[15]
    # what a trial stopped early left queued or marked
    while counters[_QUEUED] > 0:
        head = counters[_HEAD]
        queued[queue[head]] = False
        counters[_HEAD] = head + 1 if head + 1 < queue.shape[0] else 0
        counters[_QUEUED] -= 1
    for i in range(counters[_DIRTY]):
        work[18][work[17][i]] = False
    counters[_DIRTY] = 0
    for e in edges:
        value = YES if solution[e] else NO
        if lines[e] == value:
            continue
        if lines[e] != UNKNOWN:
            _unset(e, graph, work)
        lines[e] = value
        for side in range(2):
            f = edge_faces[e, side]
            if f >= 0:
                if value == YES:
                    face_yes_by(f, 1, graph, work)
                else:
                    work[2][f] += 1
            if value == YES:
                work[3][edge_dots[e, side]] += 1
            else:
                work[4][edge_dots[e, side]] += 1
        if value == YES:
            counters[_YES_EDGES] += 1
    counters[_CLOSED] = 1
    counters[_CLOSED_LEN] = length
    counters[_STATUS] = INCOMPLETE


@light
def _unset(e, graph, work):
    """Take back a value a trial gave edge ``e`` (only a trial that failed gives a wrong
    one, or gives values its window did not open)."""
    edge_dots, edge_faces = graph[_EDGE_DOTS], graph[_EDGE_FACES]
    was_yes = work[0][e] == YES
    work[0][e] = UNKNOWN
    for side in range(2):
        f = edge_faces[e, side]
        if f >= 0:
            if was_yes:
                face_yes_by(f, -1, graph, work)
            else:
                work[2][f] -= 1
        if was_yes:
            work[3][edge_dots[e, side]] -= 1
        else:
            work[4][edge_dots[e, side]] -= 1
    if was_yes:
        work[16][_YES_EDGES] -= 1
