"""Compiled kernels of the difficulty rating: a Rectangles puzzle solved one step at a
time, each step by the easiest rule that makes progress, as a person would.

The state is what a person keeps on paper: the squares known to belong to each clue
("claimed", ``owner``; a placed rectangle claims all of its squares) and, for each clue,
the rectangles that still fit ("live", ``alive``): those that cover all of the clue's
claimed squares, none of another clue's, and that no earlier step ruled out. The rules,
easiest first (``difficulty.py`` says how they make the levels):

1. ``SINGLE``: a clue with only one rectangle that fits is placed.
2. ``REACH``: a free square that only one clue's rectangles reach is claimed for it, when
   some of them miss the square (they no longer fit).
3. ``OVERLAP``: the squares all of a clue's rectangles cover are claimed for it, when that
   removes another clue's rectangle.
4. ``COMBINE``: a rectangle is ruled out when placing it would leave another clue no
   rectangle, or leave a free square that no rectangle could still cover.
5. ``LOOKAHEAD``: a rectangle is ruled out when placing it and applying rules 1-4 leads
   to such a contradiction (a look-ahead of one placement).

Rules 1-3 are those of ``_deduce_kernels`` taken one instance at a time, so a puzzle the
generator proves needs no more than they. Rule 6, a search step when even rule 5 stalls,
is ``difficulty.py``'s: it takes the solver's solution.

Why one instance at a time is still fast: each rule keeps what its next use needs. Per
square, the number of live rectangles over it and the sums of their clue ids and squared
ids (rule 2's test, ``_single_owner``) change only when a rectangle dies, at the cost of
its area. A clue whose rectangles drop to one waits in a queue (rule 1 in O(1)); a square
whose cover changed waits on a stack (rule 2 looks only at those, the latest first: where
the last step worked, as a person looks). Claiming squares kills the rectangles over them,
found through the solver's index of clues by bucket of squares.

The arguments are two tuples: ``puzzle`` (the rectangles, grouped by clue, (P, 5) top,
left, height, width, clue; their offsets; the bucket index; a stamp per clue, a scratch
grid and a list of clues, work space) and ``state`` (the clue table, ``alive``,
``owner``, ``cover``, the queue, the stack and its flags, ``regs``), so that a look-ahead
runs the same code on a copy of ``state``.

A step is one row of ``steps``: its rule, its clue, a rectangle (placed, claimed or ruled
out), ``WHY`` (rules 4 and 5: the clue left without room, or ``-(square + 1)`` for a square
left uncovered; a search step: the rectangles the clue had left) and ``DEPTH`` (rule 5:
the steps from the placing tried to the contradiction, that placing included). Loops
rather than NumPy calls, for a short first compile (see ``_deduce_kernels``).
"""

import numpy as np

from tilewright.rectangles._deduce_kernels import _single_owner, sum_cover
from tilewright.rectangles._jit import helper, inline, kernel

SINGLE, REACH, OVERLAP, COMBINE, LOOKAHEAD, SEARCH = 1, 2, 3, 4, 5, 6
# what ``advance`` returns
SOLVED, STALLED, CONTRADICTION, FULL, OVER_BUDGET = 0, 1, 2, 3, 4
# what ``combine`` and ``look_ahead`` return (the latter also OVER_BUDGET)
NOT_FOUND, FOUND = 0, 1
# columns of the clue table: the clue's square, its live rectangles, whether it is placed
ROW, COL, LIVE, PLACED = range(4)
CLUE_WIDTH = 4
# columns of a step
RULE, CLUE, TOP, LEFT, ROWS, COLS, WHY, DEPTH = range(8)
STEP_WIDTH = 8
# slots of ``regs``: steps taken, rule 1's queue, rule 2's stack, clues placed, the first
# contradiction and its reason (WHY's code), the stamp for visiting clues once, the bucket
# index's size and columns, whether steps are written, work done and the work allowed
(STEPS, HEAD, TAIL, PENDING, SETTLED, BROKEN, BROKEN_WHY, STAMP, BUCKET, COLUMNS, RECORD,
 WORK, LIMIT) = range(13)  # fmt: skip
REGISTERS = 13
# WHY when nothing is wrong, and LIMIT when the work is not bounded
NO_REASON = -(2**62)
UNLIMITED = 2**63 - 1


