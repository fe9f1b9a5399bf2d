"""The Loopy generator, compiled: a random loop, its clues, and as few of them as deduction
at the level asked for still needs.

1. **The loop** (``grow_loop``): every face is coloured inside or outside, the world beyond
   the grid outside, by growing the two regions from one random face and from the border,
   a face at a time, at random. A face joins a region only when, read around the face
   (across its edges and around its corners), that region's faces form one unbroken run
   that holds an edge: then both regions stay in one piece with no holes and never touch
   at a single dot, so the edges between them are one loop.
2. **The clues**: every face's count of loop edges.
3. **Removal** (``start_removal``, ``remove_some``): the clues are taken in a random
   order, and each is left out when the deductions up to the level still solve the puzzle
   without it. The collection re-solves the whole puzzle for each clue (a cost that grows
   with the square of the faces). Here a state is kept of what the clues kept so far
   deduce, and each clue is tried on a *window*, the faces nearest it: the window's clues
   not yet tried are added to that state, deductions run inside the window only, and the
   clue is left out when its own edges come out settled. Every fact so found follows from
   clues the puzzle will still have without it, and once a clue's edges are known it can
   add nothing, so a clue left out is never one the whole puzzle needs: the trial can keep
   too many, never too few. The window starts small and doubles while the clue's edges
   stay open (what it found stands, and what its fence held back is queued), so a clue
   let out costs about the window that settled it, and one kept the widest. The trial's
   changes are then taken back from the deductions' undo log (``_deduce_kernels.undo``),
   at a cost of what it changed, not of the grid; a clue kept goes into the state for
   good. A window of the whole grid makes this exactly
   the collection's greedy; smaller ones keep a few more clues (``generator.window_faces``
   picks the size). Below Hard, on grids of up to ``generator.REDERIVE_FACES`` faces, the
   clues are tried by ``_rederive_kernels`` instead, each decided as a whole solve is.
4. **The check** (``finish_puzzle``): the finished puzzle is solved again whole, and
   should that ever stop short (the loop rule's bookkeeping differs a little between a
   window and the whole), the clues left out are put back, as the collection's greedy
   would have them, until it solves (``_repair``).
"""

import numpy as np
from numba import literal_unroll

from tilewright.core._rng import below
from tilewright.loopy._deduce_kernels import (
    _CLUES,
    _CLUES_AT,
    _CORNER_FACE,
    _DOT_CORNERS,
    _DOT_EDGES,
    _DOT_PTR,
    _EDGE_DOTS,
    _EDGE_FACES,
    _FACE_DOTS,
    _FACE_EDGES,
    _FACE_PTR,
    _FENCE,
    _FENCE_COUNT,
    _HELD,
    _LOGGED,
    _LOGGING,
    _PARTIAL,
    _SAT,
    _SM1,
    _STATUS,
    _TARGET,
    INCOMPLETE,
    LOG_FULL,
    LOG_ON,
    SOLVED,
    UNKNOWN,
    _enqueue,
    deduce,
    new_work,
    run,
    undo,
)
from tilewright.loopy._jit import helper, kernel, light

GREY, INSIDE, OUTSIDE = 0, 1, 2
# the solver state's fields (``new_work``), to copy one state onto another
FIELDS = tuple(range(26))
# changes a clue's trial may make before it cannot be taken back (and the state is
# deduced again from the clues kept)
LOG_SIZE = 1 << 16
# the faces a clue is tried on first, and how much wider each window is than the last,
# up to the window the generator asks for
FIRST_WINDOW = 40
WIDER = 2
# faces drawn for each one a region takes
TRIES = 6
# reshapes of a loop whose every clue the deductions do not solve, before a new loop;
# faces by a stuck edge drawn for each
RESHAPES = 64
RESHAPE_TRIES = 16
OPEN_EDGES_A_FLIP = 16
# statistics kept (trials: clues tried on a first window, and again on wider ones)
ATTEMPTS, TRIALS, LEFT_OUT, PUT_BACK, TOO_EASY = 0, 1, 2, 3, 4


