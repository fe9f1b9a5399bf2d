"""Compiled access to cell graphs, one implementation per kind of graph.

Kernels call ``cell_count``, ``slot_count``, ``max_degree``, ``neighbours``,
``neighbours_with``, ``random_step``, ``random_neighbour_with``, ``through_port``,
``port_to``, ``slot_cells`` and ``slots_computed`` without knowing which graph they hold. Numba's
``overload`` picks the implementation from the argument's type when the kernel compiles:

* a ``(width, height)`` tuple: arithmetic on a square grid's row-major indices;
* ``(degrees, neighbours, slots, endpoints)`` with 2-d ``neighbours`` and ``slots``: a
  *neighbour table*, each cell's row padded to the largest degree (``CellGraph.kernel_graph``);
* ``(indptr, indices, slots, endpoints)``, all 1-d but ``endpoints``: CSR arrays.

Each kernel is therefore written once and compiled once per kind, with the accessors
inlined, so the square grid pays nothing for the generality.

Why a table beside CSR: a walk's next cell is known only when its step is taken, so every
memory read on the way to the next cell's neighbours waits in line. CSR reads the row's start
(``indptr``) and only then the row; a table's row lies at ``cell * width``, one read fewer,
and a padded slot names the cell itself, whose mark never matches, so the scan has a fixed
length and no branch. On 10⁶ hexagons that halves the backtracker's time. CSR stays for the
graphs whose padding would cost too much memory (a hub among cells of few neighbours).

Numba's cache keys a kernel on its own source file only: after editing this module (or
another shared ``core/_*.py``), delete the ``__pycache__`` folders so kernels recompile.
"""

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic, overload

from tilewright.core._rng import below, next_u64


@njit(cache=True, nogil=True, inline="always")
def _column(cell, width):
    """``cell % width`` through a floating-point reciprocal.

    Why: a 64-bit integer division costs tens of cycles, and walks ask for the column at
    every step. ``1.0 / width`` is loop-invariant, so the compiler hoists it; the estimate is
    off by at most one for any cell below 2**52, and the correction fixes that.
    """
    row = np.int64(cell * (1.0 / width))
    col = cell - row * width
    if col < 0:
        col += width
    elif col >= width:
        col -= width
    return col


@njit(cache=True, nogil=True, inline="always")
def _sides(g, cell):
    """A grid cell's neighbours up, left, right and down, with the cell itself standing in
    for a side that leaves the grid (computed with selects, not branches)."""
    w = g[0]
    n = w * g[1]
    c = _column(cell, w)
    return (
        cell - w if cell >= w else cell,
        cell - 1 if c > 0 else cell,
        cell + 1 if c < w - 1 else cell,
        cell + w if cell + w < n else cell,
    )


# For a 4-bit mask of open ports: how many are set, and the r-th set port (r < count).
PORT_COUNT = np.array([bin(m).count("1") for m in range(16)], dtype=np.int64)
NTH_PORT = np.array(
    [
        [[p for p in range(4) if m >> p & 1][r] if r < bin(m).count("1") else 0 for r in range(4)]
        for m in range(16)
    ],
    dtype=np.int64,
)


def is_square_grid(g) -> bool:
    """Whether the Numba type ``g`` is a square grid's ``(width, height)`` tuple."""
    return isinstance(g, types.UniTuple) and isinstance(g.dtype, types.Integer) and g.count == 2


def _second_ndim(g) -> int:
    """Dimensions of the second member of a four-member tuple type, else 0."""
    members: tuple = getattr(g, "types", ()) if isinstance(g, types.BaseTuple) else ()
    if len(members) != 4:
        return 0
    return getattr(members[1], "ndim", 0)


def _is_csr(g) -> bool:
    return _second_ndim(g) == 1


def _is_table(g) -> bool:
    """A neighbour table whose arrays are all C-contiguous (``CellGraph`` makes no other)."""
    return _second_ndim(g) == 2 and _flat(g)


