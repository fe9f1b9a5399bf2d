"""Saving and loading mazes as ``.npz`` and JSON, in maze-dataset's ``connection_list``
layout (see ``model.py``) with the algorithm, seed and parameters that made them.

Reading takes files from anywhere, so it trusts nothing in them. Only regular files are
opened: a device such as ``/dev/zero`` or a FIFO would be read forever. A ``.npz`` is judged
by its zip directory and each array's ``.npy`` header before a byte of data is inflated --
the dtype, the shape, that the sizes the zip and the header declare agree and that the
array fits in memory -- and then inflated in bounded reads that stop at the declared size,
so a zip bomb costs no more than the maze it claims to be, and that is refused up front
when it does not fit. JSON is read up to ``MAX_JSON_BYTES``, its parse checked against the
free memory first, and nesting too deep for the parser is refused. Every failure is one
:class:`TilewrightError` of one line.
"""

import json
import math
import os
import struct
import zipfile
import zlib
from collections.abc import Callable, Iterator
from typing import IO, Any, BinaryIO

import numpy as np
from numpy.lib import format as npy_format

from tilewright.core.errors import TilewrightError
from tilewright.core.memory import check_fits, human_bytes
from tilewright.core.numbers import quoted, shown
from tilewright.core.reading import open_regular, reason
from tilewright.core.seeds import MAX_SEED
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.model import Maze, check_maze

# JSON spends about six bytes of text a cell; larger mazes belong in .npz files.
MAX_JSON_BYTES = 1 << 30
# A maze's .npz holds six arrays; its zip directory is well under a kibibyte.
MAX_MEMBERS = 64
MAX_DIRECTORY_BYTES = 1 << 16
# Longest algorithm name or params text read from a .npz, in characters.
MAX_TEXT = 1 << 16
# A side this long could never be generated; the bound keeps sizes inside int64 and float.
MAX_SIDE = 2**40
# Deflate cannot inflate one byte into more than 1032 (RFC 1951: 258-byte matches coded in
# two bits at best); a member that declares more is lying.
_DEFLATE_RATIO = 1032
# Bytes inflated per read: large enough to cost nothing per call, small enough to matter
# nowhere beside the maze itself.
_CHUNK = 1 << 22
_ZIP_END = b"PK\x05\x06"
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_END = b"PK\x06\x06"
_ZIP_END_SIZE = 22
_ZIP64_LOCATOR_SIZE = 20
_ZIP64_END_SIZE = 56
_LONGEST_ZIP_COMMENT = 65535
# Peak memory of json.loads, per byte of text and per object it makes (measured on
# CPython 3.11: a maze's text takes about 2.6 times its size; an empty list 56 bytes and a
# pointer to it 8, a short str about 50): charged from counts of '[', '{' and '"'.
_JSON_BYTES_PER_BYTE = 8
_JSON_BYTES_PER_CONTAINER = 64
_JSON_BYTES_PER_QUOTE = 32
_METADATA = ("width", "height", "algorithm", "seed", "params")


def read_maze(path: str | os.PathLike, *, work_bytes_per_cell: float = 0) -> Maze:
    """A maze from a ``.npz`` or JSON file, told apart by content, not by name.

    Accepted: a regular file (not a directory, device, FIFO or socket) that is either

    * a zip archive as ``numpy.savez`` or ``numpy.savez_compressed`` write it (members
      stored or deflated, not encrypted, at most ``MAX_MEMBERS``), holding
      ``connection_list``: bool, shape (2, H, W) with H, W ≥ 1, C or Fortran order, every
      byte 0 or 1; and optionally 0-d ``width`` and ``height`` (integers equal to W and H),
      ``algorithm`` (text, empty for none), ``seed`` (an integer, -1 for none) and
      ``params`` (text holding a JSON object); or
    * a JSON object of at most ``MAX_JSON_BYTES`` with ``connection_list`` (nested lists of
      true and false, shape (2, H, W)) and optionally ``width``, ``height``,
      ``algorithm`` (a string or null), ``seed`` (a whole number or null) and ``params``
      (an object or null).

    Seeds are 0 to ``MAX_SEED``. Other members and keys are ignored.

    Parameters
    ----------
    path : str or os.PathLike
        The file.
    work_bytes_per_cell : float
        Memory the caller will need per cell once the maze is read; the maze is refused
        before it is inflated when that and the maze do not fit in memory together.

    Returns
    -------
    Maze
        The maze, with the algorithm, seed and parameters recorded in the file.

    Raises
    ------
    TypeError
        When ``path`` is not a str or path.
    TilewrightError
        When the file cannot be read, is not a regular file, is not a maze file as above,
        or does not fit in memory.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.mazes import generate
    >>> path = os.path.join(tempfile.mkdtemp(), "maze.json")
    >>> generate(8, 5, "wilson", seed=3).save(path)
    >>> read_maze(path)
    <Maze 8x5 wilson seed=3>
    >>> read_maze("/dev/zero")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot read '/dev/zero': it is a character \
device, not a maze file
    """
    name = _path_name(path)
    with open_regular(path, name, "a maze file") as stream:
        if stream.read(2) == b"PK":  # a zip archive: NumPy's .npz
            stream.seek(0)
            return _read_npz(stream, work_bytes_per_cell)
        stream.seek(0)
        return _maze_from_json(_read_json_bytes(stream, name), work_bytes_per_cell)


