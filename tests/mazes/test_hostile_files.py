"""``tilewright maze-stats FILE`` on files made to hurt: each ends in one line and exit 2,
quickly and in little memory.

The files are built here, small, with headers and zip directories that claim what the
reported ones claimed (18.6 GiB arrays, 3.2 GB inflations); where a real inflation is
wanted, the memory limit is lowered instead of the file made large.
"""

import io
import json
import os
import struct
import subprocess
import sys
import tracemalloc
import zipfile
from pathlib import Path

import numpy as np
import pytest
from numpy.lib import format as npy_format

from tilewright import TilewrightError
from tilewright.cli import main
from tilewright.mazes import generate
from tilewright.mazes import io as maze_io
from tilewright.mazes.io import json_chunks, read_json, read_maze, read_npz, write_npz

MAZE = generate(6, 4, "kruskal", seed=3)


# --- building files -----------------------------------------------------------------------

# A .npz holds its arrays stored (numpy.savez, tilewright's default) or deflated
# (numpy.savez_compressed, --compress): every check holds for both.
BOTH = pytest.mark.parametrize("compression", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])


def npy(array: np.ndarray | None = None, *, shape=None, descr=None, data: bytes | None = None):
    """The bytes of a .npy file; ``shape``, ``descr`` and ``data`` override the array's,
    so the header can claim what the data is not."""
    array = np.asarray(array) if array is not None else np.zeros(0, dtype=bool)
    header = {
        "descr": descr or npy_format.dtype_to_descr(array.dtype),
        "fortran_order": False,
        "shape": array.shape if shape is None else shape,
    }
    out = io.BytesIO()
    npy_format.write_array_header_1_0(out, header)
    return out.getvalue() + (array.tobytes() if data is None else data)


def members_of(maze=MAZE, **overrides) -> dict[str, bytes]:
    """A maze .npz's members as .npy bytes, with some replaced (None removes one)."""
    arrays = {
        "connection_list": maze.connections,
        "width": np.array(maze.width),
        "height": np.array(maze.height),
        "algorithm": np.array(maze.algorithm),
        "seed": np.array(maze.seed, dtype=np.int64),
        "params": np.array(json.dumps(maze.params)),
    }
    members = {name: npy(array) for name, array in arrays.items()}
    for name, value in overrides.items():
        if value is None:
            members.pop(name)
        else:
            members[name] = value if isinstance(value, bytes) else npy(value)
    return members


def zip_file(path, members: dict[str, bytes], compression=zipfile.ZIP_DEFLATED) -> str:
    with zipfile.ZipFile(path, "w", compression=compression) as archive:
        for name, data in members.items():
            archive.writestr(f"{name}.npy", data)
    return str(path)


def set_declared_size(path, member: str, size: int) -> None:
    """Rewrite the uncompressed size the zip directory gives ``member`` (zipfile trusts the
    directory, not the local header)."""
    data = bytearray(Path(path).read_bytes())
    at = data.rfind(b"PK\x05\x06")
    _, _, _, _, count, _, offset, _ = struct.unpack_from("<4s4H2LH", data, at)
    for _ in range(count):
        name_len, extra_len, comment_len = struct.unpack_from("<3H", data, offset + 28)
        name = data[offset + 46 : offset + 46 + name_len].decode()
        if name == f"{member}.npy":
            struct.pack_into("<L", data, offset + 24, size)
        offset += 46 + name_len + extra_len + comment_len
    Path(path).write_bytes(bytes(data))


@pytest.fixture
def refused(capsys):
    """``refused(path, words)``: maze-stats on ``path`` gives one error line with ``words``."""

    def check(path, words: str) -> str:
        capsys.readouterr()
        with pytest.raises(SystemExit) as stop:
            main(["maze-stats", str(path)])
        out, err = capsys.readouterr()
        assert stop.value.code == 2, err
        assert out == ""
        assert err.endswith("\n") and err.count("\n") == 1, err
        assert err.startswith("tilewright: error: "), err
        assert words in err, err
        return err

    return check


def lower_memory(monkeypatch, limit: int) -> None:
    """Make io's memory check see only ``limit`` bytes free, as a small machine would."""

    def check_fits(needed, what):
        if not needed <= limit:
            raise TilewrightError(f"{what} needs about {needed} bytes; only {limit} are free")

    monkeypatch.setattr(maze_io, "check_fits", check_fits)


