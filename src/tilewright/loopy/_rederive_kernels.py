"""Clue removal over the whole grid, compiled: each clue tried by deleting what depends on
it and deriving again (DRed, "delete and re-derive", from the maintenance of views
in deductive databases).

The collection's greedy tries each clue by solving the whole puzzle again without it,
a cost that grows with the square of the faces. The same answer comes cheaper from what
the puzzle with the clue already deduces. The deductions only add facts (an edge's
value, a dline's bit), and each fact is stamped with when it was made and where: the
face or dot whose rules made it, or the loop rule with the stretch of the solution loop
it judged (``_deduce_kernels.new_work``'s recording). A fact made at a face or dot can
have used only what those rules read there (the edges at the face's or dot's dots, the
bits of its corners) made before it; one made by the loop rule, the path it closed and
a YES edge off it. So the facts that may depend on the clue tried are found going
forward from the facts its face made (``_cone``): every other fact follows without it.
Those are deleted, the rules run again from where they were deleted, and the clue is
left out when the puzzle comes out solved, exactly when a solve from nothing without it
would (the deductions reach the same point in any order). Else the deletions and what
was derived since are taken back.

A trial costs about the facts it deletes, not the grid (at 40x40, 4 % of the edges on
average on Penrose rhombs, where the whole solve costs all of them), so the collection's
own clue counts come at about the price of a window around each clue
(``_generate_kernels``). Where a clue's facts run past ``budget`` (long chains of Easy
deductions on a large grid), the clue is kept untried, which can only keep one clue too
many.

The puzzle being tried always solves, so its state holds the whole solution loop: every
edge on it YES. A trial deletes some of those, and the paths left are the stretches
between them (``_cut_paths``).
"""

import numpy as np

from tilewright.loopy._deduce_kernels import (
    _CLOSED,
    _CLOSED_LEN,
    _CLUES_AT,
    _CORNER_DOT,
    _CORNER_FACE,
    _DIRTY,
    _DOT_CORNERS,
    _DOT_EDGES,
    _DOT_PTR,
    _EDGE_DOTS,
    _EDGE_FACES,
    _FACE_EDGES,
    _FACE_PTR,
    _LOG_LINE,
    _LOGGED,
    _LOGGING,
    _LOOP_LEN,
    _STATUS,
    _YES_EDGES,
    CAUSES,
    CLUE_MET,
    CLUE_NEEDS_ALL,
    DOT_COUNT,
    FACE_DLINES,
    INCOMPLETE,
    LENGTH,
    LOG_OFF,
    LOG_ON,
    LOOP,
    LOOP_SITE,
    MADE,
    RULE,
    SITE,
    SOLVED,
    START,
    UNKNOWN,
    WITNESS,
    YES,
    _enqueue,
    _mark_end,
    face_yes_by,
    new_work,
    run,
    undo,
    unset,
)
from tilewright.loopy._generate_kernels import TRIALS, draw_order, set_clue
from tilewright.loopy._jit import helper, inline, kernel, light

# a threshold no fact's time reaches: the face or dot has lost nothing
NEVER = np.int64(1) << 62
# the scratch's counts
_EDGES, _BITS, _TOUCHED, _STACK, _CUT, _LOOP_FACTS = 0, 1, 2, 3, 4, 5
# a face's or dot's thresholds: for what its rules read of its own edges, of its
# corners' bits, and (a face's one-short rule) of the YES edges at its dots
_OWN, _BITS_READ, _NEAR = 0, 1, 2


@kernel
def start_rederiving(graph, level, state, full, solution):
    """The order the clues are tried in (drawn as ``start_removal`` draws it), and the
    recorded state of the puzzle with every clue (the clue array set to ``full``),
    with the scratch its trials use."""
    order = draw_order(full.shape[0], state)
    graph[_CLUES_AT][:] = full
    n_edges = graph[_EDGE_DOTS].shape[0]
    n_corners = graph[_CORNER_FACE].shape[0]
    # a trial sets each edge once at most, with a path's two ends, and each bit once
    work = new_work(graph, level, 6 * n_edges + 2 * n_corners + 16, True)
    scratch = _new_scratch(graph)
    _place_loop(graph, solution, work, scratch[13])
    for item in range(work[14].shape[0]):
        _enqueue(item, work)
    run(graph, work)
    sizes, listed, facts = scratch[14], scratch[12], scratch[11]
    for e in range(n_edges):
        if work[0][e] != UNKNOWN and work[27][e, SITE] == LOOP_SITE:
            listed[e] = True
            facts[sizes[_LOOP_FACTS]] = e
            sizes[_LOOP_FACTS] += 1
    return order, work, scratch