@kernel
def prepare(puzzle, state):
    """The state before any step: every rectangle live, each clue owning its square,
    ``cover`` (H + 1, W + 1, 3) holding per square the count, id sum and squared id sum of
    the rectangles over it, clues with one rectangle queued, every free square stacked.
    The caller fills ``clues[:, ROW]``, ``clues[:, COL]``, ``regs[BUCKET]`` and
    ``regs[COLUMNS]``; a puzzle that cannot be solved at all is marked ``regs[BROKEN]``."""
    boxes, start = puzzle[0], puzzle[1]
    clues, alive, owner, cover, queue, pending, waiting, regs = state
    height, width = owner.shape
    for slot in (STEPS, HEAD, TAIL, PENDING, SETTLED, BROKEN, STAMP, WORK):
        regs[slot] = 0
    regs[BROKEN_WHY] = NO_REASON
    regs[RECORD] = 1
    regs[LIMIT] = UNLIMITED
    for y in range(height):
        for x in range(width):
            owner[y, x] = -1
            waiting[y, x] = 0
    for p in range(boxes.shape[0]):
        alive[p] = 1
    sum_cover(boxes, cover)
    for k in range(clues.shape[0]):
        owner[clues[k, ROW], clues[k, COL]] = k
        clues[k, LIVE] = start[k + 1] - start[k]
        clues[k, PLACED] = 0
        if clues[k, LIVE] == 1:
            _enqueue(k, queue, regs)
        elif clues[k, LIVE] == 0:
            _break(regs, k)
    # stacked last square first, so that rule 2 first looks in reading order
    for s in range(height * width - 1, -1, -1):
        y, x = s // width, s % width
        if owner[y, x] < 0:
            if cover[y, x, 0] == 0:
                _break(regs, -(s + 1))
            _stack(y, x, width, pending, waiting, regs)


@kernel
def advance(puzzle, state, steps):
    """Take steps by rules 1-3, each time the easiest that makes progress, until the
    puzzle is SOLVED, STALLED (rule 4, 5 or a search must go on), a CONTRADICTION shows
    it has no solution, ``steps`` is FULL (grow it and call again) or the work passes
    ``regs[LIMIT]`` (OVER_BUDGET). Rule 4 is a kernel of its own, ``combine``: generated
    puzzles never need it, so a first run does not wait for it to compile."""
    return _advance(puzzle, state, steps)


@helper
def _advance(puzzle, state, steps):
    clues, regs = state[0], state[7]
    while True:
        if regs[BROKEN]:
            return CONTRADICTION
        if regs[SETTLED] == clues.shape[0]:
            return SOLVED
        if regs[WORK] > regs[LIMIT]:
            return OVER_BUDGET
        if regs[RECORD] and regs[STEPS] >= steps.shape[0]:
            return FULL
        if not (
            _single(puzzle, state, steps)
            or _reach(puzzle, state, steps)
            or _overlap(puzzle, state, steps)
        ):
            return STALLED


@kernel
def combine(puzzle, state, steps):
    """Rule 4, once: rule out the first rectangle (clues in reading order) whose placing
    would leave another clue no rectangle or a free square uncovered, and record the step.
    Returns FOUND or NOT_FOUND."""
    return FOUND if _combine(puzzle, state, steps) else NOT_FOUND


@helper
def _single(puzzle, state, steps):
    # rule 1: the first queued clue that still has one rectangle and is not placed yet
    boxes, start = puzzle[0], puzzle[1]
    clues, alive, queue, regs = state[0], state[1], state[4], state[7]
    while regs[HEAD] < regs[TAIL]:
        k = queue[regs[HEAD]]
        regs[HEAD] += 1
        if clues[k, PLACED] or clues[k, LIVE] != 1:
            continue
        p = start[k]
        while not alive[p]:
            p += 1
        regs[WORK] += p - start[k] + 1
        _record(steps, regs, SINGLE, k, boxes[p, 0], boxes[p, 1], boxes[p, 2], boxes[p, 3],
                0, 0)  # fmt: skip
        _place(p, puzzle, state)
        return True
    return False


@helper
def _reach(puzzle, state, steps):
    # rule 2: the latest changed free square that one clue alone reaches, when some of that
    # clue's rectangles miss it
    clues, owner, cover, pending, waiting, regs = (
        state[0], state[2], state[3], state[5], state[6], state[7]
    )  # fmt: skip
    width = owner.shape[1]
    while regs[PENDING] > 0:
        regs[PENDING] -= 1
        regs[WORK] += 1
        s = pending[regs[PENDING]]
        y, x = s // width, s % width
        waiting[y, x] = 0
        if owner[y, x] >= 0:
            continue
        k = _single_owner(cover[y, x, 0], cover[y, x, 1], cover[y, x, 2])
        if k >= 0 and cover[y, x, 0] < clues[k, LIVE]:
            _record(steps, regs, REACH, k, y, x, 1, 1, 0, 0)
            _claim(k, y, x, y + 1, x + 1, puzzle, state)
            return True
    return False