# --- files that are fine ----------------------------------------------------------------


@pytest.mark.parametrize("compression", [zipfile.ZIP_DEFLATED, zipfile.ZIP_STORED])
def test_npz_members_stored_or_deflated_are_read(tmp_path, compression):
    path = zip_file(tmp_path / "m.npz", members_of(), compression)
    maze = read_maze(path)
    assert maze == MAZE
    assert (maze.algorithm, maze.seed, maze.params) == ("kruskal", 3, {})


def test_npz_written_by_numpy_in_any_order_is_read(tmp_path):
    path = tmp_path / "f.npz"
    np.savez(path, connection_list=np.asfortranarray(MAZE.connections), seed=np.int32(7))
    maze = read_maze(str(path))
    assert maze == MAZE and maze.seed == 7 and maze.algorithm is None
    buffer = io.BytesIO()
    write_npz(MAZE, buffer)
    buffer.seek(0)
    assert read_npz(buffer) == MAZE


def test_cli_measures_good_files(tmp_path, capsys):
    npz, js = tmp_path / "m.npz", tmp_path / "m.json"
    with open(npz, "wb") as stream:
        write_npz(MAZE, stream)
    js.write_bytes(b"".join(json_chunks(MAZE)))
    for path in (npz, js):
        main(["maze-stats", str(path), "-f", "json"])
        assert json.loads(capsys.readouterr().out)["width"] == 6


# --- not regular files ------------------------------------------------------------------


@pytest.mark.parametrize(("path", "words"), [("/dev/zero", "character device")])
def test_devices_are_refused(refused, path, words):
    if not os.path.exists(path):
        pytest.skip(f"no {path} here")
    refused(path, words)


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path, refused):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "pipe.npz"
    os.mkfifo(fifo)
    refused(fifo, "FIFO")


def test_a_directory_is_refused(tmp_path):
    with pytest.raises(TilewrightError, match="directory"):
        read_maze(str(tmp_path))


def test_a_path_of_the_wrong_type_is_a_type_error():
    with pytest.raises(TypeError):
        read_maze(5)
    with pytest.raises(TypeError):
        read_npz(None)
    with pytest.raises(TypeError):
        read_json(["{}"])


# --- .npz: metadata ---------------------------------------------------------------------


@BOTH
@pytest.mark.parametrize(
    ("overrides", "words"),
    [
        ({"seed": np.array([1, 2, 3])}, "seed must be one whole number"),
        ({"seed": np.array(1.5)}, "seed must be one whole number"),
        ({"seed": np.array(2**64 - 1, dtype=np.uint64)}, "seed must be 0 to"),
        ({"seed": np.array(-7)}, "seed must be 0 to"),
        ({"algorithm": np.array(5)}, "algorithm must be one text"),
        ({"algorithm": np.array(["a", "b"])}, "algorithm must be one text"),
        ({"params": np.array("{not json")}, "params are not JSON"),
        ({"params": np.array("[1, 2]")}, "must be a JSON object"),
        ({"params": np.array("[" * 50_000)}, "nested too deeply"),
        ({"params": np.array(7)}, "params must be one text"),
        ({"width": np.array(7)}, "width is 7 but its connection_list has 6"),
        ({"height": np.array("4")}, "height must be one whole number"),
        ({"connection_list": None}, "no connection_list"),
        ({"connection_list": MAZE.connections.astype(np.uint8)}, "must be boolean"),
        ({"connection_list": np.array([object()])}, "must be boolean"),
        ({"connection_list": np.zeros((3, 2, 2), dtype=bool)}, "shape (2, height, width)"),
        ({"connection_list": np.zeros((2, 0, 5), dtype=bool)}, "must be 1 to"),
        ({"connection_list": npy(MAZE.connections, data=b"\x02" * 48)}, "other than 0 and 1"),
        ({"connection_list": b"\x93NUMPY\x03\x00junk"}, ".npy format (3, 0)"),
        ({"connection_list": b"not an npy file at all"}, "no valid .npy header"),
    ],
)
def test_npz_metadata_of_the_wrong_kind_is_refused(
    compression, tmp_path, refused, overrides, words
):
    refused(zip_file(tmp_path / "m.npz", members_of(**overrides), compression), words)


