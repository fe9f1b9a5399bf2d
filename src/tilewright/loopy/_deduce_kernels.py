"""The Loopy deduction solver, compiled: the puzzle collection's four levels of deduction.

A puzzle "is" Easy, Normal, Tricky or Hard when the deductions of that level, and of the
levels below, solve it, and the collection's levels mean these deductions (its
``loopy.c``, read as the rules they state; ``../shared/reference/loopy.md``):

- **Easy**: a face whose clue is met has its other edges NO, one that needs all its
  unknown edges has them YES, and one that is one NO short of that, with two of its
  unknown edges meeting at a dot that already has a YES edge (so they cannot both be
  YES), has its other unknown edges YES; a dot has 0 or 2 YES edges. An edge that would
  close a loop leaving other YES edges out, or leaving a clue unmet, is NO; when one would
  close a loop that solves the puzzle, the solver stops: it has found *a* solution but
  not proven it the only one (``AMBIGUOUS``).
- **Normal**: facts on *dlines*, the pairs of edges meeting at a corner (a dot and a face,
  or a dot and the outside): "at most one YES" and "at least one YES", taken from the dot
  (a dot with a YES edge and two unknown ones has exactly one more) and given to the face,
  whose bounds on the YES count of every run of its edges then fix single edges.
- **Tricky**: the face gives dline facts back (a run of edges whose complement already
  holds the clue's count less one), and a dot with a dline of at least one YES has at most
  one on every dline apart from it.
- **Hard**: edges known alike or opposite, kept as classes (a union-find with parity):
  from the parity of a face's clue or a dot's count over its last two, three or four
  unknown edges, and from dlines with exactly one YES.

The order deductions are made in differs from the collection's (it sweeps the grid; this
works from a queue of the faces and dots that changed), but each deduction only adds
facts, so the point where none applies is the same, and so is the grade. The loop rule
runs, as there, only when nothing else applies, and judges every edge on the paths as
they stood when it began: whether closing a loop is a second solution depends on when it
is asked. So does whether a puzzle with no solution is found out: a face is counted
against its clue whenever an edge of it is set while some are unknown, as the
collection's sweeps count it, and not once all are known.

Every rule notes, before it sets edges, why (``CAUSES``: the rule and its face or dot),
and the undo log keeps that beside each edge set: ``deduce_explained`` logs only the
edges, in order, which is what ``tilewright.loopy.explain`` tells a person.

How each kernel is compiled (with reference counting or not, merged into its one caller
or not) is ``_jit``'s: it matters here, where the state is two tuples of arrays.

States: 0 unknown, 1 YES, 2 NO. Corners ("dlines") are numbered: a face's corner at its
``i``-th dot is ``face_ptr[f] + i`` (between its edges ``i - 1`` and ``i``), the outside's
corners after them.
"""

import numpy as np
from numba import literal_unroll

from tilewright.loopy._jit import helper, inline, kernel, light

UNKNOWN, YES, NO = 0, 1, 2
EASY, NORMAL, TRICKY, HARD = 0, 1, 2, 3
# how a solve ends
INCOMPLETE, SOLVED, AMBIGUOUS, MISTAKE = 0, 1, 2, 3
# dline bits
AT_LEAST_ONE, AT_MOST_ONE = 1, 2
# counters (the queue: where it is taken from, where added to, how many it holds)
_HEAD, _TAIL, _YES_EDGES, _CLUES, _SAT, _SM1, _CLOSED, _CLOSED_LEN = 0, 1, 2, 3, 4, 5, 6, 7
_STATUS, _DIRTY, _LEVEL, _PENDING, _QUEUED = 8, 9, 10, 11, 12
# the undo log's length and state (off, on, overflowed), the fence deductions are kept
# inside (0: none), and whether the clues are a part of the puzzle's (see ``undo``)
_LOGGED, _LOGGING, _FENCE, _PARTIAL = 13, 14, 15, 16
# a face whose edges, once all known, end the run (-1: none); the last fence used; why the
# edges being set are set (see ``CAUSES``); how many faces and dots the fence held back
_TARGET, _FENCE_COUNT, _CAUSE, _HELD = 17, 18, 19, 20
# the face or dot whose rules run (its item in the queue), the clock the facts are stamped
# with, whether they are (see ``new_work``), and the solution loop's length when known
_ITEM, _CLOCK, _RECORD, _LOOP_LEN = 21, 22, 23, 24
# the log's states: LOG_EDGES logs only the edges set, with their causes, for an
# explanation (``deduce_explained``); the others log every change, for ``undo``
LOG_OFF, LOG_ON, LOG_FULL, LOG_EDGES = 0, 1, 2, 3
# why an edge was set, by the rule and the face or dot it applied at: logged as the old
# value of an edge's entry (always unknown, so ``undo`` needs no room for it) as
# ``where * CAUSES + rule``. CLASS_MEMBER: set with an edge of its class, at Hard.
(
    CLUE_MET,
    CLUE_NEEDS_ALL,
    ONE_SHORT,
    DOT_COUNT,
    LOOP,
    FACE_DLINES,
    DOT_DLINES,
    DOT_ONE_MORE,
    ALIKE_PAIR,
    FACE_PARITY,
    DOT_PARITY,
    CLASS_MEMBER,
) = range(12)
CAUSES = 16
# where a fact is recorded as made when not at a face or dot (the items of the queue):
# by the loop rule, or with an edge of its class
LOOP_SITE, CLASS_SITE = -1, -2
# what is recorded of a fact (``new_work``'s ``record``): when it was made (the clock),
# where (its queue item, or a site above), by which rule (edges only), and for the loop
# rule's, the path it closed (its first place on the solution loop, its length) and a
# YES edge off it (-1: none, and the clues decided)
MADE, SITE, RULE, START, LENGTH, WITNESS = range(6)
# what an undo log entry changed: an edge (from unknown), or a value in one of the arrays
# of the state's fields 7-13 (dline bits, the classes, the paths)
_LOG_LINE = 0
_LOGGED_FIELDS = (7, 8, 9, 10, 11, 12, 13)

