"""Saving and loading mazes as ``.npz`` and JSON, in maze-dataset's ``connection_list``
layout (see ``model.py``) with the algorithm, seed and parameters that made them."""

import io
import json
import zipfile
from collections.abc import Iterator
from typing import Any, BinaryIO

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.mazes.model import Maze


def read_maze(path: str) -> Maze:
    """A maze from a ``.npz`` or JSON file, told apart by content, not by name."""
    try:
        with open(path, "rb") as stream:
            data = stream.read()
    except OSError as error:
        raise TilewrightError(f"cannot read {path}: {error.strerror}") from None
    if data[:2] == b"PK":  # a zip archive: NumPy's .npz
        return read_npz(io.BytesIO(data))
    return read_json(data)


def write_npz(maze: Maze, stream: BinaryIO) -> None:
    """Compressed NumPy archive: ``connection_list`` plus metadata as 0-d arrays."""
    np.savez_compressed(stream, **_metadata_arrays(maze), connection_list=maze.connections)


def read_npz(source: str | BinaryIO) -> Maze:
    try:
        with np.load(source, allow_pickle=False) as archive:
            if "connection_list" not in archive:
                raise TilewrightError("the .npz file has no connection_list array")
            connections = archive["connection_list"]
            info = _metadata_from(archive)
    except (OSError, ValueError, zipfile.BadZipFile) as error:
        if isinstance(error, TilewrightError):
            raise
        raise TilewrightError(f"not a readable maze .npz file: {error}") from None
    if connections.dtype != np.bool_:
        raise TilewrightError(f"connection_list must be boolean, not {connections.dtype}")
    return Maze(connections, **info)


def json_chunks(maze: Maze) -> Iterator[bytes]:
    """The maze as one JSON object, produced row by row so big mazes need no big strings."""
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
    try:
        data = json.loads(text)
        connections = np.array(data["connection_list"])
    except (ValueError, KeyError, TypeError) as error:
        raise TilewrightError(f"not a maze JSON document: {error}") from None
    if connections.dtype != np.bool_:
        raise TilewrightError("connection_list must hold only true and false")
    info = {k: data.get(k) for k in ("algorithm", "seed")}
    return Maze(connections, params=data.get("params") or {}, **info)


def _metadata_arrays(maze: Maze) -> dict[str, np.ndarray]:
    return {
        "width": np.array(maze.width),
        "height": np.array(maze.height),
        "algorithm": np.array(maze.algorithm or ""),
        "seed": np.array(-1 if maze.seed is None else maze.seed, dtype=np.int64),
        "params": np.array(json.dumps(maze.params)),
    }


def _metadata_from(archive: Any) -> dict[str, Any]:
    info: dict[str, Any] = {}
    if "algorithm" in archive and str(archive["algorithm"]):
        info["algorithm"] = str(archive["algorithm"])
    if "seed" in archive and int(archive["seed"]) >= 0:
        info["seed"] = int(archive["seed"])
    if "params" in archive:
        info["params"] = json.loads(str(archive["params"]))
    return info