@helper
def _new_scratch(graph):
    n_edges = graph[_EDGE_DOTS].shape[0]
    n_items = graph[_FACE_PTR].shape[0] - 1 + graph[_DOT_PTR].shape[0] - 1
    n_corners = graph[_CORNER_FACE].shape[0]
    return (
        np.full((3, n_items), NEVER, np.int64),  # 0 each face's and dot's thresholds
        np.zeros(n_items, np.bool_),  # 1 waiting on the stack
        np.zeros(n_items, np.int32),  # 2 the stack
        np.zeros(n_items, np.int32),  # 3 faces and dots given a threshold, listed
        np.zeros(n_edges, np.bool_),  # 4 edges in the cone
        np.zeros(n_edges, np.int32),  # 5 ... listed
        np.zeros((n_edges, 7), np.int64),  # 6 ... their record, and value (column 6)
        np.zeros((n_corners, 2), np.bool_),  # 7 bits in the cone
        np.zeros(2 * n_corners, np.int32),  # 8 ... listed (corner * 2 + which)
        np.zeros((2 * n_corners, 2), np.int64),  # 9 ... their time and site
        np.zeros(n_edges, np.int32),  # 10 places of the cone's YES edges
        np.zeros(n_edges, np.int32),  # 11 edges the loop rule set
        np.zeros(n_edges, np.bool_),  # 12 ... listed
        np.zeros(n_edges + 1, np.int32),  # 13 the dot before each place on the loop
        np.zeros(8, np.int64),  # 14 counts (``_EDGES`` ...)
        np.zeros(n_items, np.bool_),  # 15 ... marked
    )


@helper
def _place_loop(graph, solution, work, dot_at):
    """Number the solution loop's edges in order around it (``work``'s field 29): the
    edge at place p joins ``dot_at[p]`` and ``dot_at[p + 1]``."""
    edge_dots, dot_ptr, dot_edges = graph[_EDGE_DOTS], graph[_DOT_PTR], graph[_DOT_EDGES]
    place, at_place = work[29][0], work[29][1]
    first = 0
    while solution[first] == 0:
        first += 1
    e = first
    d = edge_dots[e, 0]
    p = 0
    while True:
        place[e] = p
        at_place[p] = e
        dot_at[p] = d
        p += 1
        d = edge_dots[e, 0] + edge_dots[e, 1] - d
        following = e
        for k in range(dot_ptr[d], dot_ptr[d + 1]):
            if solution[dot_edges[k]] and dot_edges[k] != e:
                following = dot_edges[k]
        e = following
        if e == first:
            break
    dot_at[p] = dot_at[0]
    work[16][_LOOP_LEN] = p


@kernel
def remove_rederiving(
    graph, full, order, start, stop, work, scratch, budget, removed, n_removed, stats
):
    """Try the clues ``order[start:stop]`` on the state of the puzzle as it stands
    (see the module's notes): those left out are added to ``removed`` after its first
    ``n_removed``. Returns the count of clues left out so far."""
    before = np.zeros(work[16].shape[0], np.int64)
    for at in range(start, stop):
        f = order[at]
        stats[TRIALS] += 1
        if _cone(f, graph, work, scratch, budget):
            _delete(f, graph, work, scratch, before)
            if run(graph, work) == SOLVED:
                work[16][_LOGGING] = LOG_OFF
                _list_loop_facts(work, scratch)
                removed[n_removed] = f
                n_removed += 1
            else:
                undo(graph, work, before)
                _restore(f, full[f], graph, work, scratch)
        _clear(scratch)
    return n_removed


# ---------------------------------------------------------------------------- the cone


@light
def _cone(f, graph, work, scratch, budget):
    """Gather into the scratch the facts that may depend on face ``f``'s clue: those its
    rules made, and going forward, every fact made by a rule that reads one of those,
    after it was made. False when they are more than ``budget`` (then they are not all
    gathered)."""
    n_faces = graph[_FACE_PTR].shape[0] - 1
    waiting, stack, sizes = scratch[1], scratch[2], scratch[14]
    for row in (_OWN, _BITS_READ, _NEAR):
        _lower(row, f, -1, scratch)
    while True:
        while sizes[_STACK] > 0:
            sizes[_STACK] -= 1
            item = stack[sizes[_STACK]]
            waiting[item] = False
            if item < n_faces:
                _gather_face(item, graph, work, scratch)
            else:
                _gather_dot(item, graph, work, scratch)
            if sizes[_EDGES] + sizes[_BITS] > budget:
                return False
        if not _gather_loop_facts(graph, work, scratch):
            return True