@helper
def _overlap(puzzle, state, steps):
    # rule 3: the first clue whose rectangles all cover a free square that another clue's
    # rectangle covers too
    boxes, start = puzzle[0], puzzle[1]
    clues, alive, owner, cover, regs = state[0], state[1], state[2], state[3], state[7]
    height, width = owner.shape
    regs[WORK] += boxes.shape[0]
    for k in range(clues.shape[0]):
        if clues[k, PLACED]:
            continue
        top, left, bottom, right = 0, 0, height, width
        for p in range(start[k], start[k + 1]):
            if alive[p]:
                top, left = max(top, boxes[p, 0]), max(left, boxes[p, 1])
                bottom = min(bottom, boxes[p, 0] + boxes[p, 2])
                right = min(right, boxes[p, 1] + boxes[p, 3])
        gains = False
        for y in range(top, bottom):
            for x in range(left, right):
                if owner[y, x] < 0 and cover[y, x, 0] > clues[k, LIVE]:
                    gains = True
        if gains:
            _record(steps, regs, OVERLAP, k, top, left, bottom - top, right - left, 0, 0)
            _claim(k, top, left, bottom, right, puzzle, state)
            return True
    return False


@helper
def _combine(puzzle, state, steps):
    # rule 4: the first rectangle (clues in reading order) whose placing would leave
    # another clue no rectangle or a free square uncovered
    boxes, start = puzzle[0], puzzle[1]
    clues, alive, regs = state[0], state[1], state[7]
    for k in range(clues.shape[0]):
        if clues[k, PLACED]:
            continue
        for p in range(start[k], start[k + 1]):
            if not alive[p]:
                continue
            why = _hole(p, puzzle, state)
            if why != NO_REASON:
                _record(steps, regs, COMBINE, k, boxes[p, 0], boxes[p, 1], boxes[p, 2],
                        boxes[p, 3], why, 0)  # fmt: skip
                _kill(p, puzzle, state)
                return True
    return False


@helper
def _hole(p, puzzle, state):
    """What placing rectangle ``p`` would leave impossible: another clue all of whose
    rectangles overlap it, else the first free square outside it that only rectangles
    which would die cover (WHY's code), else NO_REASON."""
    boxes, start, near = puzzle[0], puzzle[1], puzzle[6]
    clues, alive, owner, regs = state[0], state[1], state[2], state[7]
    k = boxes[p, 4]
    top, left = boxes[p, 0], boxes[p, 1]
    bottom, right = top + boxes[p, 2], left + boxes[p, 3]
    for i in range(_near_clues(k, top, left, bottom, right, puzzle, state)):
        j = near[i]
        hit = 0
        for q in range(start[j], start[j + 1]):
            if alive[q] and _overlaps(boxes, q, top, left, bottom, right):
                hit += 1
        regs[WORK] += start[j + 1] - start[j]
        if hit == clues[j, LIVE]:
            return np.int64(j)
    # count, per square, the rectangles that would die (k's others and those over p),
    # compare with all that cover it, and count them off again
    squares = owner.shape[0] * owner.shape[1]
    found = np.int64(squares)
    for sign in (1, 0, -1):
        found = _dying(p, sign, found, puzzle, state)
    return NO_REASON if found == squares else -(found + 1)


@helper
def _dying(p, sign, found, puzzle, state):
    # each rectangle that placing p would kill: add ``sign`` to ``scratch`` over it, or
    # with sign 0 look for the smallest free square outside p that all its rectangles leave
    boxes, start, near = puzzle[0], puzzle[1], puzzle[6]
    alive = state[1]
    k = boxes[p, 4]
    top, left = boxes[p, 0], boxes[p, 1]
    bottom, right = top + boxes[p, 2], left + boxes[p, 3]
    for q in range(start[k], start[k + 1]):
        if alive[q] and q != p:
            found = _visit(q, p, sign, found, puzzle, state)
    for i in range(_near_clues(k, top, left, bottom, right, puzzle, state)):
        j = near[i]
        for q in range(start[j], start[j + 1]):
            if alive[q] and _overlaps(boxes, q, top, left, bottom, right):
                found = _visit(q, p, sign, found, puzzle, state)
    return found