# the graph tuple's fields
_EDGE_DOTS, _EDGE_FACES, _FACE_PTR, _FACE_EDGES, _FACE_DOTS = 0, 1, 2, 3, 4
_DOT_PTR, _DOT_EDGES, _DOT_CORNERS, _CORNER_FACE, _CORNER_DOT, _CLUES_AT = 5, 6, 7, 8, 9, 10


@helper
def new_work(graph, level, log_size, record=False):
    """Fresh solver state for ``graph`` at ``level``: every edge unknown, with room to
    log ``log_size`` changes for ``undo``. With ``record``, every fact (an edge's value, a
    dline's bit) is stamped with when and where it was made, and what the loop rule
    sets with the stretch of the solution loop it judged (fields 27-28, columns ``MADE``
    ...; the generator's ``_rederive_kernels`` reads them, and gives the solution loop's
    order, field 29, before the first run): without it those fields hold one entry each."""
    n_edges = graph[_EDGE_DOTS].shape[0]
    n_faces = graph[_FACE_PTR].shape[0] - 1
    n_dots = graph[_DOT_PTR].shape[0] - 1
    n_corners = graph[_CORNER_FACE].shape[0]
    face_ptr = graph[_FACE_PTR]
    widest = 3
    for f in range(n_faces):
        widest = max(widest, face_ptr[f + 1] - face_ptr[f])
    counters = np.zeros(25, np.int64)
    counters[_LEVEL] = level
    counters[_TARGET] = -1
    counters[_RECORD] = record
    kept_edges = n_edges if record else 1
    kept_corners = n_corners if record else 1
    clues = graph[_CLUES_AT]
    for f in range(n_faces):
        if clues[f] >= 0:
            counters[_CLUES] += 1
            if clues[f] == 0:
                counters[_SAT] += 1
            elif clues[f] == 1:
                counters[_SM1] += 1
    return (
        np.zeros(n_edges, np.int8),  # 0 lines
        np.zeros(n_faces, np.int32),  # 1 face YES
        np.zeros(n_faces, np.int32),  # 2 face NO
        np.zeros(n_dots, np.int32),  # 3 dot YES
        np.zeros(n_dots, np.int32),  # 4 dot NO
        np.zeros(n_faces, np.bool_),  # 5 face solved
        np.zeros(n_dots, np.bool_),  # 6 dot solved
        np.zeros(n_corners, np.uint8),  # 7 dline bits
        np.arange(n_edges).astype(np.int32),  # 8 edge class parent
        np.zeros(n_edges, np.int8),  # 9 parity to the parent
        np.ones(n_edges, np.int32),  # 10 class size (at roots)
        np.arange(n_edges).astype(np.int32),  # 11 ring of each class's members
        np.arange(n_dots).astype(np.int32),  # 12 partner: a path end's other end
        np.zeros(n_dots, np.int32),  # 13 length of a path end's path, in edges
        np.zeros(n_faces + n_dots, np.int32),  # 14 queue (a ring)
        np.zeros(n_faces + n_dots, np.bool_),  # 15 queued
        counters,  # 16
        np.zeros(n_dots + 1, np.int32),  # 17 path ends changed since the loop rule ran
        np.zeros(n_dots, np.bool_),  # 18 ... flags
        np.zeros((6, widest + 1), np.int32),  # 19 most YES edges on runs of a face's edges
        np.zeros((6, widest + 1), np.int32),  # 20 fewest
        np.zeros((2 * n_edges + 8, 2), np.int32),  # 21 edges waiting to be set, and values
        np.zeros((3, 4), np.int64),  # 22 a face's or dot's last unknown edges, their classes
        np.zeros((max(log_size, 1), 3), np.int32),  # 23 the undo log: field, index, old value
        np.zeros(n_faces + n_dots, np.int32),  # 24 the fence each face and dot is inside
        np.zeros(n_faces + n_dots, np.int32),  # 25 the faces and dots the fence held back
        np.zeros((n_dots, 2), np.int32),  # 26 the loop rule's edges to set NO, and their ends
        np.zeros((kept_edges, 6), np.int64),  # 27 each edge's fact: see ``MADE`` ...
        np.zeros((kept_corners, 2, 2), np.int64),  # 28 each dline bit's: MADE, SITE
        np.full((2, kept_edges), -1, np.int32),  # 29 places on the loop: of edges, at places
    )


@kernel
def deduce(graph, level, lines_out):
    """Solve from nothing by the deductions up to ``level``; the edge states reached go to
    ``lines_out`` (unknown ones 0; all set when solved). Returns the status."""
    work = new_work(graph, level, 0)
    n_items = work[14].shape[0]
    for item in range(n_items):
        _enqueue(item, work)
    status = run(graph, work)
    lines = work[0]
    for e in range(lines.shape[0]):
        lines_out[e] = lines[e]
        if status == SOLVED and lines[e] == UNKNOWN:
            lines_out[e] = NO
    return status


@kernel
def deduce_explained(graph, level, lines_out):
    """As ``deduce``, and the edges in the order they were set: rows of (edge, cause),
    the cause being ``where * CAUSES + rule`` (see ``CAUSES``). Returns (status, rows)."""
    n_edges = graph[_EDGE_DOTS].shape[0]
    # each edge is set once, and only edges are logged
    work = new_work(graph, level, n_edges)
    work[16][_LOGGING] = LOG_EDGES
    for item in range(work[14].shape[0]):
        _enqueue(item, work)
    status = run(graph, work)
    lines = work[0]
    for e in range(n_edges):
        lines_out[e] = lines[e]
        if status == SOLVED and lines[e] == UNKNOWN:
            lines_out[e] = NO
    return status, work[23][: work[16][_LOGGED], 1:].copy()