@fill_maze_doc
def write_npz(maze: Maze, stream: BinaryIO, compress: bool = False) -> None:
    """The maze as a NumPy archive: ``connection_list`` plus its record as 0-d arrays.

    The archive is what ``numpy.savez`` writes: its members are stored as they are, so a
    large maze is written at the speed of the disk (a 3000×3000 maze is 18 MB, written in
    a few hundredths of a second, where deflating it takes a second and a half). With
    ``compress``, it is what ``numpy.savez_compressed`` writes: about a sixth of the size.
    ``numpy.load`` and :func:`read_maze` read either.

    Parameters
    ----------
    %(maze)s
    stream : binary file object
        Where the archive goes; it need not be seekable.
    compress : bool
        Deflate the members.

    %(maze_type_raises)s

    Examples
    --------
    >>> import io
    >>> from tilewright.mazes import generate
    >>> buffer = io.BytesIO()
    >>> write_npz(generate(5, 4, "prim", seed=2), buffer)
    >>> _ = buffer.seek(0)
    >>> archive = np.load(buffer)
    >>> archive["connection_list"].shape, str(archive["algorithm"]), int(archive["seed"])
    ((2, 4, 5), 'prim', 2)
    """
    check_maze(maze)
    # typed Any: NumPy's stubs would match a name in the dict to savez's own allow_pickle
    arrays: dict[str, Any] = {**_metadata_arrays(maze), "connection_list": maze.connections}
    save = np.savez_compressed if compress else np.savez
    save(stream, **arrays)


def read_npz(source: str | os.PathLike | BinaryIO) -> Maze:
    """A maze from a ``.npz`` file or seekable binary stream (see :func:`read_maze`).

    Parameters
    ----------
    source : str, os.PathLike or binary file object
        A path to a regular file, or an open seekable binary stream.

    Returns
    -------
    Maze
        The maze, with the algorithm, seed and parameters recorded in the archive.

    Raises
    ------
    TypeError
        When ``source`` is neither a path nor a binary stream.
    TilewrightError
        When the archive is not a maze ``.npz`` file or does not fit in memory.

    Examples
    --------
    >>> import io
    >>> from tilewright.mazes import generate
    >>> buffer = io.BytesIO()
    >>> write_npz(generate(8, 5, "prim", seed=2), buffer, compress=True)
    >>> read_npz(buffer)
    <Maze 8x5 prim seed=2>
    """
    if isinstance(source, str | os.PathLike):
        name = _path_name(source)
        with open_regular(source, name, "a maze file") as stream:
            return _read_npz(stream, 0)
    if not all(hasattr(source, attribute) for attribute in ("read", "seek", "tell")):
        raise TypeError(f"read_npz needs a path or a binary stream, not {type(source).__name__}")
    return _read_npz(source, 0)