@inline
def _visit(q, p, sign, found, puzzle, state):
    boxes, scratch = puzzle[0], puzzle[5]
    owner, cover, regs = state[2], state[3], state[7]
    width = owner.shape[1]
    regs[WORK] += boxes[q, 2] * boxes[q, 3]
    for y in range(boxes[q, 0], boxes[q, 0] + boxes[q, 2]):
        for x in range(boxes[q, 1], boxes[q, 1] + boxes[q, 3]):
            if sign != 0:
                scratch[y, x] += sign
            elif (
                scratch[y, x] == cover[y, x, 0]
                and owner[y, x] < 0
                and not _overlaps(boxes, p, y, x, y + 1, x + 1)
            ):
                found = min(found, y * width + x)
    return found


@kernel
def look_ahead(puzzle, state, steps, budget):
    """Rule 5: try the rectangles of the clues with the fewest left (reading order among
    equals), each on a copy of the state, placing it and applying rules 1-4 (``steps`` is
    not written to meanwhile); rule out the
    first that leads to a contradiction and record the step. Returns FOUND, NOT_FOUND, or
    OVER_BUDGET once ``regs[WORK]``, which counts the copies' work too, passes
    ``budget``."""
    boxes, start = puzzle[0], puzzle[1]
    clues, alive, regs = state[0], state[1], state[7]
    trial = (
        np.empty_like(state[0]),
        np.empty_like(state[1]),
        np.empty_like(state[2]),
        np.empty_like(state[3]),
        np.empty_like(state[4]),
        np.empty_like(state[5]),
        np.empty_like(state[6]),
        np.empty_like(state[7]),
    )
    trial_regs = trial[7]
    most = 0
    for k in range(clues.shape[0]):
        most = max(most, clues[k, LIVE])
    for live in range(2, most + 1):
        for k in range(clues.shape[0]):
            if clues[k, PLACED] or clues[k, LIVE] != live:
                continue
            for p in range(start[k], start[k + 1]):
                if not alive[p]:
                    continue
                if regs[WORK] > budget:
                    return OVER_BUDGET
                _copy_state(state, trial)
                trial_regs[RECORD], trial_regs[STEPS], trial_regs[WORK] = 0, 0, 0
                trial_regs[LIMIT] = budget - regs[WORK]
                _place(p, puzzle, trial)
                verdict = _advance(puzzle, trial, steps)
                while verdict == STALLED and _combine(puzzle, trial, steps):
                    verdict = _advance(puzzle, trial, steps)
                regs[WORK] += trial_regs[WORK] + 2 * state[3].size
                regs[STAMP] = trial_regs[STAMP]  # the stamps it used stay used
                if verdict == CONTRADICTION:
                    _record(steps, regs, LOOKAHEAD, k, boxes[p, 0], boxes[p, 1], boxes[p, 2],
                            boxes[p, 3], trial_regs[BROKEN_WHY], trial_regs[STEPS] + 1)  # fmt: skip
                    _kill(p, puzzle, state)
                    return FOUND
    return NOT_FOUND


@helper
def _copy_state(state, trial):
    for i in range(state[0].shape[0]):
        for j in range(state[0].shape[1]):
            trial[0][i, j] = state[0][i, j]
    _copy(state[1], trial[1])
    for y in range(state[2].shape[0]):
        for x in range(state[2].shape[1]):
            trial[2][y, x] = state[2][y, x]
            trial[6][y, x] = state[6][y, x]
    for y in range(state[3].shape[0]):
        for x in range(state[3].shape[1]):
            for layer in range(3):
                trial[3][y, x, layer] = state[3][y, x, layer]
    _copy(state[4], trial[4])
    _copy(state[5], trial[5])
    _copy(state[7], trial[7])


@kernel
def place_found(p, choices, puzzle, state, steps):
    """Place rectangle ``p``, found by search among ``choices`` rectangles, as a step."""
    boxes = puzzle[0]
    _record(steps, state[7], SEARCH, boxes[p, 4], boxes[p, 0], boxes[p, 1], boxes[p, 2],
            boxes[p, 3], choices, 0)  # fmt: skip
    _place(p, puzzle, state)


@helper
def _place(p, puzzle, state):
    # rectangle p becomes its clue's: every square claimed, every other rectangle there dies
    boxes = puzzle[0]
    clues, regs = state[0], state[7]
    k = boxes[p, 4]
    clues[k, PLACED] = 1
    regs[SETTLED] += 1
    bottom, right = boxes[p, 0] + boxes[p, 2], boxes[p, 1] + boxes[p, 3]
    _claim(k, boxes[p, 0], boxes[p, 1], bottom, right, puzzle, state)