@inline
def _gather_face(f, graph, work, scratch):
    """The facts face ``f``'s rules made after what they read left the cone: its edges
    (a met or needy clue reads the face's own edges; one short, the YES edges at its
    dots too; the dline bounds, its corners' bits) and its corners' bits."""
    face_ptr, face_edges, threshold = graph[_FACE_PTR], graph[_FACE_EDGES], scratch[0]
    own = threshold[_OWN, f]
    with_bits = min(own, threshold[_BITS_READ, f])
    for i in range(face_ptr[f], face_ptr[f + 1]):
        e = face_edges[i]
        rule = work[27][e, RULE]
        after = own
        if rule == FACE_DLINES:
            after = with_bits
        elif rule != CLUE_MET and rule != CLUE_NEEDS_ALL:
            after = min(with_bits, threshold[_NEAR, f])
        _gather_edge(e, f, after, graph, work, scratch)
        _gather_bits(i, f, with_bits, graph, work, scratch)


@inline
def _gather_dot(item, graph, work, scratch):
    """The facts dot ``item``'s rules made after what they read left the cone: its edges
    (counting reads its edges; the dline rules, its corners' bits too) and its
    corners' bits."""
    dot_ptr, dot_edges, dot_corners = graph[_DOT_PTR], graph[_DOT_EDGES], graph[_DOT_CORNERS]
    threshold = scratch[0]
    d = item - (graph[_FACE_PTR].shape[0] - 1)
    own = threshold[_OWN, item]
    with_bits = min(own, threshold[_BITS_READ, item])
    for k in range(dot_ptr[d], dot_ptr[d + 1]):
        e = dot_edges[k]
        after = own if work[27][e, RULE] == DOT_COUNT else with_bits
        _gather_edge(e, item, after, graph, work, scratch)
        _gather_bits(dot_corners[k], item, with_bits, graph, work, scratch)


@inline
def _gather_edge(e, site, after, graph, work, scratch):
    if (
        work[0][e] != UNKNOWN
        and work[27][e, SITE] == site
        and work[27][e, MADE] > after
        and not scratch[4][e]
    ):
        _take_edge(e, graph, work, scratch)


@inline
def _gather_bits(corner, site, after, graph, work, scratch):
    for which in range(2):
        if (
            work[7][corner] & (1 << which)
            and work[28][corner, which, SITE] == site
            and work[28][corner, which, MADE] > after
            and not scratch[7][corner, which]
        ):
            sizes = scratch[14]
            scratch[7][corner, which] = True
            scratch[8][sizes[_BITS]] = corner * 2 + which
            sizes[_BITS] += 1
            made = work[28][corner, which, MADE]
            face = graph[_CORNER_FACE][corner]
            if face >= 0:
                _lower(_BITS_READ, face, made, scratch)
            n_faces = graph[_FACE_PTR].shape[0] - 1
            _lower(_BITS_READ, n_faces + graph[_CORNER_DOT][corner], made, scratch)


@inline
def _take_edge(e, graph, work, scratch):
    """Edge ``e``'s value joins the cone: whatever reads it after it was made may
    depend on it (its faces and dots; if YES, the faces at its dots, for one short)."""
    sizes = scratch[14]
    scratch[4][e] = True
    scratch[5][sizes[_EDGES]] = e
    sizes[_EDGES] += 1
    made = work[27][e, MADE]
    n_faces = graph[_FACE_PTR].shape[0] - 1
    for side in range(2):
        face = graph[_EDGE_FACES][e, side]
        if face >= 0:
            _lower(_OWN, face, made, scratch)
        _lower(_OWN, n_faces + graph[_EDGE_DOTS][e, side], made, scratch)
    if work[0][e] != YES:
        return
    scratch[10][sizes[_CUT]] = work[29][0][e]
    sizes[_CUT] += 1
    dot_ptr, dot_corners, corner_face = graph[_DOT_PTR], graph[_DOT_CORNERS], graph[_CORNER_FACE]
    for side in range(2):
        d = graph[_EDGE_DOTS][e, side]
        for k in range(dot_ptr[d], dot_ptr[d + 1]):
            face = corner_face[dot_corners[k]]
            if face >= 0:
                _lower(_NEAR, face, made, scratch)