@light
def run(graph, work):
    """Deduce until nothing applies or the puzzle is solved, ambiguous or contradictory."""
    counters, face_ptr = work[16], graph[_FACE_PTR]
    n_faces = face_ptr.shape[0] - 1
    queue, queued = work[14], work[15]
    while True:
        while counters[_QUEUED] > 0 and counters[_STATUS] == INCOMPLETE:
            head = counters[_HEAD]
            item = queue[head]
            counters[_HEAD] = head + 1 if head + 1 < queue.shape[0] else 0
            counters[_QUEUED] -= 1
            queued[item] = False
            counters[_ITEM] = item
            if item < n_faces:
                _face_rules(item, graph, work)
            else:
                _dot_rules(item - n_faces, graph, work)
            target = counters[_TARGET]
            if (
                target >= 0
                and work[1][target] + work[2][target] == face_ptr[target + 1] - face_ptr[target]
            ):
                return counters[_STATUS]
        if counters[_STATUS] != INCOMPLETE:
            return counters[_STATUS]
        if not _loop_rule(graph, work):
            return counters[_STATUS]


@light
def _enqueue(item, work):
    queue, queued, counters = work[14], work[15], work[16]
    fence = counters[_FENCE]
    if fence != 0 and work[24][item] != fence:
        # noted, once, for a wider fence to queue (its mark: the fence's number, negated)
        if work[24][item] != -fence:
            work[24][item] = -fence
            work[25][counters[_HELD]] = item
            counters[_HELD] += 1
        return
    if not queued[item]:
        queued[item] = True
        tail = counters[_TAIL]
        queue[tail] = item
        # no item is queued twice, so the ring never overfills
        counters[_TAIL] = tail + 1 if tail + 1 < queue.shape[0] else 0
        counters[_QUEUED] += 1


@light
def find(e, work):
    """The root of edge ``e``'s class and whether ``e`` is opposite to it (compressing the
    path, except while a trial logs its changes: the log then stays short)."""
    parent, parity = work[8], work[9]
    root = e
    flip = 0
    while parent[root] != root:
        flip ^= parity[root]
        root = parent[root]
    if work[16][_LOGGING] != LOG_OFF:
        return root, flip
    # point every edge on the way at the root
    walk = e
    walk_flip = flip
    while parent[walk] != walk:
        above = parent[walk]
        step = parity[walk]
        parent[walk] = root
        parity[walk] = walk_flip
        walk_flip ^= step
        walk = above
    return root, flip


@light
def _log(field, index, old, work):
    """Note, while a trial is logged, that ``work[field][index]`` was ``old`` (while an
    explanation is, only the edges set)."""
    counters = work[16]
    logging = counters[_LOGGING]
    if logging != LOG_ON and (logging != LOG_EDGES or field != _LOG_LINE):
        return
    log = work[23]
    n = counters[_LOGGED]
    if n == log.shape[0]:
        counters[_LOGGING] = LOG_FULL
        return
    log[n, 0] = field
    log[n, 1] = index
    log[n, 2] = old
    counters[_LOGGED] = n + 1


@light
def undo(graph, work, before):
    """Take the state back to where the log began, ``before`` being its counters then:
    every change logged is reversed, last first, and what the run left queued or marked
    is dropped. Only a state that stood where a run had finished can be taken back to."""
    counters, log = work[16], work[23]
    for i in range(counters[_LOGGED] - 1, -1, -1):
        field, index, old = log[i, 0], log[i, 1], log[i, 2]
        if field == _LOG_LINE:
            unset(index, graph, work)
            # the faces and dots at a new edge were not finished before it
            for side in range(2):
                if graph[_EDGE_FACES][index, side] >= 0:
                    work[5][graph[_EDGE_FACES][index, side]] = False
                work[6][graph[_EDGE_DOTS][index, side]] = False
        else:
            for number in literal_unroll(_LOGGED_FIELDS):
                if field == number:
                    work[number][index] = old
    queue, queued = work[14], work[15]
    head = counters[_HEAD]
    for _ in range(counters[_QUEUED]):
        queued[queue[head]] = False
        head = head + 1 if head + 1 < queue.shape[0] else 0
    for i in range(counters[_DIRTY]):
        work[18][work[17][i]] = False
    for i in range(counters.shape[0]):
        counters[i] = before[i]


@inline
def unset(e, graph, work):
    """Make edge ``e`` unknown again, its faces' and dots' counts with it."""
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


@light
def _set(e, value, graph, work):
    """Set edge ``e`` (and, at Hard, its class) to ``value``; False on a contradiction."""
    pending, counters = work[21], work[16]
    counters[_PENDING] = 0
    _push(e, value, work)
    while counters[_PENDING] > 0:
        counters[_PENDING] -= 1
        top = counters[_PENDING]
        edge, val = pending[top, 0], pending[top, 1]
        # an edge set for its class does not walk the class again
        if not _set_one(edge, val & 3, val < 4, graph, work):
            return False
    return True


@inline
def _push(e, value, work):
    pending, counters = work[21], work[16]
    top = counters[_PENDING]
    pending[top, 0] = e
    pending[top, 1] = value
    counters[_PENDING] = top + 1