@kernel
def draw_loop(graph, level, state, solution, full, stats):
    """Draw a random loop into ``solution`` (1 on the loop) and its clues into ``full``
    and the clue array. False when the growth stuck, or the level's deductions do not
    solve even the puzzle with every clue, however the loop is reshaped where they stop.

    Why reshape: on some grids (kagome, compass-dodecagonal) a large loop almost always
    passes somewhere its every clue leaves open (two loops give the same counts there),
    so a new loop would fail as often; a face next to where the deductions stopped
    changes sides instead (only where both sides stay one piece, so the loop stays one
    loop), and the puzzle is tried again."""
    stats[ATTEMPTS] += 1
    grown, colour = grow_loop(graph, state)
    if not grown:
        return False
    lines = np.zeros(solution.shape[0], np.int8)
    stuck = np.zeros(solution.shape[0], np.int32)
    widest = 0
    face_ptr = graph[_FACE_PTR]
    for f in range(face_ptr.shape[0] - 1):
        widest = max(widest, face_ptr[f + 1] - face_ptr[f])
    ring = np.zeros(widest * 16, np.int32)
    by_edge = np.zeros(widest * 16, np.bool_)
    for _ in range(RESHAPES + 1):
        _loop_edges(graph, colour, solution)
        _count_clues(graph, solution, full)
        graph[_CLUES_AT][:] = full
        if deduce(graph, level, lines) == SOLVED:
            return True
        n_stuck = 0
        for e in range(lines.shape[0]):
            if lines[e] == UNKNOWN:
                stuck[n_stuck] = e
                n_stuck += 1
        # a face a few open edges: a large grid has many places open at once
        for _ in range(max(1, n_stuck // OPEN_EDGES_A_FLIP)):
            for _ in range(RESHAPE_TRIES):
                e = stuck[below(state, n_stuck)]
                f = graph[_EDGE_FACES][e, below(state, 2)]
                if f >= 0 and _can_flip(f, graph, colour, ring, by_edge):
                    colour[f] = INSIDE + OUTSIDE - colour[f]
                    break
    return False


@light
def _can_flip(f, graph, colour, ring, by_edge):
    """Whether face ``f`` may change sides with both regions staying one piece with no
    hole: around it, each side's faces form one run holding a face across an edge."""
    count = _around(f, graph, ring, by_edge)
    runs = 0
    inside = outside = False
    for i in range(count):
        here = OUTSIDE if ring[i] < 0 else colour[ring[i]]
        before = ring[i - 1] if i > 0 else ring[count - 1]
        if here != (OUTSIDE if before < 0 else colour[before]):
            runs += 1
        if by_edge[i]:
            inside |= here == INSIDE
            outside |= here == OUTSIDE
    # two runs, one a side (so neither side vanishes), each across an edge
    return runs == 2 and inside and outside


@kernel
def start_removal(graph, level, state):
    """The order the clues are tried in, drawn, and the state of no clue kept yet (the
    clue array emptied to match)."""
    clues = graph[_CLUES_AT]
    order = draw_order(clues.shape[0], state)
    clues[:] = -1
    return order, _deduced(graph, level)


@helper
def draw_order(n_faces, state):
    """The faces in a random order: the order their clues are tried in."""
    order = np.arange(n_faces).astype(np.int32)
    for i in range(n_faces - 1, 0, -1):
        j = below(state, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


@kernel
def remove_some(
    graph, level, window_size, full, order, start, stop, kept, tried, removed, n_removed, stats
):
    """Try the clues ``order[start:stop]`` (see the module's notes): those left out are
    added to ``removed`` after its first ``n_removed``, the others kept (in the clue array
    and ``kept``). Returns the state of the clues kept (a new one when a trial spoilt it)
    and the count of clues left out so far."""
    n_faces = full.shape[0]
    window = np.zeros(n_faces, np.int32)
    in_window = np.zeros(n_faces, np.bool_)
    grown = np.zeros(2, np.int64)
    before = np.zeros(kept[16].shape[0], np.int64)
    sizes = _window_sizes(window_size)
    for at in range(start, stop):
        f = order[at]
        tried[f] = True
        if not _all_known(f, graph, kept):
            done = False
            stage = 0
            while stage < sizes.shape[0] and not done:
                fence = _open_trial(f, kept, before, grown)
                while stage < sizes.shape[0]:
                    # the first window, and the wider ones as one (``TRIALS``)
                    stats[TRIALS] += stage < 2
                    done = _widen_trial(
                        f, sizes[stage], grown, fence, graph, kept, full, tried, window, in_window
                    )
                    stage += 1
                    if done or kept[16][_LOGGING] == LOG_FULL:
                        break
                if not _close_trial(grown, fence, graph, kept, tried, window, in_window, before):
                    # too many changes to take back: a wider window starts afresh
                    kept = _deduced(graph, level)
            if not done:
                _put_back(f, full[f], graph, kept)
                run(graph, kept)
                continue
        removed[n_removed] = f
        n_removed += 1
    return kept, n_removed


@helper
def _window_sizes(largest):
    """The windows a clue is tried on in turn, each widening the last, up to ``largest``
    faces: most clues a small window lets out cost no more, and a clue kept costs about
    what the largest window alone would."""
    count = 1
    size = FIRST_WINDOW
    while size < largest:
        count += 1
        size *= WIDER
    sizes = np.zeros(count, np.int64)
    size = FIRST_WINDOW
    for i in range(count - 1):
        sizes[i] = size
        size *= WIDER
    sizes[count - 1] = largest
    return sizes


@kernel
def finish_puzzle(graph, level, full, removed, n_removed, stats):
    """Mend the puzzle whole (``_repair``) and judge it: True when it is of exactly
    ``level`` (the level below does not solve it)."""
    stats[LEFT_OUT] += n_removed
    _repair(graph, level, full, removed, n_removed, stats)
    lines = np.zeros(graph[_EDGE_DOTS].shape[0], np.int8)
    if level > 0 and deduce(graph, level - 1, lines) == SOLVED:
        stats[TOO_EASY] += 1
        return False
    return True


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
    work = new_work(graph, level, 0)
    for item in range(work[14].shape[0]):
        _enqueue(item, work)
    if run(graph, work) == SOLVED:
        return
    trial = new_work(graph, level, 0)
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
    set_clue(f, clue, graph, work)
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


@light
def _open_trial(f, kept, before, grown):
    """Start trying clue ``f`` on ``kept``: its changes are logged (``before`` keeps the
    counters to go back to), its deductions fenced, and it ends once ``f``'s edges are
    known. Returns the fence's number."""
    counters = kept[16]
    for i in range(counters.shape[0]):
        before[i] = counters[i]
    fence = counters[_FENCE_COUNT] + 1
    counters[_FENCE] = fence
    counters[_TARGET] = f
    counters[_LOGGING] = LOG_ON
    counters[_LOGGED] = 0
    counters[_HELD] = 0
    grown[0] = 0
    grown[1] = 0
    return fence


@light
def _widen_trial(f, size, grown, fence, graph, kept, full, tried, window, in_window):
    """Widen the trial of clue ``f`` to the ``size`` faces nearest it, given their clues
    not yet tried, and deduce inside: whether ``f``'s edges come out settled.

    What a narrower window found follows from clues the wider one holds too, so it
    stands; the faces and dots the narrower fence held back are queued now that they
    are inside. The state is closed under the clues kept, so deductions can only start
    there and at the clues the trial adds."""
    clues, face_ptr, face_dots = graph[_CLUES_AT], graph[_FACE_PTR], graph[_FACE_DOTS]
    counters, stamps, held = kept[16], kept[24], kept[25]
    n_faces = clues.shape[0]
    opened = grown[0]
    _window(f, size, graph, window, in_window, grown)
    for w in range(opened, grown[0]):
        face = window[w]
        if not tried[face]:
            set_clue(face, full[face], graph, kept)
        stamps[face] = fence
        for i in range(face_ptr[face], face_ptr[face + 1]):
            stamps[n_faces + face_dots[i]] = fence
    for w in range(opened, grown[0]):
        if not tried[window[w]]:
            _enqueue(window[w], kept)
    still = 0
    for i in range(counters[_HELD]):
        item = held[i]
        if stamps[item] == fence:
            _enqueue(item, kept)
        else:
            held[still] = item
            still += 1
    counters[_HELD] = still
    return run(graph, kept) == SOLVED or _all_known(f, graph, kept)


@light
def _close_trial(grown, fence, graph, kept, tried, window, in_window, before):
    """Take ``kept`` back to where the trial opened and the window's clues out again;
    False when the trial logged too many changes to take back (``kept`` is spoilt)."""
    counters, clues = kept[16], graph[_CLUES_AT]
    undone = counters[_LOGGING] != LOG_FULL
    if undone:
        undo(graph, kept, before)
    for w in range(grown[0]):
        face = window[w]
        in_window[face] = False
        if not tried[face]:
            clues[face] = -1
    counters[_FENCE_COUNT] = fence
    return undone


@helper
def _deduced(graph, level):
    """What the clues in the clue array deduce, as the state ``remove_clues`` keeps."""
    work = new_work(graph, level, LOG_SIZE)
    work[16][_PARTIAL] = 1
    for item in range(work[14].shape[0]):
        _enqueue(item, work)
    run(graph, work)
    return work


@light
def _window(f, size, graph, window, in_window, grown):
    """Grow ``window`` to the ``size`` faces nearest ``f`` across edges (fewer on a
    smaller grid), nearest first: ``grown`` holds how many it has and how many of those
    have had all their neighbours looked at (both 0 to start)."""
    face_ptr, face_edges, edge_faces = graph[_FACE_PTR], graph[_FACE_EDGES], graph[_EDGE_FACES]
    count, at = grown[0], grown[1]
    if count == 0:
        window[0] = f
        in_window[f] = True
        count = 1
    while at < count and count < size:
        face = window[at]
        for i in range(face_ptr[face], face_ptr[face + 1]):
            e = face_edges[i]
            other = edge_faces[e, 0] + edge_faces[e, 1] - face
            if other >= 0 and not in_window[other] and count < size:
                in_window[other] = True
                window[count] = other
                count += 1
        if count < size:
            at += 1
    grown[0] = count
    grown[1] = at


@light
def set_clue(f, clue, graph, work):
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