@BOTH
def test_an_out_of_grid_passage_is_refused(compression, tmp_path, refused):
    connections = MAZE.connections.copy()
    connections[1, 0, -1] = True
    refused(
        zip_file(tmp_path / "m.npz", members_of(connection_list=connections), compression),
        "right out",
    )


# --- .npz: sizes that lie ---------------------------------------------------------------


@BOTH
def test_a_header_claiming_18_gib_is_refused_before_allocating(compression, tmp_path, refused):
    # (2, 100000, 100000) bools: 18.6 GiB by the header; a few bytes in the zip
    claim = npy(MAZE.connections, shape=(2, 100_000, 100_000))
    refused(
        zip_file(tmp_path / "m.npz", members_of(connection_list=claim), compression),
        "by its header",
    )


@BOTH
def test_a_directory_claiming_3_gb_from_a_few_bytes_is_refused(compression, tmp_path, refused):
    # header and zip directory agree on 3.2 GB, but neither deflate nor storing can make
    # that from 60 bytes
    header = npy(MAZE.connections, shape=(2, 40_000, 40_000), data=b"")
    members = members_of(connection_list=header + bytes(48))
    path = zip_file(tmp_path / "m.npz", members, compression)
    set_declared_size(path, "connection_list", len(header) + 2 * 40_000**2)
    refused(path, "compressed bytes can hold")


@BOTH
def test_a_zip_bomb_is_refused_before_inflating_when_memory_is_short(
    compression, tmp_path, refused, monkeypatch
):
    # 8 MB of walls deflate to 8 KB; on a machine with 4 MB free it must not be inflated
    # (nor, stored, read)
    walls = np.zeros((2, 2000, 2000), dtype=bool)
    members = members_of(connection_list=walls, width=None, height=None)
    path = zip_file(tmp_path / "bomb.npz", members, compression)
    assert compression == zipfile.ZIP_STORED or os.path.getsize(path) < 100_000
    lower_memory(monkeypatch, 4_000_000)
    tracemalloc.start()
    try:
        refused(path, "a 2000x2000 maze needs about")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2_000_000


@BOTH
def test_maze_stats_counts_its_own_work_against_memory(compression, tmp_path, refused, monkeypatch):
    # the maze alone (800 KB) fits in 4 MB; with the metrics' 24 bytes a cell it does not
    walls = np.zeros((2, 200, 2000), dtype=bool)
    members = members_of(connection_list=walls, width=None, height=None)
    path = zip_file(tmp_path / "m.npz", members, compression)
    lower_memory(monkeypatch, 4_000_000)
    assert read_maze(path).width == 2000
    refused(path, "needs about")


@BOTH
def test_data_beyond_the_declared_size_is_never_inflated(compression, tmp_path, refused):
    # the zip directory declares a 6x4 maze; the member really inflates to 64 MB
    true = npy(MAZE.connections)
    members = members_of(connection_list=true + bytes(64 << 20))
    path = zip_file(tmp_path / "m.npz", members, compression)
    set_declared_size(path, "connection_list", len(true))
    tracemalloc.start()
    try:
        refused(path, "CRC")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20


@BOTH
def test_data_short_of_the_declared_size_is_refused(compression, tmp_path, refused):
    short = npy(MAZE.connections)[:-10]
    refused(
        zip_file(tmp_path / "m.npz", members_of(connection_list=short), compression),
        "by its header",
    )


@BOTH
def test_a_zip_directory_of_many_members_is_refused(compression, tmp_path, refused):
    members = members_of()
    members.update({f"extra{k}": b"" for k in range(100)})
    refused(zip_file(tmp_path / "m.npz", members, compression), "members")