def _flat(*arrays) -> bool:
    """Whether every array (or every array of a CSR tuple) is C-contiguous, so that the
    CSR implementations may read it through a raw pointer."""
    for a in arrays:
        inner = getattr(a, "types", (a,))  # a tuple's members, or the array itself
        if not all(isinstance(x, types.Array) and x.layout == "C" for x in inner):
            return False
    return True


# Why raw pointers on CSR graphs: an accessor is inlined into the kernel's loop, and binding
# an array argument there (the graph's four arrays, the marks, the generator state) costs an
# atomic increment and decrement of its reference count on every call, which Numba can only
# prune when no loop lies between them. A scan over a cell's neighbours is such a loop: the
# counts alone made the CSR backtracker three times slower. Taking the arrays' data pointers
# first ends the arrays' lives in straight-line code, where the counts are pruned, and the
# pointers also skip the negative-index wraparound. Only C-contiguous arrays qualify; the
# others (a CellGraph made from strided arrays) keep the indexed implementations.
@intrinsic
def data_pointer(typingctx, array):
    """Pointer to a C-contiguous array's first element (a bool array's as uint8)."""
    if not isinstance(array, types.Array) or array.layout != "C":
        return None
    dtype = types.uint8 if array.dtype == types.boolean else array.dtype

    def codegen(context, builder, signature, args):
        return context.make_array(array)(context, builder, value=args[0]).data

    return types.CPointer(dtype)(array), codegen


@intrinsic
def _part(typingctx, g, k):
    """Pointer to the first element of ``g[k]`` for a literal ``k`` (row-major for 2-D)."""
    if not isinstance(k, types.IntegerLiteral):
        return None
    array = g[k.literal_value]
    if not isinstance(array, types.Array) or array.layout != "C":
        return None

    def codegen(context, builder, signature, args):
        value = builder.extract_value(args[0], k.literal_value)
        return context.make_array(array)(context, builder, value=value).data

    return types.CPointer(array.dtype)(g, k), codegen


@intrinsic
def _row_width(typingctx, g):
    """A neighbour table's width, ``g[1].shape[1]``, read without binding the array (which
    would count a reference on every call, as ``_part`` explains)."""
    if not _is_table(g):
        return None

    def codegen(context, builder, signature, args):
        value = builder.extract_value(args[0], 1)
        table = context.make_array(g[1])(context, builder, value=value)
        return builder.extract_value(table.shape, 1)

    return types.intp(g), codegen


@intrinsic
def _prefetch(typingctx, pointer, index):
    """Ask the processor to start loading ``pointer[index]`` into the cache (for reading,
    kept in every level), and go on without waiting: ``llvm.prefetch``."""
    if not isinstance(pointer, types.CPointer) or not isinstance(index, types.Integer):
        return None

    def codegen(context, builder, signature, args):
        byte_pointer = ir.IntType(8).as_pointer()
        int32 = ir.IntType(32)
        signature_ir = ir.FunctionType(ir.VoidType(), [byte_pointer, int32, int32, int32])
        prefetch = cgutils.get_or_insert_function(
            builder.module, signature_ir, "llvm.prefetch.p0i8"
        )
        address = builder.bitcast(builder.gep(args[0], [args[1]]), byte_pointer)
        read, keep_everywhere, data = (ir.Constant(int32, v) for v in (0, 3, 1))
        builder.call(prefetch, [address, read, keep_everywhere, data])
        return context.get_dummy_value()

    return types.none(pointer, index), codegen


@intrinsic
def _bit_count(typingctx, word):
    """Set bits of a uint64 (one ``popcnt`` instruction)."""
    if word != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        return builder.zext(builder.ctpop(args[0]), context.get_value_type(types.int64))

    return types.int64(word), codegen


@intrinsic
def _lowest_bit(typingctx, word):
    """Position of the lowest set bit of a non-zero uint64 (one ``tzcnt`` instruction)."""
    if word != types.uint64:
        return None

    def codegen(context, builder, signature, args):
        zero_is_undefined = context.get_constant(types.boolean, True)
        count = builder.cttz(args[0], zero_is_undefined)
        return builder.zext(count, context.get_value_type(types.int64))

    return types.int64(word), codegen