@inline
def _set_one(e, value, walk_class, graph, work):
    lines, counters = work[0], work[16]
    if lines[e] == value:
        return True
    if lines[e] != UNKNOWN:
        counters[_STATUS] = MISTAKE
        return False
    lines[e] = value
    # the old value, unknown, goes without saying: the log keeps why instead
    _log(_LOG_LINE, e, counters[_CAUSE] if walk_class else CLASS_MEMBER, work)
    if counters[_RECORD]:
        fact = work[27][e]
        fact[MADE] = counters[_CLOCK]
        fact[SITE] = counters[_ITEM] if walk_class else CLASS_SITE
        fact[RULE] = counters[_CAUSE] % CAUSES
        counters[_CLOCK] += 1
    edge_dots, edge_faces = graph[_EDGE_DOTS], graph[_EDGE_FACES]
    face_yes, face_no, dot_yes, dot_no = work[1], work[2], work[3], work[4]
    n_faces = face_yes.shape[0]
    clues, face_ptr = graph[_CLUES_AT], graph[_FACE_PTR]
    for side in range(2):
        f = edge_faces[e, side]
        if f < 0:
            continue
        clue = clues[f]
        if value == YES:
            face_yes_by(f, 1, graph, work)
            over = clue >= 0 and face_yes[f] > clue
        else:
            face_no[f] += 1
            over = clue >= 0 and face_no[f] + clue > face_ptr[f + 1] - face_ptr[f]
        # a face past its clue with edges still unknown is a contradiction, as the
        # collection finds it (its sweeps count every face that has some): this queue
        # looks at a face only after its edges change, and by then the rules of dots, or
        # an edge's class at Hard, may have set them all (a face with none unknown is
        # not counted again, there or here)
        if over and face_yes[f] + face_no[f] < face_ptr[f + 1] - face_ptr[f]:
            counters[_STATUS] = MISTAKE
            return False
        _enqueue(f, work)
    for side in range(2):
        d = edge_dots[e, side]
        if value == YES:
            dot_yes[d] += 1
            if dot_yes[d] > 2:
                counters[_STATUS] = MISTAKE
                return False
            # a YES at a dot is what the faces' one-short rule looks for
            _enqueue_faces_at(d, graph, work)
        else:
            dot_no[d] += 1
        _enqueue(n_faces + d, work)
    if value == YES:
        counters[_YES_EDGES] += 1
        _join(edge_dots[e, 0], edge_dots[e, 1], work)
    if walk_class and counters[_LEVEL] >= HARD:
        ring = work[11]
        flip = find(e, work)[1]
        member = ring[e]
        while member != e:
            _, member_flip = find(member, work)
            _push(member, 4 + (value if member_flip == flip else 3 - value), work)
            member = ring[member]
    return True


@inline
def face_yes_by(f, step, graph, work):
    """Change face ``f``'s count of YES edges by ``step``, keeping the counts of clues
    met and of clues one short."""
    clue, counters = graph[_CLUES_AT][f], work[16]
    before = work[1][f]
    after = before + step
    work[1][f] = after
    if clue >= 0:
        if before == clue:
            counters[_SAT] -= 1
        elif before == clue - 1:
            counters[_SM1] -= 1
        if after == clue:
            counters[_SAT] += 1
        elif after == clue - 1:
            counters[_SM1] += 1


@inline
def _enqueue_faces_at(d, graph, work):
    """Queue the faces at dot ``d`` that the one-short rule may now apply to: a YES at a
    dot is all it needs besides the face's own edges, whose changes queue it anyway."""
    dot_ptr, dot_corners, corner_face = graph[_DOT_PTR], graph[_DOT_CORNERS], graph[_CORNER_FACE]
    face_ptr, clues, face_no = graph[_FACE_PTR], graph[_CLUES_AT], work[2]
    for k in range(dot_ptr[d], dot_ptr[d + 1]):
        f = corner_face[dot_corners[k]]
        if (
            f >= 0
            and clues[f] >= 0
            and not work[5][f]
            and face_ptr[f + 1] - face_ptr[f] - clues[f] == face_no[f] + 1
        ):
            _enqueue(f, work)


@inline
def _join(a, b, work):
    """Record the new YES edge ``a``–``b`` on the paths its dots end."""
    partner, length, counters = work[12], work[13], work[16]
    end_a, end_b = partner[a], partner[b]
    if end_a == b:
        counters[_CLOSED] = 1
        counters[_CLOSED_LEN] = length[a] + 1
        return
    joined = length[a] + length[b] + 1
    for end in (end_a, end_b):
        _log(12, end, partner[end], work)
        _log(13, end, length[end], work)
    partner[end_a] = end_b
    partner[end_b] = end_a
    length[end_a] = joined
    length[end_b] = joined
    _mark_end(end_a, work)
    _mark_end(end_b, work)


@light
def _mark_end(d, work):
    dirty, flags, counters = work[17], work[18], work[16]
    if not flags[d]:
        flags[d] = True
        dirty[counters[_DIRTY]] = d
        counters[_DIRTY] += 1


@light
def _set_bit(corner, bit, graph, work):
    """Give dline ``corner`` the fact ``bit``; True when it is new."""
    bits = work[7]
    if bits[corner] & bit:
        return False
    _log(7, corner, bits[corner], work)
    bits[corner] |= bit
    counters = work[16]
    if counters[_RECORD]:
        fact = work[28][corner, bit >> 1]
        fact[MADE] = counters[_CLOCK]
        fact[SITE] = counters[_ITEM]
        counters[_CLOCK] += 1
    f = graph[_CORNER_FACE][corner]
    if f >= 0:
        _enqueue(f, work)
    _enqueue(graph[_FACE_PTR].shape[0] - 1 + graph[_CORNER_DOT][corner], work)
    return True


# ---------------------------------------------------------------------------- faces


@inline
def _face_rules(f, graph, work):
    level = work[16][_LEVEL]
    _face_counts(f, graph, work)
    if level >= NORMAL and work[16][_STATUS] == INCOMPLETE:
        _face_dlines(f, level, graph, work)
    if level >= HARD and work[16][_STATUS] == INCOMPLETE:
        _face_classes(f, graph, work)


@light
def _set_unknowns(ptr, edges, item, value, graph, work):
    """Set the unknown edges among ``edges[ptr[item]:ptr[item + 1]]`` (a face's or a
    dot's) to ``value``."""
    lines = work[0]
    for i in range(ptr[item], ptr[item + 1]):
        if lines[edges[i]] == UNKNOWN and not _set(edges[i], value, graph, work):
            return