@fill_maze_doc
def json_chunks(maze: Maze) -> Iterator[bytes]:
    """The maze as one JSON object, produced row by row so big mazes need no big strings.

    Parameters
    ----------
    %(maze)s

    Returns
    -------
    iterator of bytes
        ``width``, ``height``, ``algorithm``, ``seed``, ``params`` and then
        ``connection_list`` as nested lists of true and false.

    Examples
    --------
    >>> from tilewright.mazes import generate
    >>> print(b"".join(json_chunks(generate(2, 1, "kruskal", seed=7))).decode(), end="")
    {"width": 2, "height": 1, "algorithm": "kruskal", "seed": 7, "params": {}, \
"connection_list": [[[false,false]], [[true,false]]]}
    """
    head = {
        "width": maze.width,
        "height": maze.height,
        "algorithm": maze.algorithm,
        "seed": maze.seed,
        "params": maze.params,
    }
    yield json.dumps(head)[:-1].encode() + b', "connection_list": ['
    words = np.array([b"false", b"true"])
    for plane in range(2):
        yield b"[" if plane == 0 else b", ["
        for r in range(maze.height):
            row = b",".join(words[maze.connections[plane, r].view(np.uint8)])
            yield (b"[" if r == 0 else b", [") + row + b"]"
        yield b"]"
    yield b"]}\n"


def read_json(text: str | bytes) -> Maze:
    """A maze from the text of a JSON document (see :func:`read_maze` for what it holds).

    Parameters
    ----------
    text : str, bytes or bytearray
        The document (bytes in UTF-8, -16 or -32).

    Returns
    -------
    Maze
        The maze, with the algorithm, seed and parameters recorded in the document.

    Raises
    ------
    TypeError
        When ``text`` is not text or bytes.
    TilewrightError
        When it is not a maze document, is nested too deeply or does not fit in memory.

    Examples
    --------
    >>> read_json('{"connection_list": [[[false, false]], [[true, false]]], "seed": 4}')
    <Maze 2x1 seed=4>
    """
    if not isinstance(text, str | bytes | bytearray):
        raise TypeError(f"read_json needs str or bytes, not {type(text).__name__}")
    return _maze_from_json(text, 0)


# --- files ------------------------------------------------------------------------------


def _path_name(path: object) -> str:
    """``path`` quoted for messages; a TypeError unless it is a path."""
    if not isinstance(path, str | bytes | os.PathLike):
        raise TypeError(f"a maze file is named by a str or path, not {type(path).__name__}")
    return quoted(os.fsdecode(path))


def _read_json_bytes(stream: BinaryIO, name: str) -> bytearray:
    """The whole file, refused when it passes ``MAX_JSON_BYTES``: read in chunks, so a
    file that grows while it is read (or claims size 0, as /proc files do) stops there."""
    too_large = (
        f"{name} is more than {human_bytes(MAX_JSON_BYTES)} of JSON; "
        "save large mazes as .npz (tilewright maze ... -o maze.npz)"
    )
    size = os.fstat(stream.fileno()).st_size
    if size > MAX_JSON_BYTES:
        raise TilewrightError(too_large)
    check_fits(size, f"reading {name}")
    text = bytearray()
    while len(text) <= MAX_JSON_BYTES:
        chunk = stream.read(_CHUNK)
        if not chunk:
            return text
        text += chunk
    raise TilewrightError(too_large)


# --- JSON -------------------------------------------------------------------------------


def parsed_json(text: str | bytes | bytearray, nested: str, malformed: str) -> Any:
    """``text`` parsed as JSON, or a refusal in one line.

    Parameters
    ----------
    text : str, bytes or bytearray
        The JSON text.
    nested : str
        The message when the text nests deeper than Python's recursion limit.
    malformed : str
        The start of the message when it is not JSON; the reason follows a colon.

    Returns
    -------
    object
        The parsed value.

    Raises
    ------
    TilewrightError
        When ``text`` is not JSON or nests too deeply.
    """
    try:
        return json.loads(text)
    except RecursionError:
        raise TilewrightError(nested) from None
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError, a 5000-digit number
        raise TilewrightError(f"{malformed}: {reason(error)}") from None


def _maze_from_json(text: str | bytes | bytearray, work_bytes_per_cell: float) -> Maze:
    check_fits(_json_memory(text), "parsing the maze's JSON")
    not_maze = "not a maze JSON document"
    data = parsed_json(text, f"{not_maze}: it is nested too deeply", not_maze)
    if not isinstance(data, dict) or "connection_list" not in data:
        raise TilewrightError("not a maze JSON document: no object with a connection_list")
    connections = _json_connections(data["connection_list"])
    height, width = connections.shape[1:]
    check_fits(width * height * work_bytes_per_cell, f"a {width}x{height} maze")
    for key, size in (("width", width), ("height", height)):
        if data.get(key) is not None:
            _check_side(data[key], key, size)
    return Maze(
        connections,
        algorithm=_json_algorithm(data.get("algorithm")),
        seed=_checked_seed(data.get("seed"), none=None),
        params=_json_params(data.get("params")),
    )