def cell_count(g):
    """Number of cells."""
    raise NotImplementedError("compiled only")


def slot_count(g):
    """Length of the slot (open passage) array."""
    raise NotImplementedError("compiled only")


def max_degree(g):
    """Most neighbours any cell has."""
    raise NotImplementedError("compiled only")


def neighbours(g, cell, nbrs, slots):
    """Write ``cell``'s neighbours and their slots into the buffers; return how many."""
    raise NotImplementedError("compiled only")


def random_step(g, cell, rng):
    """A uniformly random neighbour of ``cell`` and the *port* it leaves by: ``(nbr, port)``.

    A port is a small number naming one of the cell's sides; ``through_port`` turns it back
    into the neighbour and the slot, so a walk can remember its exits in one byte a cell.
    """
    raise NotImplementedError("compiled only")


def random_neighbour_with(g, cell, marks, want, rng):
    """A uniformly random neighbour whose mark is ``want``, and the slot to it:
    ``(nbr, slot)``, or ``(-1, -1)`` when there is none. ``marks[cell]`` must not be
    ``want`` (a visited cell asks for unvisited neighbours, or the reverse)."""
    raise NotImplementedError("compiled only")


def neighbours_with(g, cell, marks, want, nbrs):
    """Write the neighbours whose mark is ``want`` into ``nbrs``; return how many.
    ``marks[cell]`` must not be ``want``."""
    raise NotImplementedError("compiled only")


def through_port(g, cell, port):
    """The neighbour and slot behind ``cell``'s ``port``: ``(nbr, slot)``."""
    raise NotImplementedError("compiled only")


def prefetch_cell(g, cell):
    """Start loading what ``neighbours`` and the walks read of ``cell`` (nothing on a
    square grid, where it is arithmetic), for a cell that will be needed a few steps on."""
    raise NotImplementedError("compiled only")


def port_to(g, cell, other):
    """The port of ``cell`` that leads to its neighbour ``other``."""
    raise NotImplementedError("compiled only")


def slot_cells(g, slot):
    """The two cells of a slot, or ``(-1, -1)`` for a grid slot that leaves the grid."""
    raise NotImplementedError("compiled only")


def slots_computed(g):
    """Whether slots and their cells are arithmetic (True) or read from memory (False).

    Kernels that touch slots in an order memory does not follow (Kruskal's shuffled slots,
    the slot of each step of a walk) avoid those reads when they would miss the cache, and
    take the direct way when they cost nothing."""
    raise NotImplementedError("compiled only")


@overload(cell_count, inline="always")
def _cell_count(g):
    if is_square_grid(g):
        return lambda g: g[0] * g[1]
    if _is_table(g):
        return lambda g: g[0].shape[0]
    if _is_csr(g):
        return lambda g: g[0].shape[0] - 1
    return None


@overload(slot_count, inline="always")
def _slot_count(g):
    if is_square_grid(g):
        return lambda g: 2 * g[0] * g[1]
    if _is_csr(g) or _is_table(g):
        return lambda g: g[3].shape[0]
    return None


@overload(max_degree, inline="always")
def _max_degree(g):
    if is_square_grid(g):
        return lambda g: 4
    if _is_table(g):
        return lambda g: _row_width(g)  # the table is exactly as wide as the largest degree
    if _is_csr(g):

        def impl(g):
            best = 0
            for i in range(g[0].shape[0] - 1):
                best = max(best, g[0][i + 1] - g[0][i])
            return best

        return impl
    return None