@inline
def _face_counts(f, graph, work):
    """Easy: a clue met, a clue that needs every unknown edge, and one NO short of it."""
    face_ptr, face_edges, face_dots = graph[_FACE_PTR], graph[_FACE_EDGES], graph[_FACE_DOTS]
    lines, solved, counters = work[0], work[5], work[16]
    if solved[f]:
        return
    start, stop = face_ptr[f], face_ptr[f + 1]
    order = stop - start
    yes, no = work[1][f], work[2][f]
    if yes + no == order:
        solved[f] = True
        return
    clue = graph[_CLUES_AT][f]
    if clue < 0:
        return
    if clue < yes or order - clue < no:
        counters[_STATUS] = MISTAKE
        return
    if clue == yes:
        counters[_CAUSE] = f * CAUSES + CLUE_MET
        _set_unknowns(face_ptr, face_edges, f, NO, graph, work)
        solved[f] = True
        return
    if order - clue == no:
        counters[_CAUSE] = f * CAUSES + CLUE_NEEDS_ALL
        _set_unknowns(face_ptr, face_edges, f, YES, graph, work)
        solved[f] = True
        return
    if order - clue == no + 1 and order - yes - no > 2:
        # two unknown edges meeting at a dot with a YES elsewhere: not both YES
        for j in range(order):
            e1 = face_edges[start + j]
            e2 = face_edges[start + (j + 1) % order]
            if lines[e1] != UNKNOWN or lines[e2] != UNKNOWN:
                continue
            d = face_dots[start + (j + 1) % order]
            if work[3][d] == 0:
                continue
            counters[_CAUSE] = f * CAUSES + ONE_SHORT
            for i in range(start, stop):
                e = face_edges[i]
                if lines[e] == UNKNOWN and e not in (e1, e2) and not _set(e, YES, graph, work):
                    return
            return


@inline
def _face_dlines(f, level, graph, work):
    """Normal (and Tricky): bounds on the YES count of the rest of a face, without each
    edge (and, at Tricky, without each pair of edges), fix single edges (and dlines)."""
    face_edges, lines, counters = graph[_FACE_EDGES], work[0], work[16]
    if work[5][f]:
        return
    clue = graph[_CLUES_AT][f]
    if clue < 0:
        return
    start = graph[_FACE_PTR][f]
    n = graph[_FACE_PTR][f + 1] - start
    most, least = work[19], work[20]
    _run_bounds(start, n, most, least, graph, work)
    for j in range(n):
        e = face_edges[start + j]
        if lines[e] != UNKNOWN:
            continue
        k = (j + 1) % n
        # the rest of the face, without edge j
        high = _rest(most, j, 1, n, False)
        low = _rest(least, j, 1, n, True)
        if low > clue or high < clue - 1:
            counters[_STATUS] = MISTAKE
            return
        if low == clue or high == clue - 1:
            counters[_CAUSE] = f * CAUSES + FACE_DLINES
        if low == clue and not _set(e, NO, graph, work):
            return
        if high == clue - 1 and not _set(e, YES, graph, work):
            return
        if level >= TRICKY:
            if lines[face_edges[start + k]] != UNKNOWN:
                continue
            # the rest of the face without edges j and j + 1
            if _rest(least, j, 2, n, True) > clue - 2:
                _set_bit(start + k, AT_MOST_ONE, graph, work)
            if _rest(most, j, 2, n, False) < clue:
                _set_bit(start + k, AT_LEAST_ONE, graph, work)


# rows of ``_run_bounds``' tables: the bound on one edge and on two edges from each edge;
# on the first i edges, on the edges from i on, and both again without the face's first
# and last edge
_ONE, _TWO, _PREFIX, _SUFFIX, _INNER_PREFIX, _INNER_SUFFIX = 0, 1, 2, 3, 4, 5


@light
def _run_bounds(start, n, most, least, graph, work):
    """The most and fewest YES edges of runs of a face's edges, as the collection bounds
    them: a run split into single edges and pairs, the pairs bounded by their dline, the
    tightest split. What any run that leaves out one or two edges comes to is read from
    prefixes and suffixes (``_rest``): a split either joins the face's last edge to its
    first or does not, which is what the two kinds of tables are for. Linear in the face,
    where the collection's table of every run is quadratic: the same bounds."""
    face_edges, lines, bits = graph[_FACE_EDGES], work[0], work[7]
    for i in range(n):
        line1 = lines[face_edges[start + i]]
        line2 = lines[face_edges[start + (i + 1) % n]]
        corner = start + (i + 1) % n
        most[_ONE, i] = 0 if line1 == NO else 1
        least[_ONE, i] = 1 if line1 == YES else 0
        top = 2 - (line1 == NO) - (line2 == NO)
        if top == 2 and bits[corner] & AT_MOST_ONE:
            top = 1
        most[_TWO, i] = top
        low = (line1 == YES) + (line2 == YES)
        if low == 0 and bits[corner] & AT_LEAST_ONE:
            low = 1
        least[_TWO, i] = low
    for table, tighter in ((most, False), (least, True)):
        _split_bounds(table, _PREFIX, _SUFFIX, 0, n, tighter)
        _split_bounds(table, _INNER_PREFIX, _INNER_SUFFIX, 1, n - 1, tighter)


@light
def _split_bounds(table, prefix, suffix, first, stop, larger):
    """Into row ``prefix`` at i the tightest bound on edges ``first`` to ``i - 1``, into
    row ``suffix`` at i on edges ``i`` to ``stop - 1`` (the least of the splits' sums, or
    with ``larger`` the greatest)."""
    table[prefix, first] = 0
    table[suffix, stop] = 0
    for i in range(first + 1, stop + 1):
        bound = table[prefix, i - 1] + table[_ONE, i - 1]
        if i - 2 >= first:
            pair = table[prefix, i - 2] + table[_TWO, i - 2]
            bound = max(bound, pair) if larger else min(bound, pair)
        table[prefix, i] = bound
    for i in range(stop - 1, first - 1, -1):
        bound = table[suffix, i + 1] + table[_ONE, i]
        if i + 2 <= stop:
            pair = table[suffix, i + 2] + table[_TWO, i]
            bound = max(bound, pair) if larger else min(bound, pair)
        table[suffix, i] = bound


@light
def _rest(table, j, left_out, n, larger):
    """The bound (``_run_bounds``) on a face's edges without its ``left_out`` edges from
    edge ``j`` on."""
    if j + left_out > n:
        # the run left out holds the face's last edge and its first
        return table[_INNER_PREFIX, j]
    bound = table[_PREFIX, j] + table[_SUFFIX, j + left_out]
    if j >= 1 and j + left_out <= n - 1:
        # or the split joins the last edge to the first
        joined = table[_TWO, n - 1] + table[_INNER_PREFIX, j] + table[_INNER_SUFFIX, j + left_out]
        bound = max(bound, joined) if larger else min(bound, joined)
    return bound