def _json_memory(text: str | bytes | bytearray) -> int:
    """Bytes that parsing ``text`` may take at most (see ``_JSON_BYTES_PER_BYTE``); the
    counts cost a pass over the text each, at C speed."""
    if isinstance(text, str):
        containers, quotes = text.count("[") + text.count("{"), text.count('"')
    else:
        containers, quotes = text.count(b"[") + text.count(b"{"), text.count(b'"')
    return (
        len(text) * _JSON_BYTES_PER_BYTE
        + containers * _JSON_BYTES_PER_CONTAINER
        + quotes * _JSON_BYTES_PER_QUOTE
    )


def _json_connections(value: Any) -> np.ndarray:
    """(2, H, W) bool from nested lists of true and false."""
    try:
        connections = np.array(value) if isinstance(value, list) else None
    except (ValueError, TypeError, OverflowError):  # ragged rows; past 64 dimensions
        connections = None
    if connections is None or connections.ndim != 3 or connections.shape[0] != 2:
        got = "" if connections is None else f", got {connections.shape}"
        raise TilewrightError(f"connection_list must have shape (2, height, width){got}")
    if min(connections.shape) < 1:
        raise TilewrightError("connection_list must have at least one cell")
    if connections.dtype != np.bool_:
        raise TilewrightError("connection_list must hold only true and false")
    return connections


def _json_algorithm(value: Any) -> str | None:
    if value is not None and not isinstance(value, str):
        raise TilewrightError(f"the maze's algorithm must be a string, not {_json_type(value)}")
    if value is not None and len(value) > MAX_TEXT:
        raise TilewrightError(f"the maze's algorithm is longer than {MAX_TEXT} characters")
    return value