@overload(neighbours)
def _neighbours(g, cell, nbrs, slots):
    if is_square_grid(g):

        def grid_impl(g, cell, nbrs, slots):
            w = g[0]
            n = w * g[1]
            c = _column(cell, w)
            k = 0
            if cell >= w:
                nbrs[k] = cell - w
                slots[k] = cell - w
                k += 1
            if c > 0:
                nbrs[k] = cell - 1
                slots[k] = n + cell - 1
                k += 1
            if c < w - 1:
                nbrs[k] = cell + 1
                slots[k] = n + cell
                k += 1
            if cell + w < n:
                nbrs[k] = cell + w
                slots[k] = cell
                k += 1
            return k

        return grid_impl
    if _is_table(g) and _flat(nbrs, slots):

        def table_impl(g, cell, nbrs, slots):
            row = cell * _row_width(g)
            table = _part(g, 1)
            table_slots = _part(g, 2)
            out_nbrs = data_pointer(nbrs)
            out_slots = data_pointer(slots)
            k = np.int64(_part(g, 0)[cell])
            for i in range(k):
                out_nbrs[i] = table[row + i]
                out_slots[i] = table_slots[row + i]
            return k

        return table_impl
    if _is_csr(g) and _flat(g, nbrs, slots):

        def csr_flat(g, cell, nbrs, slots):
            indices = _part(g, 1)
            targets = _part(g, 2)
            out_nbrs = data_pointer(nbrs)
            out_slots = data_pointer(slots)
            lo = _part(g, 0)[cell]
            k = _part(g, 0)[cell + 1] - lo
            for i in range(k):
                out_nbrs[i] = indices[lo + i]
                out_slots[i] = targets[lo + i]
            return k

        return csr_flat
    if _is_csr(g):

        def csr_impl(g, cell, nbrs, slots):
            lo = g[0][cell]
            k = g[0][cell + 1] - lo
            for i in range(k):
                nbrs[i] = g[1][lo + i]
                slots[i] = g[2][lo + i]
            return k

        return csr_impl
    return None


@overload(slot_cells, inline="always")
def _slot_cells(g, slot):
    if is_square_grid(g):

        def grid_impl(g, slot):
            w = g[0]
            n = w * g[1]
            if slot < n:
                if slot + w < n:
                    return slot, slot + w
                return -1, -1
            cell = slot - n
            if (cell + 1) % w != 0:
                return cell, cell + 1
            return -1, -1

        return grid_impl
    if (_is_csr(g) or _is_table(g)) and _flat(g):

        def csr_flat(g, slot):
            ends = _part(g, 3)
            return ends[2 * slot], ends[2 * slot + 1]

        return csr_flat
    if _is_csr(g):
        return lambda g, slot: (g[3][slot, 0], g[3][slot, 1])
    return None


@overload(slots_computed, inline="always")
def _slots_computed(g):
    if is_square_grid(g):
        return lambda g: True
    if _is_csr(g) or _is_table(g):
        return lambda g: False
    return None


@overload(random_step, inline="always")
def _random_step(g, cell, rng):
    if is_square_grid(g):

        def grid_impl(g, cell, rng):
            # Ports 0-3 are up, left, right, down. Draw one and draw again while it leaves the
            # grid: uniform over the valid ones. The validity test is a bit mask that is all
            # ones on the interior, where a walk spends nearly all its steps, so the one
            # branch left is predictable; the step itself is chosen by selects.
            w = g[0]
            n = w * g[1]
            c = _column(cell, w)
            valid = (
                np.int64(cell >= w)
                | (np.int64(c > 0) << 1)
                | (np.int64(c < w - 1) << 2)
                | (np.int64(cell + w < n) << 3)
            )
            while True:
                bits = next_u64(rng)
                for _ in range(32):
                    port = np.int64(bits & np.uint64(3))
                    bits >>= np.uint64(2)
                    if (valid >> port) & 1:
                        step = -w if port == 0 else (-1 if port == 1 else (1 if port == 2 else w))
                        return cell + step, port

        return grid_impl
    if _is_table(g) and _flat(rng):

        def table_impl(g, cell, rng):
            port = below(data_pointer(rng), _part(g, 0)[cell])
            return np.int64(_part(g, 1)[cell * _row_width(g) + port]), port

        return table_impl
    if _is_csr(g) and _flat(g, rng):

        def csr_flat(g, cell, rng):
            indptr = _part(g, 0)
            lo = indptr[cell]
            port = below(data_pointer(rng), indptr[cell + 1] - lo)
            return np.int64(_part(g, 1)[lo + port]), port

        return csr_flat
    if _is_csr(g):

        def csr_impl(g, cell, rng):
            lo = g[0][cell]
            port = below(rng, g[0][cell + 1] - lo)
            return np.int64(g[1][lo + port]), port

        return csr_impl
    return None