@inline
def _face_classes(f, graph, work):
    """Hard: alike edges of a face, and the parity of its clue over its last unknowns."""
    face_ptr, face_edges = graph[_FACE_PTR], graph[_FACE_EDGES]
    if work[5][f]:
        return
    clue = graph[_CLUES_AT][f]
    if clue < 0:
        return
    start, stop = face_ptr[f], face_ptr[f + 1]
    order = stop - start
    work[16][_CAUSE] = f * CAUSES + ALIKE_PAIR
    if work[1][f] + 1 == clue:
        # two alike unknown edges cannot both be YES: both NO
        _set_alike_pairs(start, stop, NO, graph, work)
    if work[16][_STATUS] != INCOMPLETE:
        return
    if work[2][f] + 1 == order - clue:
        _set_alike_pairs(start, stop, YES, graph, work)
    if work[16][_STATUS] != INCOMPLETE:
        return
    yes, no = work[1][f], work[2][f]
    work[16][_CAUSE] = f * CAUSES + FACE_PARITY
    _parity(face_edges, start, stop, (clue - yes) % 2, order - yes - no, graph, work)


@light
def _set_alike_pairs(start, stop, value, graph, work):
    face_edges, lines = graph[_FACE_EDGES], work[0]
    for i in range(start, stop):
        e1 = face_edges[i]
        if lines[e1] != UNKNOWN:
            continue
        for j in range(i + 1, stop):
            e2 = face_edges[j]
            if lines[e2] != UNKNOWN:
                continue
            root1, flip1 = find(e1, work)
            root2, flip2 = find(e2, work)
            if root1 == root2 and flip1 == flip2:
                if not _set(e1, value, graph, work):
                    return
                if not _set(e2, value, graph, work):
                    return


@light
def _parity(edges, start, stop, odd, unknown, graph, work):
    """Hard: the unknown edges of ``edges[start:stop]`` hold an ``odd`` count of YES.
    Two of them: alike or opposite. Three or four with two in one class: the rest follow."""
    if unknown < 2 or unknown > 4:
        return
    lines = work[0]
    found, roots, flips = work[22][0], work[22][1], work[22][2]
    count = 0
    for i in range(start, stop):
        if lines[edges[i]] == UNKNOWN and count < 4:
            found[count] = edges[i]
            count += 1
    if count != unknown:
        return
    if unknown == 2:
        _merge(found[0], found[1], odd, graph, work)
        return
    for i in range(unknown):
        roots[i], flips[i] = find(found[i], work)
    if unknown == 3:
        for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 2, 0)):
            if roots[a] == roots[b]:
                value = YES if (odd ^ flips[a] ^ flips[b]) else NO
                if not _set(found[c], value, graph, work):
                    return
        return
    # four unknowns: the first pair found in one class relates the other two
    for a, b, c, d in (
        (0, 1, 2, 3),
        (0, 2, 1, 3),
        (0, 3, 1, 2),
        (1, 2, 0, 3),
        (1, 3, 0, 2),
        (2, 3, 0, 1),
    ):
        if roots[a] == roots[b]:
            _merge(found[c], found[d], odd ^ flips[a] ^ flips[b], graph, work)
            return


@light
def _merge(a, b, opposite, graph, work):
    """Hard: edges ``a`` and ``b`` are opposite (``opposite``) or alike."""
    parent, parity, size, ring = work[8], work[9], work[10], work[11]
    root_a, flip_a = find(a, work)
    root_b, flip_b = find(b, work)
    if root_a == root_b:
        return
    big, small = (root_a, root_b) if size[root_a] >= size[root_b] else (root_b, root_a)
    # every face and dot of the smaller class may now hold a related pair
    edge_dots, edge_faces = graph[_EDGE_DOTS], graph[_EDGE_FACES]
    n_faces = graph[_FACE_PTR].shape[0] - 1
    member = small
    while True:
        for side in range(2):
            if edge_faces[member, side] >= 0:
                _enqueue(edge_faces[member, side], work)
            _enqueue(n_faces + edge_dots[member, side], work)
        member = ring[member]
        if member == small:
            break
    _log(8, small, parent[small], work)
    _log(9, small, parity[small], work)
    _log(10, big, size[big], work)
    _log(11, big, ring[big], work)
    _log(11, small, ring[small], work)
    parent[small] = big
    parity[small] = flip_a ^ flip_b ^ opposite
    size[big] += size[small]
    ring[big], ring[small] = ring[small], ring[big]


# ---------------------------------------------------------------------------- dots


@inline
def _dot_rules(d, graph, work):
    level = work[16][_LEVEL]
    _dot_counts(d, graph, work)
    if level >= NORMAL and work[16][_STATUS] == INCOMPLETE:
        _dot_dlines(d, level, graph, work)
    if level >= HARD and work[16][_STATUS] == INCOMPLETE:
        _dot_classes(d, graph, work)


@inline
def _dot_counts(d, graph, work):
    """Easy: a dot has no YES edge or two."""
    dot_ptr, solved, counters = graph[_DOT_PTR], work[6], work[16]
    if solved[d]:
        return
    yes, no = work[3][d], work[4][d]
    unknown = dot_ptr[d + 1] - dot_ptr[d] - yes - no
    counters[_CAUSE] = d * CAUSES + DOT_COUNT
    if yes == 0:
        if unknown == 0:
            solved[d] = True
        elif unknown == 1:
            _set_unknowns(dot_ptr, graph[_DOT_EDGES], d, NO, graph, work)
            solved[d] = True
    elif yes == 1:
        if unknown == 0:
            counters[_STATUS] = MISTAKE
        elif unknown == 1:
            _set_unknowns(dot_ptr, graph[_DOT_EDGES], d, YES, graph, work)
    elif yes == 2:
        if unknown > 0:
            _set_unknowns(dot_ptr, graph[_DOT_EDGES], d, NO, graph, work)
        solved[d] = True
    else:
        counters[_STATUS] = MISTAKE