@BOTH
def test_a_zip64_directory_claiming_a_million_members_is_refused(compression, tmp_path, refused):
    # zipfile would read a directory of the size the zip64 end record gives, whole
    path = tmp_path / "m.npz"
    data = Path(zip_file(path, members_of(), compression)).read_bytes()
    end = data.rfind(b"PK\x05\x06")
    offset = struct.unpack_from("<L", data, end + 16)[0]
    record = struct.pack("<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, 10**6, 10**6, 10**9, offset)
    locator = struct.pack("<4sLQL", b"PK\x06\x07", 0, end, 1)
    path.write_bytes(data[:end] + record + locator + data[end:])
    refused(path, "lists 1000000 members")


def test_truncated_and_strange_archives_are_refused(tmp_path, refused):
    good = Path(zip_file(tmp_path / "good.npz", members_of())).read_bytes()
    cut = tmp_path / "cut.npz"
    cut.write_bytes(good[: len(good) // 2])
    refused(cut, "npz")
    bz = tmp_path / "bz.npz"
    zip_file(bz, members_of(), zipfile.ZIP_BZIP2)
    refused(bz, "compressed in a way NumPy never writes")
    encrypted = bytearray(good)
    for at in range(len(encrypted) - 4):  # set the "encrypted" flag everywhere it is kept
        if encrypted[at : at + 4] in (b"PK\x01\x02", b"PK\x03\x04"):
            flag_at = at + (8 if encrypted[at + 2] == 1 else 6)
            encrypted[flag_at] |= 1
    locked = tmp_path / "locked.npz"
    locked.write_bytes(bytes(encrypted))
    refused(locked, "encrypted")


# --- JSON -------------------------------------------------------------------------------


def maze_json(**changes) -> bytes:
    data = json.loads(b"".join(json_chunks(MAZE)))
    data.update(changes)
    return json.dumps(data).encode()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
        (b'{"connection_list": ' + b"[" * 100_000, "nested too deeply"),
        (b"[1, 2", "not a maze JSON document"),
        (b"\xff\xfe\x00garbage", "not a maze JSON document"),
        (b'{"seed": ' + b"9" * 5000 + b"}", "too many digits"),
        (b"[]", "no object with a connection_list"),
        (b'{"connection_list": [[[true]], [[1]]]}', "only true and false"),
        (b'{"connection_list": [[[true, false]], [[true]]]}', "shape (2, height, width)"),
        (b'{"connection_list": [[[]], [[]]]}', "at least one cell"),
        (b'{"connection_list": "no"}', "shape (2, height, width)"),
        (maze_json(seed=[1, 2]), "seed must be a whole number, not a list"),
        (maze_json(seed=1.5), "seed must be a whole number"),
        (maze_json(seed=True), "seed must be a whole number"),
        (maze_json(seed=-1), "seed must be 0 to"),
        (maze_json(algorithm=5), "algorithm must be a string"),
        (maze_json(params=[1]), "params must be an object"),
        (maze_json(params="{}"), "params must be an object"),
        (maze_json(width=7), "width is 7 but its connection_list has 6"),
        (maze_json(height="4"), "height must be a whole number"),
        (maze_json(width=10**400), "but its connection_list has 6"),
    ],
)
def test_json_of_the_wrong_kind_is_refused(tmp_path, refused, text, words):
    path = tmp_path / "m.json"
    path.write_bytes(text)
    refused(path, words)


def test_json_larger_than_the_limit_is_refused_unread(tmp_path, refused, monkeypatch):
    path = tmp_path / "m.json"
    path.write_bytes(maze_json())
    monkeypatch.setattr(maze_io, "MAX_JSON_BYTES", 100)
    refused(path, "save large mazes as .npz")


def test_json_whose_parse_would_not_fit_is_refused(tmp_path, refused, monkeypatch):
    # empty lists cost 64 bytes each to parse: 3 bytes of text each here
    path = tmp_path / "lists.json"
    path.write_bytes(b'{"connection_list": [' + b"[]," * 100_000 + b"[]]}")
    lower_memory(monkeypatch, 4_000_000)
    refused(path, "parsing the maze's JSON needs about")
    # a maze with more text parses within the same limit
    maze = generate(250, 120, "kruskal", seed=1)
    good = tmp_path / "good.json"
    good.write_bytes(b"".join(json_chunks(maze)))
    assert os.path.getsize(good) > os.path.getsize(path)
    assert read_maze(str(good)) == maze


# --- as a user runs it ------------------------------------------------------------------


def tilewright(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args], capture_output=True, timeout=120
    )


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_end_at_once_in_a_separate_process(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    done = tilewright("maze-stats", device)
    assert done.returncode == 2
    assert done.stderr.decode().splitlines() == [
        f"tilewright: error: cannot read '{device}': it is a character device, not a maze file"
    ]


def test_a_lying_npz_ends_in_one_line_in_a_separate_process(tmp_path):
    claim = npy(MAZE.connections, shape=(2, 100_000, 100_000))
    path = zip_file(tmp_path / "m.npz", members_of(connection_list=claim))
    done = tilewright("maze-stats", path)
    assert done.returncode == 2 and done.stdout == b""
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("tilewright: error: the .npz member")