@overload(through_port, inline="always")
def _through_port(g, cell, port):
    if is_square_grid(g):

        def grid_impl(g, cell, port):
            w = g[0]
            n = w * g[1]
            if port == 0:
                return cell - w, cell - w
            if port == 1:
                return cell - 1, n + cell - 1
            if port == 2:
                return cell + 1, n + cell
            return cell + w, cell

        return grid_impl
    if _is_table(g):

        def table_impl(g, cell, port):
            at = cell * _row_width(g) + port
            return np.int64(_part(g, 1)[at]), np.int64(_part(g, 2)[at])

        return table_impl
    if _is_csr(g) and _flat(g):

        def csr_flat(g, cell, port):
            at = _part(g, 0)[cell] + port
            return np.int64(_part(g, 1)[at]), _part(g, 2)[at]

        return csr_flat
    if _is_csr(g):

        def csr_impl(g, cell, port):
            at = g[0][cell] + port
            return np.int64(g[1][at]), g[2][at]

        return csr_impl
    return None


@overload(prefetch_cell, inline="always")
def _prefetch_cell(g, cell):
    if is_square_grid(g):
        return lambda g, cell: None
    if _is_table(g):
        return lambda g, cell: _prefetch(_part(g, 1), cell * _row_width(g))
    if _is_csr(g) and _flat(g):
        return lambda g, cell: _prefetch(_part(g, 0), cell)
    if _is_csr(g):
        return lambda g, cell: None
    return None


@overload(port_to, inline="always")
def _port_to(g, cell, other):
    if is_square_grid(g):

        def grid_impl(g, cell, other):
            # up is tested before left and down before right: on a grid one cell wide,
            # the cell above is also "one back"
            step = other - cell
            if step == -g[0]:
                return np.int64(0)
            if step == -1:
                return np.int64(1)
            if step == g[0]:
                return np.int64(3)
            return np.int64(2)

        return grid_impl
    if _is_table(g):

        def table_impl(g, cell, other):
            table = _part(g, 1)
            row = cell * _row_width(g)
            port = 0
            while table[row + port] != other:
                port += 1
            return np.int64(port)

        return table_impl
    if _is_csr(g):

        def csr_impl(g, cell, other):
            lo = g[0][cell]
            port = 0
            while g[1][lo + port] != other:
                port += 1
            return np.int64(port)

        return csr_impl
    return None