@inline
def _dot_dlines(d, level, graph, work):
    """Normal (and Tricky): dline facts at a dot, from its edges and back to them."""
    dot_ptr, dot_edges, dot_corners = graph[_DOT_PTR], graph[_DOT_EDGES], graph[_DOT_CORNERS]
    lines, bits, counters = work[0], work[7], work[16]
    if work[6][d]:
        return
    start = dot_ptr[d]
    n = dot_ptr[d + 1] - start
    yes, no = work[3][d], work[4][d]
    unknown = n - yes - no
    for j in range(n):
        if counters[_STATUS] != INCOMPLETE:
            return
        counters[_CAUSE] = d * CAUSES + DOT_DLINES
        k = (j + 1) % n
        corner = dot_corners[start + j]
        e1, e2 = dot_edges[start + j], dot_edges[start + k]
        line1, line2 = lines[e1], lines[e2]
        if line1 == NO or line2 == NO:
            _set_bit(corner, AT_MOST_ONE, graph, work)
        if line1 == YES or line2 == YES:
            _set_bit(corner, AT_LEAST_ONE, graph, work)
        if bits[corner] & AT_MOST_ONE:
            if line1 == YES and line2 == UNKNOWN:
                _set(e2, NO, graph, work)
            if line2 == YES and line1 == UNKNOWN:
                _set(e1, NO, graph, work)
        if bits[corner] & AT_LEAST_ONE:
            if line1 == NO and line2 == UNKNOWN:
                _set(e2, YES, graph, work)
            if line2 == NO and line1 == UNKNOWN:
                _set(e1, YES, graph, work)
        if line1 != UNKNOWN or line2 != UNKNOWN:
            continue
        if yes == 0 and unknown == 2:
            # the dot's only two unknown edges are alike
            if bits[corner] & AT_MOST_ONE:
                _set(e1, NO, graph, work)
                _set(e2, NO, graph, work)
            if bits[corner] & AT_LEAST_ONE:
                _set(e1, YES, graph, work)
                _set(e2, YES, graph, work)
        if yes == 1:
            _set_bit(corner, AT_MOST_ONE, graph, work)
            if unknown == 2:
                _set_bit(corner, AT_LEAST_ONE, graph, work)
        if level >= TRICKY and bits[corner] & AT_LEAST_ONE:
            # a YES on this pair leaves at most one for any pair apart from it
            for opp in range(n):
                if opp in (j, k) or (opp + 1) % n == j:
                    continue
                _set_bit(dot_corners[start + opp], AT_MOST_ONE, graph, work)
            if yes == 0 and bits[corner] & AT_MOST_ONE:
                # exactly one YES on this pair, and so exactly one more elsewhere
                if unknown == 3:
                    counters[_CAUSE] = d * CAUSES + DOT_ONE_MORE
                    for other in range(n):
                        e = dot_edges[start + other]
                        if other != j and other != k and lines[e] == UNKNOWN:
                            _set(e, YES, graph, work)
                elif unknown == 4:
                    for opp in range(n):
                        if opp in (j, k) or (opp + 1) % n == j:
                            continue
                        opp2 = (opp + 1) % n
                        if (
                            lines[dot_edges[start + opp]] == UNKNOWN
                            and lines[dot_edges[start + opp2]] == UNKNOWN
                        ):
                            _set_bit(dot_corners[start + opp], AT_LEAST_ONE, graph, work)
                            break


@inline
def _dot_classes(d, graph, work):
    """Hard: dlines with exactly one YES relate their edges, and a dot's parity."""
    dot_ptr, dot_edges, dot_corners = graph[_DOT_PTR], graph[_DOT_EDGES], graph[_DOT_CORNERS]
    lines, bits = work[0], work[7]
    start = dot_ptr[d]
    n = dot_ptr[d + 1] - start
    for j in range(n):
        e1 = dot_edges[start + j]
        e2 = dot_edges[start + (j + 1) % n]
        if lines[e1] != UNKNOWN or lines[e2] != UNKNOWN:
            continue
        corner = dot_corners[start + j]
        root1, flip1 = find(e1, work)
        root2, flip2 = find(e2, work)
        if root1 == root2 and flip1 != flip2:
            _set_bit(corner, AT_MOST_ONE, graph, work)
            _set_bit(corner, AT_LEAST_ONE, graph, work)
            continue
        if bits[corner] & AT_MOST_ONE and bits[corner] & AT_LEAST_ONE:
            _merge(e1, e2, 1, graph, work)
    if work[16][_STATUS] != INCOMPLETE:
        return
    yes, no = work[3][d], work[4][d]
    work[16][_CAUSE] = d * CAUSES + DOT_PARITY
    _parity(dot_edges, start, start + n, yes % 2, n - yes - no, graph, work)


# ---------------------------------------------------------------------------- the loop