def _json_params(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TilewrightError(f"the maze's params must be an object, not {_json_type(value)}")
    return value


def _json_type(value: Any) -> str:
    names = {bool: "true or false", int: "a number", float: "a number", str: "a string"}
    return names.get(type(value), "a list" if isinstance(value, list) else "an object")


# --- .npz -------------------------------------------------------------------------------


def _read_npz(stream: BinaryIO, work_bytes_per_cell: float) -> Maze:
    """The maze in the zip archive ``stream``, each array checked before it is read."""
    try:
        _check_zip_directory(stream)
        with zipfile.ZipFile(stream) as archive:
            members = {_array_name(info.filename): info for info in archive.infolist()}
            if "connection_list" not in members:
                raise TilewrightError("the .npz file has no connection_list array")
            meta = {k: _read_metadata(archive, members[k], k) for k in _METADATA if k in members}
            connections = _read_array(
                archive,
                members["connection_list"],
                "connection_list",
                _connection_rule,
                work_bytes_per_cell,
            )
    except TilewrightError:
        raise
    except (
        zipfile.BadZipFile,  # also a CRC that does not match: data beyond what was declared
        zipfile.LargeZipFile,
        NotImplementedError,  # a compression method zipfile lacks
        RuntimeError,  # encrypted
        EOFError,  # compressed data shorter than declared
        OSError,
        zlib.error,
        struct.error,
        ValueError,  # a name that is not UTF-8, a negative offset
    ) as error:
        raise TilewrightError(f"not a readable maze .npz file: {reason(error)}") from None
    return Maze(connections, **_metadata_info(meta, connections.shape))


def _array_name(member: str) -> str:
    """The name ``numpy.load`` gives a member: without its ``.npy``."""
    return member[:-4] if member.endswith(".npy") else member


def _check_zip_directory(stream: BinaryIO) -> None:
    """Refuse archives whose directory is larger than a maze's could be, before
    ``zipfile`` reads it whole into memory (a directory of millions of entries would take
    gigabytes as ZipInfo objects)."""
    end = stream.seek(0, os.SEEK_END)
    tail_size = min(end, _ZIP_END_SIZE + _LONGEST_ZIP_COMMENT)
    stream.seek(end - tail_size)
    tail = stream.read(tail_size)
    # zipfile's own order: the record with no comment at the very end, else the last one
    at = len(tail) - _ZIP_END_SIZE
    if at < 0 or tail[at : at + 4] != _ZIP_END:
        at = tail.rfind(_ZIP_END)
    if at < 0 or len(tail) - at < _ZIP_END_SIZE:
        raise TilewrightError("not a readable maze .npz file: no zip directory at its end")
    _, _, _, _, entries, size, _, _ = struct.unpack_from("<4s4H2LH", tail, at)
    # zipfile prefers the zip64 end record, just before the end record's locator
    zip64_at = end - tail_size + at - _ZIP64_LOCATOR_SIZE - _ZIP64_END_SIZE
    if zip64_at >= 0:
        stream.seek(zip64_at)
        record = stream.read(_ZIP64_END_SIZE + _ZIP64_LOCATOR_SIZE)
        stream.seek(0)
        if record[:4] == _ZIP64_END and record[_ZIP64_END_SIZE:][:4] == _ZIP64_LOCATOR:
            entries, size = struct.unpack_from("<4sQ2H2L4Q", record)[7:9]
    if entries > MAX_MEMBERS or size > MAX_DIRECTORY_BYTES:
        raise TilewrightError(
            f"not a maze .npz file: its zip directory lists {shown(entries)} members in "
            f"{human_bytes(size)} (a maze's has at most {MAX_MEMBERS})"
        )
    stream.seek(0)


def _read_metadata(archive: zipfile.ZipFile, info: zipfile.ZipInfo, key: str) -> Any:
    """The 0-d value of one metadata member, as a Python object."""
    rule = _text_rule if key in ("algorithm", "params") else _integer_rule
    return _read_array(archive, info, key, rule, 0).item()


def _read_array(
    archive: zipfile.ZipFile,
    info: zipfile.ZipInfo,
    key: str,
    rule: Callable[[str, tuple, np.dtype], None],
    work_bytes_per_cell: float,
) -> np.ndarray:
    """One member's array: header read and judged by ``rule``, sizes checked against the
    zip's, then the data inflated in bounded reads."""
    _check_member(info, key)
    with archive.open(info) as member:
        shape, fortran_order, dtype = _read_header(member, key)
        rule(key, shape, dtype)
        count = math.prod(shape)
        data_bytes = count * dtype.itemsize
        _check_declared_size(info, key, member.tell() + data_bytes)
        # the array, a C-order copy of a Fortran-order one, and the caller's work
        copies = 2 if fortran_order and len(shape) > 1 else 1
        cells = count // 2 if key == "connection_list" else 0
        check_fits(copies * data_bytes + cells * work_bytes_per_cell, _describe(key, shape))
        buffer = _inflate(member, data_bytes, key)
    if dtype == np.bool_ and data_bytes and buffer.max() > 1:
        raise TilewrightError(f"{key} holds bytes other than 0 and 1, so it is not boolean")
    array = buffer.view(dtype).reshape(shape, order="F" if fortran_order else "C")
    return np.ascontiguousarray(array)


def _check_member(info: zipfile.ZipInfo, key: str) -> None:
    if info.flag_bits & 0x1:
        raise TilewrightError(f"the .npz member {key} is encrypted")
    if info.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
        raise TilewrightError(f"the .npz member {key} is compressed in a way NumPy never writes")


def _read_header(member: IO[bytes], key: str) -> tuple[tuple, bool, np.dtype]:
    """The .npy header: shape, Fortran order, dtype (read with NumPy's bounded parser)."""
    try:
        version = npy_format.read_magic(member)
        if version == (1, 0):
            return npy_format.read_array_header_1_0(member)
        if version == (2, 0):
            return npy_format.read_array_header_2_0(member)
    except (ValueError, TypeError, SyntaxError, RecursionError, struct.error):
        raise TilewrightError(f"the .npz member {key} has no valid .npy header") from None
    raise TilewrightError(f"the .npz member {key} has .npy format {version}, not 1.0 or 2.0")


def _connection_rule(key: str, shape: tuple, dtype: np.dtype) -> None:
    if dtype != np.bool_:
        raise TilewrightError(f"connection_list must be boolean, not {dtype}")
    if len(shape) != 3 or shape[0] != 2:
        raise TilewrightError(f"connection_list must have shape (2, height, width), got {shape}")
    if not all(1 <= side <= MAX_SIDE for side in shape[1:]):
        raise TilewrightError(f"connection_list's height and width must be 1 to {MAX_SIDE}")


def _integer_rule(key: str, shape: tuple, dtype: np.dtype) -> None:
    if shape != () or dtype.kind not in "iu" or dtype.itemsize > 8:
        raise TilewrightError(
            f"the .npz file's {key} must be one whole number, {_form(shape, dtype)}"
        )


def _text_rule(key: str, shape: tuple, dtype: np.dtype) -> None:
    if shape != () or dtype.kind != "U":
        raise TilewrightError(f"the .npz file's {key} must be one text, {_form(shape, dtype)}")
    if dtype.itemsize > 4 * MAX_TEXT:
        raise TilewrightError(f"the .npz file's {key} is longer than {MAX_TEXT} characters")


def _form(shape: tuple, dtype: np.dtype) -> str:
    """What a member holds, for messages: 'not an array of shape (3,)' or 'not int8'."""
    return f"not an array of shape {shape}" if shape != () else f"not {dtype}"


def _describe(key: str, shape: tuple) -> str:
    if key == "connection_list":
        return f"a {shape[2]}x{shape[1]} maze"
    return f"the .npz member {key}"


def _check_declared_size(info: zipfile.ZipInfo, key: str, expected: int) -> None:
    """The zip's sizes for a member must be what its header implies, and possible."""
    if info.file_size != expected:
        raise TilewrightError(
            f"the .npz member {key} is {shown(info.file_size)} bytes by the zip directory but "
            f"{shown(expected)} by its header"
        )
    stored = info.compress_type == zipfile.ZIP_STORED
    if info.file_size > (1 if stored else _DEFLATE_RATIO) * info.compress_size + 64:
        raise TilewrightError(
            f"the .npz member {key} declares {shown(info.file_size)} bytes, more than its "
            f"{shown(info.compress_size)} compressed bytes can hold"
        )


def _inflate(member: IO[bytes], size: int, key: str) -> np.ndarray:
    """``size`` bytes read from ``member`` into one array, a chunk at a time.

    ``zipfile`` stops at the member's declared size and checks its CRC on reaching it, so
    data beyond the declared size is never inflated (and fails the CRC).
    """
    buffer = np.empty(size, dtype=np.uint8)
    view = buffer.data  # a writable memoryview of the array
    done = 0
    while done < size:
        chunk = member.read(min(_CHUNK, size - done))
        if not chunk:
            raise TilewrightError(f"the .npz member {key} ends before its declared size")
        view[done : done + len(chunk)] = chunk
        done += len(chunk)
    return buffer


def _metadata_info(meta: dict[str, Any], shape: tuple) -> dict[str, Any]:
    """The Maze's algorithm, seed and params from the metadata members, checked."""
    for key, size in (("width", shape[2]), ("height", shape[1])):
        if key in meta:
            _check_side(meta[key], key, size)
    info: dict[str, Any] = {}
    if meta.get("algorithm"):
        info["algorithm"] = meta["algorithm"]
    seed = _checked_seed(meta.get("seed"), none=-1)
    if seed is not None:
        info["seed"] = seed
    if "params" in meta:
        info["params"] = _npz_params(meta["params"])
    return info


def _npz_params(text: str) -> dict[str, Any]:
    params = parsed_json(
        text, "the .npz file's params are nested too deeply", "the .npz file's params are not JSON"
    )
    if not isinstance(params, dict):
        raise TilewrightError(
            f"the .npz file's params must be a JSON object, not {_json_type(params)}"
        )
    return params


# --- both ---------------------------------------------------------------------------------


def _check_side(value: Any, key: str, size: int) -> None:
    """A recorded width or height must be a whole number equal to the array's."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TilewrightError(f"the maze's {key} must be a whole number, not {_json_type(value)}")
    if value != size:
        raise TilewrightError(
            f"the maze's {key} is {shown(value)} but its connection_list has {size}"
        )


def _checked_seed(value: Any, none: Any) -> int | None:
    """A recorded seed: ``none`` (null, or -1 in a .npz) for no seed, else 0 to MAX_SEED."""
    if value is None or value == none:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise TilewrightError(f"the maze's seed must be a whole number, not {_json_type(value)}")
    if not 0 <= value <= MAX_SEED:
        raise TilewrightError(f"the maze's seed must be 0 to {MAX_SEED}, got {shown(value)}")
    return value


def _metadata_arrays(maze: Maze) -> dict[str, np.ndarray]:
    return {
        "width": np.array(maze.width),
        "height": np.array(maze.height),
        "algorithm": np.array(maze.algorithm or ""),
        "seed": np.array(-1 if maze.seed is None else maze.seed, dtype=np.int64),
        "params": np.array(json.dumps(maze.params)),
    }