@inline
def _lower(row, item, after, scratch):
    """What face or dot ``item``'s rules that read ``row`` made after time ``after``
    joins the cone."""
    threshold, waiting, sizes = scratch[0], scratch[1], scratch[14]
    if after >= threshold[row, item]:
        return
    if not scratch[15][item]:
        scratch[15][item] = True
        scratch[3][sizes[_TOUCHED]] = item
        sizes[_TOUCHED] += 1
    threshold[row, item] = after
    if not waiting[item]:
        waiting[item] = True
        scratch[2][sizes[_STACK]] = item
        sizes[_STACK] += 1


@light
def _gather_loop_facts(graph, work, scratch):
    """The loop rule's facts whose path holds a YES edge of the cone, whose YES edge off
    the path is in it, or that the clues decided (any clue may be the one). True when
    one joined."""
    sizes, facts, listed, cut = scratch[14], scratch[11], scratch[12], scratch[10]
    in_cone, facts_made = scratch[4], work[27]
    n_cut = sizes[_CUT]
    _sort(cut, n_cut)
    loop_len = work[16][_LOOP_LEN]
    joined = False
    i = 0
    while i < sizes[_LOOP_FACTS]:
        e = facts[i]
        if work[0][e] == UNKNOWN or facts_made[e, SITE] != LOOP_SITE:
            # set again since by another rule, or not at all: off the list
            listed[e] = False
            sizes[_LOOP_FACTS] -= 1
            facts[i] = facts[sizes[_LOOP_FACTS]]
            continue
        i += 1
        if in_cone[e]:
            continue
        witness = facts_made[e, WITNESS]
        if (
            witness < 0
            or in_cone[witness]
            or _holds_cut(facts_made[e, START], facts_made[e, LENGTH], cut, n_cut, loop_len)
        ):
            _take_edge(e, graph, work, scratch)
            joined = True
    return joined


@light
def _holds_cut(start, length, cut, n_cut, loop_len):
    """Whether places ``start`` to ``start + length - 1`` (round the loop) hold one of
    the sorted ``cut[:n_cut]``."""
    if n_cut == 0:
        return False
    # the first cut at or after start
    low, high = 0, n_cut
    while low < high:
        middle = (low + high) // 2
        if cut[middle] < start:
            low = middle + 1
        else:
            high = middle
    i = low
    if i < n_cut and cut[i] < start + length:
        return True
    return start + length > loop_len and cut[0] < start + length - loop_len