@inline
def _loop_rule(graph, work):
    """Easy: solved when one loop holds every YES edge and meets every clue; an edge that
    would close a path into a loop short of that is NO; one that would close it into a
    solution makes the puzzle AMBIGUOUS. True when an edge was set."""
    counters, lines = work[16], work[0]
    if (
        counters[_CLOSED]
        and counters[_CLOSED_LEN] == counters[_YES_EDGES]
        and counters[_SAT] == counters[_CLUES]
    ):
        counters[_STATUS] = SOLVED
        return False
    dot_ptr, dot_edges, edge_dots = graph[_DOT_PTR], graph[_DOT_EDGES], graph[_EDGE_DOTS]
    edge_faces, clues = graph[_EDGE_FACES], graph[_CLUES_AT]
    partner, length, dirty, flags = work[12], work[13], work[17], work[18]
    face_yes, closing = work[1], work[26]
    # every edge is judged on the paths as they are now, as the collection's loop rule
    # judges them, and set only after: at Hard an edge set NO sets the opposite edges
    # of its class YES, extending paths that the other rules then work on first (judged
    # on those, a loop could look like a second solution where it is the only one).
    # The ends that extends go on the list, empty by then, for the next time.
    found = 0
    while counters[_DIRTY] > 0:
        counters[_DIRTY] -= 1
        a = dirty[counters[_DIRTY]]
        flags[a] = False
        if work[3][a] != 1:
            continue
        for k in range(dot_ptr[a], dot_ptr[a + 1]):
            e = dot_edges[k]
            if lines[e] != UNKNOWN:
                continue
            b = edge_dots[e, 0] + edge_dots[e, 1] - a
            if partner[a] != b:
                continue
            if length[a] == counters[_YES_EDGES]:
                near = 0
                for side in range(2):
                    f = edge_faces[e, side]
                    if f >= 0 and clues[f] >= 0 and face_yes[f] == clues[f] - 1:
                        near += 1
                if counters[_SM1] == near and counters[_SM1] + counters[_SAT] == counters[_CLUES]:
                    if counters[_PARTIAL]:
                        # a loop meeting some of the clues says nothing
                        continue
                    counters[_STATUS] = AMBIGUOUS
                    return False
            if counters[_LOOP_LEN]:
                _note_stretch(e, a, b, graph, work)
            # a row an end at most, the room there is: an end has one partner, and
            # one edge joins them
            closing[found, 0] = e
            closing[found, 1] = a
            found += 1
    progress = False
    for i in range(found):
        e = closing[i, 0]
        # found from both its ends, or set since with its class
        if lines[e] == NO:
            continue
        counters[_CAUSE] = closing[i, 1] * CAUSES + LOOP
        counters[_ITEM] = LOOP_SITE
        progress = True
        if not _set(e, NO, graph, work):
            return False
    return progress


@light
def _note_stretch(e, a, b, graph, work):
    """Record what the loop rule judges edge ``e`` on, joining path ends ``a`` and ``b``:
    the path, a stretch of the solution loop (all YES edges are on it), as its first place
    and length, and a YES edge off it (-1 when there is none: then the clues decide)."""
    lines, counters, at_place = work[0], work[16], work[29][1]
    loop_len = counters[_LOOP_LEN]
    length = work[13][a]
    start_a = _yes_place(a, graph, work)
    start_b = _yes_place(b, graph, work)
    # the path runs forward from one end's edge to the other's
    start = start_a if (start_a + length - 1) % loop_len == start_b else start_b
    witness = -1
    if length < counters[_YES_EDGES]:
        p = (start + length) % loop_len
        while lines[at_place[p]] != YES:
            p = p + 1 if p + 1 < loop_len else 0
        witness = at_place[p]
    fact = work[27][e]
    fact[START] = start
    fact[LENGTH] = length
    fact[WITNESS] = witness


@light
def _yes_place(d, graph, work):
    """The place on the solution loop of the one YES edge at path end ``d``."""
    dot_ptr, dot_edges = graph[_DOT_PTR], graph[_DOT_EDGES]
    for k in range(dot_ptr[d], dot_ptr[d + 1]):
        if work[0][dot_edges[k]] == YES:
            return work[29][0][dot_edges[k]]
    return -1


# ---------------------------------------------------------------------------- the graph


@kernel
def corners(dots, edge_dots, edge_faces, face_ptr, face_edges, face_dots):
    """Each dot's edges in order around it, and the corner (dline) between each edge and
    the next: a face's own corner where a face lies there, else a new corner of the
    outside. Returns (dot_ptr, dot_edges, dot_corners, corner_face, corner_dot)."""
    n_dots = dots.shape[0]
    n_edges = edge_dots.shape[0]
    n_faces = face_ptr.shape[0] - 1
    n_inner = face_edges.shape[0]
    dot_ptr = np.zeros(n_dots + 1, np.int64)
    for e in range(n_edges):
        dot_ptr[edge_dots[e, 0] + 1] += 1
        dot_ptr[edge_dots[e, 1] + 1] += 1
    for d in range(n_dots):
        dot_ptr[d + 1] += dot_ptr[d]
    dot_edges = np.zeros(2 * n_edges, np.int32)
    fill = dot_ptr[:-1].copy()
    for e in range(n_edges):
        for side in range(2):
            d = edge_dots[e, side]
            dot_edges[fill[d]] = e
            fill[d] += 1
    corner_face = np.full(2 * n_edges, -1, np.int32)
    corner_dot = np.zeros(2 * n_edges, np.int32)
    for f in range(n_faces):
        for c in range(face_ptr[f], face_ptr[f + 1]):
            corner_face[c] = f
            corner_dot[c] = face_dots[c]
    used = np.zeros(n_inner, np.bool_)
    dot_corners = np.zeros(2 * n_edges, np.int32)
    next_outer = n_inner
    for d in range(n_dots):
        start, stop = dot_ptr[d], dot_ptr[d + 1]
        n = stop - start
        angles = np.empty(n)
        for i in range(n):
            e = dot_edges[start + i]
            other = edge_dots[e, 0] + edge_dots[e, 1] - d
            angles[i] = np.arctan2(dots[other, 1] - dots[d, 1], dots[other, 0] - dots[d, 0])
        order = np.argsort(angles)
        ring = dot_edges[start:stop][order].copy()
        dot_edges[start:stop] = ring
        for k in range(n):
            e1 = ring[k]
            e2 = ring[(k + 1) % n]
            corner = -1
            for side in range(2):
                f = edge_faces[e1, side]
                if f < 0 or corner >= 0:
                    continue
                order_f = face_ptr[f + 1] - face_ptr[f]
                for c in range(face_ptr[f], face_ptr[f + 1]):
                    before = face_edges[face_ptr[f] + (c - face_ptr[f] - 1) % order_f]
                    here = face_edges[c]
                    if (
                        face_dots[c] == d
                        and not used[c]
                        and ((before == e1 and here == e2) or (before == e2 and here == e1))
                    ):
                        corner = c
                        used[c] = True
                        break
            if corner < 0:
                corner = next_outer
                corner_dot[corner] = d
                next_outer += 1
            dot_corners[start + k] = corner
    return dot_ptr, dot_edges, dot_corners, corner_face, corner_dot