@helper
def _claim(k, top, left, bottom, right, puzzle, state):
    # the squares of a region become clue k's: other clues' rectangles over them die, and
    # so do k's that miss part of it
    boxes, start, near = puzzle[0], puzzle[1], puzzle[6]
    alive, owner, regs = state[1], state[2], state[7]
    for y in range(top, bottom):
        for x in range(left, right):
            owner[y, x] = k
    for i in range(_near_clues(k, top, left, bottom, right, puzzle, state)):
        j = near[i]
        regs[WORK] += start[j + 1] - start[j]
        for q in range(start[j], start[j + 1]):
            if alive[q] and _overlaps(boxes, q, top, left, bottom, right):
                _kill(q, puzzle, state)
    regs[WORK] += start[k + 1] - start[k]
    for q in range(start[k], start[k + 1]):
        if alive[q] and not (
            boxes[q, 0] <= top
            and boxes[q, 1] <= left
            and boxes[q, 0] + boxes[q, 2] >= bottom
            and boxes[q, 1] + boxes[q, 3] >= right
        ):
            _kill(q, puzzle, state)


@helper
def _kill(q, puzzle, state):
    # rectangle q no longer fits: its clue's count and its squares' cover drop, and each
    # free square it leaves is stacked for rule 2
    boxes = puzzle[0]
    clues, alive, owner, cover, queue, pending, waiting, regs = state
    k = np.int64(boxes[q, 4])
    alive[q] = 0
    clues[k, LIVE] -= 1
    if clues[k, LIVE] == 1 and not clues[k, PLACED]:
        _enqueue(k, queue, regs)
    elif clues[k, LIVE] == 0:
        _break(regs, k)
    width = owner.shape[1]
    regs[WORK] += boxes[q, 2] * boxes[q, 3]
    for y in range(boxes[q, 0], boxes[q, 0] + boxes[q, 2]):
        for x in range(boxes[q, 1], boxes[q, 1] + boxes[q, 3]):
            cover[y, x, 0] -= 1
            cover[y, x, 1] -= k
            cover[y, x, 2] -= k * k
            if owner[y, x] < 0:
                if cover[y, x, 0] == 0:
                    _break(regs, -(y * width + x + 1))
                _stack(y, x, width, pending, waiting, regs)


@inline
def _near_clues(k, top, left, bottom, right, puzzle, state):
    # the clues other than k, not placed yet, whose rectangles lie in the buckets a region
    # touches, each once, written to ``near`` in the order met; returns how many
    bucket_start, bucket_clues, stamp, near = puzzle[2], puzzle[3], puzzle[4], puzzle[6]
    clues, regs = state[0], state[7]
    mark = _new_stamp(regs)
    size, columns = regs[BUCKET], regs[COLUMNS]
    count = 0
    for by in range(top // size, (bottom - 1) // size + 1):
        for bx in range(left // size, (right - 1) // size + 1):
            b = by * columns + bx
            for i in range(bucket_start[b], bucket_start[b + 1]):
                j = bucket_clues[i]
                if j == k or stamp[j] == mark or clues[j, PLACED]:
                    continue
                stamp[j] = mark
                near[count] = j
                count += 1
    return count


@inline
def _overlaps(boxes, q, top, left, bottom, right):
    return (
        boxes[q, 0] < bottom
        and top < boxes[q, 0] + boxes[q, 2]
        and boxes[q, 1] < right
        and left < boxes[q, 1] + boxes[q, 3]
    )


@inline
def _enqueue(k, queue, regs):
    # each clue drops to one rectangle once, so the queue never holds more than the clues
    queue[regs[TAIL]] = k
    regs[TAIL] += 1


@inline
def _stack(y, x, width, pending, waiting, regs):
    # a square is on the stack at most once, so the stack never holds more than the grid
    if not waiting[y, x]:
        waiting[y, x] = 1
        pending[regs[PENDING]] = y * width + x
        regs[PENDING] += 1


@inline
def _break(regs, why):
    # the first contradiction found is the one reported
    if not regs[BROKEN]:
        regs[BROKEN] = 1
        regs[BROKEN_WHY] = why


@inline
def _new_stamp(regs):
    regs[STAMP] += 1
    return regs[STAMP]


@inline
def _record(steps, regs, rule, k, top, left, rows, cols, why, depth):
    # a step is counted always, and written only when steps are recorded (not in a trial)
    if regs[RECORD]:
        row = regs[STEPS]
        steps[row, RULE], steps[row, CLUE], steps[row, WHY] = rule, k, why
        steps[row, TOP], steps[row, LEFT] = top, left
        steps[row, ROWS], steps[row, COLS] = rows, cols
        steps[row, DEPTH] = depth
    regs[STEPS] += 1


@inline
def _copy(source, target):
    for i in range(source.shape[0]):
        target[i] = source[i]