@light
def _sort(values, n):
    """Sort ``values[:n]`` in place (a heap sort: nothing allocated)."""
    for top in range(n // 2 - 1, -1, -1):
        _sift(values, top, n)
    for end in range(n - 1, 0, -1):
        values[0], values[end] = values[end], values[0]
        _sift(values, 0, end)


@light
def _sift(values, top, n):
    while True:
        child = 2 * top + 1
        if child >= n:
            return
        if child + 1 < n and values[child + 1] > values[child]:
            child += 1
        if values[top] >= values[child]:
            return
        values[top], values[child] = values[child], values[top]
        top = child


@light
def _clear(scratch):
    sizes = scratch[14]
    for i in range(sizes[_TOUCHED]):
        item = scratch[3][i]
        for row in range(3):
            scratch[0][row, item] = NEVER
        scratch[1][item] = False
        scratch[15][item] = False
    for i in range(sizes[_EDGES]):
        scratch[4][scratch[5][i]] = False
    for i in range(sizes[_BITS]):
        code = scratch[8][i]
        scratch[7][code >> 1, code & 1] = False
    for count in (_EDGES, _BITS, _TOUCHED, _STACK, _CUT):
        sizes[count] = 0


# ---------------------------------------------------------------------------- a trial


@light
def _delete(f, graph, work, scratch, before):
    """Delete the cone's facts and face ``f``'s clue, noting what they were, leave the
    paths the stretches between the YES edges deleted, and queue the faces and dots that
    could make a deleted fact again; ``before`` gets the counters to take a failed trial
    back to."""
    counters, lines, sizes = work[16], work[0], scratch[14]
    edge_dots, edge_faces = graph[_EDGE_DOTS], graph[_EDGE_FACES]
    # a solve that ended solved leaves path ends listed for a loop rule that never ran
    for i in range(counters[_DIRTY]):
        work[18][work[17][i]] = False
    counters[_DIRTY] = 0
    counters[_STATUS] = INCOMPLETE
    saved = scratch[6]
    for i in range(sizes[_EDGES]):
        e = scratch[5][i]
        saved[i, 6] = lines[e]
        for j in range(6):
            saved[i, j] = work[27][e, j]
        unset(e, graph, work)
        for side in range(2):
            if edge_faces[e, side] >= 0:
                work[5][edge_faces[e, side]] = False
            work[6][edge_dots[e, side]] = False
    for i in range(sizes[_BITS]):
        code = scratch[8][i]
        corner, which = code >> 1, code & 1
        for j in range(2):
            scratch[9][i, j] = work[28][corner, which, j]
        work[7][corner] &= ~(1 << which)
    set_clue(f, -1, graph, work)
    if sizes[_CUT] > 0:
        _cut_paths(work, scratch)
    for i in range(counters.shape[0]):
        before[i] = counters[i]
    counters[_LOGGING] = LOG_ON
    counters[_LOGGED] = 0
    _requeue(f, graph, work, scratch)


@light
def _cut_paths(work, scratch):
    """The paths once the cone's YES edges are gone from the whole loop: the stretches
    between them, each end the other's partner (a dot between two deleted edges is an
    end of none)."""
    counters, sizes, cut, dot_at = work[16], scratch[14], scratch[10], scratch[13]
    partner, length = work[12], work[13]
    loop_len = counters[_LOOP_LEN]
    n_cut = sizes[_CUT]
    # sorted by the cone's last look at the loop rule's facts, which added none
    counters[_CLOSED] = 0
    for i in range(n_cut):
        here = cut[i]
        following = cut[i + 1] if i + 1 < n_cut else cut[0] + loop_len
        first = dot_at[(here + 1) % loop_len]
        last = dot_at[following % loop_len]
        partner[first] = last
        partner[last] = first
        length[first] = following - here - 1
        length[last] = following - here - 1
        if following - here > 1:
            _mark_end(first, work)
            _mark_end(last, work)


@light
def _requeue(f, graph, work, scratch):
    """Queue face ``f`` and the faces and dots whose rules could make a fact deleted
    again: a face or dot that read one but makes none has nothing new to make (the
    rules only add), and what the run sets queues the rest as a solve does."""
    sizes, corner_face = scratch[14], graph[_CORNER_FACE]
    n_faces = graph[_FACE_PTR].shape[0] - 1
    _enqueue(f, work)
    for i in range(sizes[_EDGES]):
        e = scratch[5][i]
        for side in range(2):
            if graph[_EDGE_FACES][e, side] >= 0:
                _enqueue(graph[_EDGE_FACES][e, side], work)
            _enqueue(n_faces + graph[_EDGE_DOTS][e, side], work)
    for i in range(sizes[_BITS]):
        corner = scratch[8][i] >> 1
        if corner_face[corner] >= 0:
            _enqueue(corner_face[corner], work)
        _enqueue(n_faces + graph[_CORNER_DOT][corner], work)


@light
def _restore(f, clue, graph, work, scratch):
    """Put back face ``f``'s clue and the cone's facts as they were (the state having
    been taken back to just after they were deleted)."""
    counters, sizes, saved = work[16], scratch[14], scratch[6]
    set_clue(f, clue, graph, work)
    for i in range(sizes[_EDGES]):
        e = scratch[5][i]
        _put(e, saved[i, 6], graph, work)
        for j in range(6):
            work[27][e, j] = saved[i, j]
    for i in range(sizes[_BITS]):
        code = scratch[8][i]
        corner, which = code >> 1, code & 1
        work[7][corner] |= 1 << which
        for j in range(2):
            work[28][corner, which, j] = scratch[9][i, j]
    if sizes[_CUT] > 0:
        counters[_CLOSED] = 1
        counters[_CLOSED_LEN] = counters[_LOOP_LEN]
    counters[_STATUS] = SOLVED


@inline
def _put(e, value, graph, work):
    """Set edge ``e`` to ``value`` with the counts that follow, and nothing else."""
    work[0][e] = value
    for side in range(2):
        face = graph[_EDGE_FACES][e, side]
        d = graph[_EDGE_DOTS][e, side]
        if value == YES:
            if face >= 0:
                face_yes_by(face, 1, graph, work)
            work[3][d] += 1
        else:
            if face >= 0:
                work[2][face] += 1
            work[4][d] += 1
    if value == YES:
        work[16][_YES_EDGES] += 1


@light
def _list_loop_facts(work, scratch):
    """Put on the list of the loop rule's facts those the trial made (from its log)."""
    log, sizes, listed, facts = work[23], scratch[14], scratch[12], scratch[11]
    for i in range(work[16][_LOGGED]):
        if log[i, 0] == _LOG_LINE and log[i, 2] % CAUSES == LOOP:
            e = log[i, 1]
            if not listed[e]:
                listed[e] = True
                facts[sizes[_LOOP_FACTS]] = e
                sizes[_LOOP_FACTS] += 1