@overload(random_neighbour_with, inline="always")
def _random_neighbour_with(g, cell, marks, want, rng):
    if is_square_grid(g):

        def grid_impl(g, cell, marks, want, rng):
            # Collect the matching ports as a bit mask and pick one by table: no buffers, one
            # random draw. A side that leaves the grid looks at the cell itself instead, whose
            # mark never matches, so the mask needs no branches (which a random maze would
            # mispredict half the time).
            up, left, right, down = _sides(g, cell)
            mask = (
                np.int64(marks[up] == want)
                | (np.int64(marks[left] == want) << 1)
                | (np.int64(marks[right] == want) << 2)
                | (np.int64(marks[down] == want) << 3)
            )
            if mask == 0:
                return np.int64(-1), np.int64(-1)
            count = PORT_COUNT[mask]
            port = NTH_PORT[mask, below(rng, count) if count > 1 else 0]
            return through_port(g, cell, port)

        return grid_impl
    if _is_table(g) and _flat(marks, rng):

        def table_impl(g, cell, marks, want, rng):
            # The matching sides as bits, in one pass of fixed length (a padded side names
            # the cell itself, whose mark never matches), then one draw picks among the set
            # bits in order: the same count, draw and choice as the CSR scan. Each side's
            # own row is asked for on the way: a walk's next cell is one of them, and
            # its row, wanted at once, is then on its way (a fifth off the backtracker).
            # Every pointer is taken before the loop: an array still bound after it would
            # count references on every call (see ``_part``), doubling the backtracker's time.
            width = _row_width(g)
            nbrs = _part(g, 1)
            slots = _part(g, 2)
            seen = data_pointer(marks)
            state = data_pointer(rng)
            row = cell * width
            mask = np.uint64(0)
            for i in range(width):
                other = nbrs[row + i]
                _prefetch(nbrs, other * width)
                mask |= np.uint64(seen[other] == want) << np.uint64(i)
            if mask == 0:
                return np.int64(-1), np.int64(-1)
            if mask & (mask - np.uint64(1)):
                for _ in range(below(state, _bit_count(mask))):
                    mask &= mask - np.uint64(1)
            at = row + _lowest_bit(mask)
            return np.int64(nbrs[at]), np.int64(slots[at])

        return table_impl
    if _is_csr(g) and _flat(g, marks, rng):

        def csr_flat(g, cell, marks, want, rng):
            indices = _part(g, 1)
            seen = data_pointer(marks)
            state = data_pointer(rng)
            lo = _part(g, 0)[cell]
            hi = _part(g, 0)[cell + 1]
            count = 0
            for at in range(lo, hi):
                if seen[indices[at]] == want:
                    count += 1
            if count == 0:
                return np.int64(-1), np.int64(-1)
            pick = below(state, count) if count > 1 else 0
            for at in range(lo, hi):
                if seen[indices[at]] == want:
                    if pick == 0:
                        return np.int64(indices[at]), np.int64(_part(g, 2)[at])
                    pick -= 1
            return np.int64(-1), np.int64(-1)

        return csr_flat
    if _is_csr(g):

        def csr_impl(g, cell, marks, want, rng):
            lo = g[0][cell]
            hi = g[0][cell + 1]
            count = 0
            for at in range(lo, hi):
                if marks[g[1][at]] == want:
                    count += 1
            if count == 0:
                return np.int64(-1), np.int64(-1)
            pick = below(rng, count) if count > 1 else 0
            for at in range(lo, hi):
                if marks[g[1][at]] == want:
                    if pick == 0:
                        return np.int64(g[1][at]), np.int64(g[2][at])
                    pick -= 1
            return np.int64(-1), np.int64(-1)

        return csr_impl
    return None


@overload(neighbours_with, inline="always")
def _neighbours_with(g, cell, marks, want, nbrs):
    if is_square_grid(g):

        def grid_impl(g, cell, marks, want, nbrs):
            # Every side is written and the count advanced only for a match: no branches.
            # A side off the grid looks at the cell itself, whose mark never matches.
            k = 0
            for other in _sides(g, cell):
                nbrs[k] = other
                k += np.int64(marks[other] == want)
            return k

        return grid_impl
    if _is_table(g) and _flat(marks, nbrs):

        def table_impl(g, cell, marks, want, nbrs):
            # as the grid's: every side written, the count advanced only for a match
            width = _row_width(g)
            table = _part(g, 1)
            seen = data_pointer(marks)
            out = data_pointer(nbrs)
            k = 0
            for i in range(width):
                other = table[cell * width + i]
                out[k] = other
                k += np.int64(seen[other] == want)
            return k

        return table_impl
    if _is_csr(g) and _flat(g, marks, nbrs):

        def csr_flat(g, cell, marks, want, nbrs):
            indices = _part(g, 1)
            seen = data_pointer(marks)
            out = data_pointer(nbrs)
            k = 0
            for at in range(_part(g, 0)[cell], _part(g, 0)[cell + 1]):
                other = indices[at]
                if seen[other] == want:
                    out[k] = other
                    k += 1
            return k

        return csr_flat
    if _is_csr(g):

        def csr_impl(g, cell, marks, want, nbrs):
            k = 0
            for at in range(g[0][cell], g[0][cell + 1]):
                other = g[1][at]
                if marks[other] == want:
                    nbrs[k] = other
                    k += 1
            return k

        return csr_impl
    return None
