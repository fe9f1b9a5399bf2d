"""Saving mazes on polygon grids in each format, and reading their data back.

========= ========== ===================================================================
format    suffix     what is written
========= ========== ===================================================================
svg       .svg       vector picture (``grid_pictures.py``)
png       .png       bitmap, the SVG drawn by cairo
pdf       .pdf       vector picture, the SVG drawn by cairo
json      .json      the record, the grid (vertices, cells as vertex ids, walls with their
                     two cells, passage and whether open) and the passages: everything
                     :func:`read_grid_maze` needs to rebuild the maze exactly
npz       .npz       the same arrays, as ``numpy.savez`` writes them
geojson   .geojson   a FeatureCollection: each cell a Polygon (with its id), the closed
                     walls as LineStrings (joined, each wall once), for GIS and plotting
                     tools; coordinates in drawing units with ``y`` pointing down
========= ========== ===================================================================

The data formats hold these arrays (JSON as lists, the npz as arrays of these dtypes):

``vertices`` float (V, 2); ``cells`` each cell's vertex ids in order round it (the npz:
``polygon_ptr`` int64 (n + 1) and ``polygons`` int32); ``walls`` int32 (E, 2) vertex ids;
``wall_cells`` int32 (E, 2), -1 for the outside; ``wall_passage`` int64 (E,), the passage
through each wall or -1; ``wall_open`` bool (E,); ``under`` int32 (k,), the crossing cell of
graph node n + i (weave mazes); ``passages`` int32 (S, 2), the two graph nodes of each
possible passage; ``open`` bool (S,). Beside them: ``kind`` and ``grid_params`` (the grid),
``algorithm``, ``seed`` and ``params`` (the maze), and ``record``, what made it
(``tilewright.core.metadata``).

Every file is written through ``tilewright.core.output.open_output``, completely or not at
all; pictures and texts are made before the file is opened.
"""

import contextlib
import itertools
import json
import math
import os
import zipfile
import zlib
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, Unpack

import numpy as np

from tilewright.core.errors import TilewrightError
from tilewright.core.graph import MAX_GRAPH_CELLS, CellGraph
from tilewright.core.memory import check_fits
from tilewright.core.options import check_options
from tilewright.core.output import PICTURE_SUFFIXES, format_by_suffix, open_output
from tilewright.core.polygon_grid import OUTSIDE, PolygonGrid, from_polygons
from tilewright.mazes._docstrings import fill_maze_doc
from tilewright.mazes.formats import picture_bytes, refuse_file_options, refuse_options
from tilewright.mazes.grid_maze import GridMaze, check_grid_maze
from tilewright.mazes.save_options import GridSaveOptions, style_options

FORMAT_NAME = "tilewright grid maze"
FORMAT_VERSION = 1
PICTURES = ("svg", "png", "pdf")
SUFFIXES = {**PICTURE_SUFFIXES, ".json": "json", ".npz": "npz", ".geojson": "geojson"}
# Digits after the point of GeoJSON coordinates: a millionth of a cell's edge
GEOJSON_DECIMALS = 6
# Longest grid kind read from a file, in characters
MAX_KIND = 64
# The largest coordinate read from a file: far beyond any grid that fits in memory, and
# small enough that pictures and their sizes stay finite
MAX_COORDINATE = 2.0**40
# Rows of an array json.dumps turns into text at a time: big mazes need no big lists
_JSON_ROWS = 1 << 16
# Bytes a cell, a wall and a vertex take once read: the arrays of the file, the grid
# rebuilt from its cells (about 85 bytes a corner, six corners a cell) and the graph
_READ_CELL_BYTES = 700
# what a mask adds to the size of the grid it cut (``core.masks.masked``)
_CUT_PARAMS = ("mask", "largest")
_NPZ_ARRAYS = {
    # name: (dtype kinds allowed, number of dimensions, columns)
    "vertices": ("fiu", 2, 2),
    "polygon_ptr": ("iu", 1, None),
    "polygons": ("iu", 1, None),
    "walls": ("iu", 2, 2),
    "wall_cells": ("iu", 2, 2),
    "wall_passage": ("iu", 1, None),
    "wall_open": ("b", 1, None),
    "under": ("iu", 1, None),
    "passages": ("iu", 2, 2),
    "open": ("b", 1, None),
}
_NPZ_TEXTS = ("format", "kind", "grid_params", "algorithm", "params", "record")


def format_of(path: str | os.PathLike) -> str:
    """The format a file name's suffix names, or a refusal naming the suffixes.

    Examples
    --------
    >>> format_of("hex.GeoJSON")
    'geojson'
    >>> format_of("hex.txt")
    Traceback (most recent call last):
    ...
    tilewright.core.errors.TilewrightError: cannot write .txt files: a maze on a grid is \
saved as .geojson, .json, .npz, .pdf, .png or .svg
    """
    return format_by_suffix(path, SUFFIXES, "a maze on a grid")


@fill_maze_doc
def save_grid_maze(
    maze: GridMaze,
    path: str | os.PathLike | None,
    *,
    fmt: str | None = None,
    **options: Unpack[GridSaveOptions],
) -> None:
    """Write ``maze`` to ``path`` in the format its suffix names, all or nothing.

    Parameters
    ----------
    %(grid_maze)s
    path : str, os.PathLike or None
        The file: ``.svg``, ``.png``, ``.pdf``, ``.json``, ``.npz`` or ``.geojson``;
        ``None`` or ``-`` is standard output (then ``fmt`` says what to write).
    fmt : str, optional
        The format (a value of ``SUFFIXES``), whatever the file's suffix.
    **options
        As for :meth:`GridMaze.save`; one given as None keeps its default.

    Raises
    ------
    TypeError
        When an argument has the wrong type.
    TilewrightError
        When the suffix is unknown, an option does not apply to the format, the picture
        would pass ``max_side``, or the file cannot be written.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.core.grids import hex_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> maze = generate_on(hex_grid(6, 4), "wilson", seed=2)
    >>> folder = tempfile.mkdtemp()
    >>> for name in ("hex.svg", "hex.json", "hex.npz", "hex.geojson"):
    ...     save_grid_maze(maze, os.path.join(folder, name), openings=name.endswith("svg"))
    >>> read_grid_maze(os.path.join(folder, "hex.npz")) == maze
    True
    """
    from tilewright.core.numbers import require_bool

    check_options(options, GridSaveOptions, "save_grid_maze")
    check_grid_maze(maze)
    if fmt is None:
        if path is None or path == "-":
            raise TilewrightError("give the format (fmt) to write a maze to standard output")
        fmt = format_of(path)
    elif fmt not in SUFFIXES.values():
        known = ", ".join(sorted(set(SUFFIXES.values())))
        raise TilewrightError(f"unknown format {fmt!r} for a maze on a grid (known: {known})")
    solution, heat = options.get("solution"), options.get("heat")
    openings = options.get("openings", False)
    start, goal = options.get("start"), options.get("goal")
    drawing = {"solution": solution, "heat": heat, "openings": openings, "start": start}
    drawing.update(goal=goal)
    # hairline reaches grid_style whatever it is: None is refused there, not left out
    style = {**style_options(options), "hairline": options.get("hairline", False)}
    picture = {"max_side": options.get("max_side"), **style}
    refuse_options(drawing, fmt, (*PICTURES, "geojson"), "for pictures and GeoJSON only")
    refuse_options(picture, fmt, PICTURES, "for pictures only")
    compress, paper = options.get("compress", False), options.get("paper")
    refuse_file_options(fmt, compress, paper)
    require_bool(openings, "openings")
    if fmt == "json":
        _write(path, json_chunks(maze))
    elif fmt == "npz":
        _write(path, [npz_bytes(maze, compress)])
    else:
        extras = _extras(maze, solution, heat, openings, start, goal)
        if fmt == "geojson":
            _write(path, geojson_chunks(maze, *extras))
        else:
            max_side = options.get("max_side")
            _write(path, [_picture(maze, fmt, max_side, style, paper, *extras)])


def _write(path: str | os.PathLike | None, chunks: Any) -> None:
    """``chunks`` made first where they are a list, then written all or nothing."""
    with open_output(None if path is None else os.fspath(path)) as stream:
        for chunk in chunks:
            stream.write(chunk)


def _extras(
    maze: GridMaze,
    solution: object,
    heat: object,
    openings: bool,
    start: object,
    goal: object,
) -> tuple[np.ndarray | None, np.ndarray | None, np.ndarray | None]:
    """The path, the distances and the opening walls the options ask for."""
    from tilewright.mazes.grid_maze import endpoint_ids

    wanted = solution is True or heat is True or openings
    origin, target = endpoint_ids(maze, start, goal) if wanted else (0, 0)
    path: Any = None if solution is None or solution is False else solution
    if solution is True:
        from tilewright.mazes.grid_solve import shortest_path

        path = shortest_path(maze, origin, target)
    dist: Any = None if heat is None or heat is False else heat
    if heat is True:
        from tilewright.mazes.grid_solve import distances

        dist = distances(maze, origin)
    gaps = None
    if openings:
        from tilewright.mazes.grid_pictures import opening_walls

        gaps = opening_walls(maze.grid, origin, target)
    return path, dist, gaps


def _picture(
    maze: GridMaze,
    fmt: str,
    max_side: int | None,
    style: dict[str, Any],
    paper: str | None,
    path: np.ndarray | None,
    heat: np.ndarray | None,
    gaps: np.ndarray | None,
) -> bytes:
    from tilewright.mazes import grid_pictures

    look = grid_pictures.grid_style(maze.grid, max_side=max_side, **style)
    return picture_bytes(grid_pictures, fmt, maze, look, path, heat, gaps, paper)


# --- writing data -----------------------------------------------------------------------


def grid_arrays(maze: GridMaze) -> dict[str, np.ndarray]:
    """The maze's arrays as the data formats hold them (see the module docstring).

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> arrays = grid_arrays(generate_on(square_grid(2, 1), seed=1))
    >>> arrays["walls"].shape, arrays["wall_open"].tolist()
    ((7, 2), [False, True, False, False, False, False, False])
    """
    check_grid_maze(maze)
    grid = maze.grid
    slot = grid.wall_slot
    wall_open = np.zeros(len(slot), dtype=np.bool_)
    inner = slot >= 0
    wall_open[inner] = maze.passages[slot[inner]]
    return {
        "vertices": grid.vertices.astype(np.float64),
        "polygon_ptr": grid.polygon_ptr.astype(np.int64),
        "polygons": grid.polygons.astype(np.int32),
        "walls": grid.walls.astype(np.int32),
        "wall_cells": grid.wall_cells.astype(np.int32),
        "wall_passage": slot.astype(np.int64),
        "wall_open": wall_open,
        "under": grid.under.astype(np.int32),
        "passages": grid.graph.endpoints.astype(np.int32),
        "open": maze.passages.astype(np.bool_),
    }


def _head(maze: GridMaze) -> dict[str, Any]:
    from tilewright.core.metadata import record

    return {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "kind": maze.grid.kind,
        "grid_params": maze.grid.params,
        "algorithm": maze.algorithm,
        "seed": maze.seed,
        "params": maze.params,
        "record": record(maze.info),
    }


def json_chunks(maze: GridMaze) -> Iterator[bytes]:
    """The maze as one JSON object, produced a few thousand rows at a time.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> data = json.loads(b"".join(json_chunks(generate_on(square_grid(2, 1), seed=5))))
    >>> data["cells"], data["passages"], data["open"]
    ([[0, 1, 4, 3], [1, 2, 5, 4]], [[0, 1]], [True])
    """
    arrays = grid_arrays(maze)
    head = json.dumps(_head(maze), default=str)
    yield head[:-1].encode()
    grid = maze.grid
    counts = np.diff(grid.polygon_ptr)
    yield b', "vertices": '
    yield from _json_rows(arrays["vertices"])
    yield b', "cells": '
    if len(counts) and np.all(counts == counts[0]):  # one shape: one reshape
        yield from _json_rows(arrays["polygons"].reshape(-1, int(counts[0])))
    else:
        yield from _json_ragged(arrays["polygons"], grid.polygon_ptr)
    for key in ("walls", "wall_cells", "wall_passage", "wall_open", "under", "passages", "open"):
        yield f', "{key}": '.encode()
        yield from _json_rows(arrays[key])
    yield b"}\n"


def _json_rows(array: np.ndarray) -> Iterator[bytes]:
    """A JSON list of ``array``'s rows (or numbers), a slice at a time: integers written by
    a compiled kernel, booleans from a table, floats by ``json`` (whose ``repr`` reads
    back to the same float)."""
    from tilewright.core.polylines import integer_lists

    yield b"["
    words = np.array([b"false", b"true"])
    width = int(np.prod(array.shape[1:]))
    for low in range(0, len(array), _JSON_ROWS):
        rows = array[low : low + _JSON_ROWS]
        if array.dtype.kind in "iu":
            ptr = None if array.ndim == 1 else np.arange(0, rows.size + 1, width)
            text = integer_lists(rows.ravel(), ptr)
        elif array.dtype == np.bool_ and array.ndim == 1:
            text = b",".join(words[rows.view(np.uint8)].tolist())
        else:
            text = json.dumps(rows.tolist(), separators=(",", ":"))[1:-1].encode()
        yield (b"," if low else b"") + text
    yield b"]"


def _json_ragged(values: np.ndarray, ptr: np.ndarray) -> Iterator[bytes]:
    """A JSON list of the integer lists ``values[ptr[i]:ptr[i + 1]]``."""
    from tilewright.core.polylines import integer_lists

    yield b"["
    for low in range(0, len(ptr) - 1, _JSON_ROWS):
        high = min(low + _JSON_ROWS, len(ptr) - 1)
        text = integer_lists(values[ptr[low] : ptr[high]], ptr[low : high + 1] - ptr[low])
        yield (b"," if low else b"") + text
    yield b"]"


def npz_bytes(maze: GridMaze, compress: bool = False) -> bytes:
    """The maze as a NumPy archive of the arrays of :func:`grid_arrays` and the texts
    ``format``, ``kind``, ``grid_params``, ``algorithm``, ``params``, ``record`` (JSON
    where structured) and ``seed`` (-1 for none).

    Examples
    --------
    >>> import io
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> archive = np.load(io.BytesIO(npz_bytes(generate_on(square_grid(3, 2), seed=1))))
    >>> archive["polygons"].shape, str(archive["kind"])
    ((24,), 'square')
    """
    import io

    head = _head(maze)
    texts = {
        "format": f"{FORMAT_NAME} {FORMAT_VERSION}",
        "kind": head["kind"],
        "grid_params": json.dumps(head["grid_params"], default=str),
        "algorithm": maze.algorithm or "",
        "params": json.dumps(head["params"], default=str),
        "record": json.dumps(head["record"], default=str),
    }
    arrays: dict[str, Any] = {key: np.array(value) for key, value in texts.items()}
    arrays["seed"] = np.array(-1 if maze.seed is None else maze.seed, dtype=np.int64)
    arrays.update(grid_arrays(maze))
    sink = io.BytesIO()
    (np.savez_compressed if compress else np.savez)(sink, **arrays)
    return sink.getvalue()


def geojson_chunks(
    maze: GridMaze,
    path: np.ndarray | None = None,
    heat: np.ndarray | None = None,
    gaps: np.ndarray | None = None,
) -> Iterator[bytes]:
    """The maze as a GeoJSON FeatureCollection, in drawing units (``y`` down).

    Features: each cell a Polygon with ``id`` its cell id (properties ``kind: "cell"``,
    ``cell`` and, with ``heat``, ``distance``); the closed walls joined into LineStrings
    (``kind: "wall"``), each wall once, less ``gaps``; with ``path``, the solution as a
    LineString through the cells' centres (``kind: "solution"``). The record is the
    collection's ``tilewright`` member.

    Examples
    --------
    >>> from tilewright.core.polygon_grid import square_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> collection = json.loads(b"".join(geojson_chunks(generate_on(square_grid(3, 2), seed=1))))
    >>> [f["geometry"]["type"] for f in collection["features"]].count("Polygon")
    6
    """
    from tilewright.core.metadata import record
    from tilewright.core.polylines import coordinate_lists, join_segments
    from tilewright.mazes.grid_pictures import _checked_heat, _checked_path, closed_walls

    check_grid_maze(maze)
    grid = maze.grid
    nodes = _checked_path(maze, path)
    dist = None if heat is None else _checked_distances(maze, heat)
    closed = closed_walls(maze, gaps)
    if heat is not None:
        _checked_heat(maze, heat)  # the same refusals as a picture's heat map
    head = json.dumps({"type": "FeatureCollection", "tilewright": record(maze.info)}, default=str)
    yield head[:-1].encode() + b', "features": ['
    counts = np.diff(grid.polygon_ptr)
    for low in range(0, grid.num_cells, _JSON_ROWS):
        cells = np.arange(low, min(low + _JSON_ROWS, grid.num_cells))
        ptr = np.zeros(len(cells) + 1, dtype=np.int64)
        np.cumsum(counts[cells] + 1, out=ptr[1:])
        step = np.arange(ptr[-1]) - np.repeat(ptr[:-1], counts[cells] + 1)
        step %= np.repeat(counts[cells], counts[cells] + 1)  # closing corner = the first
        ids = grid.polygons[np.repeat(grid.polygon_ptr[cells], counts[cells] + 1) + step]
        # the chunk's own corners only: the kernel rounds every point it is given
        corners = np.arange(len(ids))
        text, offsets = coordinate_lists(ptr, corners, grid.vertices[ids], GEOJSON_DECIMALS)
        features = []
        for k, cell in enumerate(cells.tolist()):
            extra = "" if dist is None else f',"distance":{int(dist[cell])}'
            features.append(
                f'{{"type":"Feature","id":{cell},"geometry":{{"type":"Polygon","coordinates":'
                f'[{text[offsets[k] : offsets[k + 1]]}]}},"properties":{{"kind":"cell",'
                f'"cell":{cell}{extra}}}}}'
            )
        yield ("," if low else "").encode() + ",".join(features).encode()
    ptr, ids = join_segments(grid.walls, closed, num_vertices=len(grid.vertices))
    text, offsets = coordinate_lists(ptr, ids, grid.vertices, GEOJSON_DECIMALS)
    for low in range(0, len(ptr) - 1, _JSON_ROWS):
        lines = [
            '{"type":"Feature","geometry":{"type":"LineString","coordinates":'
            f'{text[offsets[k] : offsets[k + 1]]}}},"properties":{{"kind":"wall"}}}}'
            for k in range(low, min(low + _JSON_ROWS, len(ptr) - 1))
        ]
        yield b"," + ",".join(lines).encode()
    if len(nodes) > 1:
        centres = grid.centres[grid.node_cell(nodes)]
        text, _ = coordinate_lists(
            np.array([0, len(nodes)]), np.arange(len(nodes)), centres, GEOJSON_DECIMALS
        )
        yield (
            ',{"type":"Feature","geometry":{"type":"LineString","coordinates":'
            f'{text}}},"properties":{{"kind":"solution"}}}}'
        ).encode()
    yield b"]}\n"


def _checked_distances(maze: GridMaze, heat: object) -> np.ndarray:
    from tilewright.mazes.grid_pictures import _checked_heat

    _checked_heat(maze, heat)
    return np.asarray(heat)[: maze.num_cells]


# --- reading ----------------------------------------------------------------------------


def is_grid_maze_file(path: str | os.PathLike) -> bool:
    """Whether ``path`` looks like a file :func:`save_grid_maze` wrote (by its first bytes,
    or its archive's member names), so a reader of both kinds of maze can pick one; the
    reader then checks everything.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.core.grids import hex_grid
    >>> from tilewright.mazes import generate, generate_on
    >>> folder = tempfile.mkdtemp()
    >>> generate_on(hex_grid(3, 2), seed=1).save(os.path.join(folder, "hex.npz"))
    >>> generate(3, 2, seed=1).save(os.path.join(folder, "square.npz"))
    >>> [is_grid_maze_file(os.path.join(folder, name)) for name in ("hex.npz", "square.npz")]
    [True, False]
    """
    from tilewright.core.reading import open_regular
    from tilewright.mazes.io import _check_zip_directory, _path_name

    with open_regular(path, _path_name(path), "a maze file") as stream:
        head = stream.read(len(_JSON_HEAD))
        if head.startswith(b"PK"):
            stream.seek(0)
            try:
                _check_zip_directory(stream)
                with zipfile.ZipFile(stream) as archive:
                    return "polygons.npy" in archive.namelist()
            except (TilewrightError, zipfile.BadZipFile, OSError):
                return False
        return head == _JSON_HEAD


# how every grid maze JSON document starts (json_chunks writes the format first)
_JSON_HEAD = f'{{"format": "{FORMAT_NAME}"'.encode()


def read_grid_maze(path: str | os.PathLike) -> GridMaze:
    """A maze on a grid from a ``.json`` or ``.npz`` file :func:`save_grid_maze` wrote,
    told apart by content.

    The file is trusted in nothing: only a regular file is read; a ``.npz`` is judged by
    its zip directory and each array's header before its data is inflated, and JSON's
    parse is checked against the free memory first (as :func:`tilewright.mazes.read_maze`
    does). The grid is then rebuilt from its cells' outlines, and the walls, their cells,
    the passages and which are open must agree with it.

    Parameters
    ----------
    path : str or os.PathLike
        The file.

    Returns
    -------
    GridMaze
        The maze, equal to the one saved, with its algorithm, seed and parameters.

    Raises
    ------
    TypeError
        When ``path`` is not a str or path.
    TilewrightError
        One line, when the file cannot be read, is not a grid maze file, or does not fit
        in memory.

    Examples
    --------
    >>> import os, tempfile
    >>> from tilewright.core.grids import triangle_grid
    >>> from tilewright.mazes.grid_maze import generate_on
    >>> name = os.path.join(tempfile.mkdtemp(), "maze.json")
    >>> save_grid_maze(generate_on(triangle_grid(6, 3), "prim", seed=8), name)
    >>> read_grid_maze(name)
    <GridMaze triangle 6x3 prim seed=8>
    """
    from tilewright.core.reading import open_regular
    from tilewright.mazes.io import _path_name, _read_json_bytes

    name = _path_name(path)
    with open_regular(path, name, "a maze file") as stream:
        if stream.read(2) == b"PK":
            stream.seek(0)
            fields = _read_npz(stream)
        else:
            stream.seek(0)
            fields = _read_json(_read_json_bytes(stream, name))
    return _maze_from(fields)


def _read_json(text: bytearray) -> dict[str, Any]:
    """The fields of a grid maze's JSON document, as arrays and values."""
    from tilewright.mazes.io import _json_memory, parsed_json

    check_fits(_json_memory(text), "parsing the maze's JSON")
    not_maze = "not a grid maze JSON document"
    data = parsed_json(text, f"{not_maze}: it is nested too deeply", not_maze)
    if not isinstance(data, dict) or data.get("format") != FORMAT_NAME:
        raise TilewrightError(f'not a grid maze JSON document: no "format": "{FORMAT_NAME}"')
    if data.get("version") != FORMAT_VERSION:
        raise TilewrightError(
            f"a grid maze document of version {_json_shown(data.get('version'))}; "
            f"this tilewright reads version {FORMAT_VERSION}"
        )
    fields: dict[str, Any] = {
        key: data.get(key) for key in ("kind", "grid_params", "algorithm", "seed", "params")
    }
    counts, flat = _json_cells(data.get("cells"))
    fields["polygon_ptr"] = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
    fields["polygons"] = flat
    for key, (kinds, ndim, columns) in _NPZ_ARRAYS.items():
        if key in ("polygon_ptr", "polygons"):
            continue
        fields[key] = _json_array(data.get(key), key, kinds, ndim, columns)
    return fields


def _json_cells(value: Any) -> tuple[np.ndarray, np.ndarray]:
    """Corner counts and the flat vertex ids of ``cells``, a list of lists of integers."""
    if not isinstance(value, list) or not value:
        raise TilewrightError("a grid maze's cells must be a non-empty list of vertex lists")
    if not all(isinstance(cell, list) for cell in value):
        raise TilewrightError("each of a grid maze's cells must be a list of vertex ids")
    counts = np.fromiter((len(cell) for cell in value), dtype=np.int64, count=len(value))
    flat = _json_array(list(itertools.chain.from_iterable(value)), "cells", "iu", 1, None)
    return counts, flat


def _json_array(value: Any, key: str, kinds: str, ndim: int, columns: int | None) -> np.ndarray:
    """``value`` (nested lists) as an array of one of ``kinds`` and its shape, checked."""
    if not isinstance(value, list):
        raise TilewrightError(f"a grid maze's {key} must be a list")
    try:
        array = np.array(value) if value else np.zeros((0, columns or 0)[:ndim], dtype=np.int64)
    except (ValueError, TypeError, OverflowError):
        raise TilewrightError(f"a grid maze's {key} must be a regular list of numbers") from None
    if len(value) == 0 and kinds == "b":
        array = array.astype(np.bool_)
    _check_form(array, key, kinds, ndim, columns)
    return array


def _check_form(array: np.ndarray, key: str, kinds: str, ndim: int, columns: int | None) -> None:
    _check_header(key, array.shape, array.dtype, kinds, ndim, columns)


def _npz_rule(key: str, shape: tuple, dtype: np.dtype) -> None:
    """An npz member's header judged before its data is read."""
    _check_header(key, shape, dtype, *_NPZ_ARRAYS[key])


def _check_header(
    key: str, shape: tuple, dtype: np.dtype, kinds: str, ndim: int, columns: int | None
) -> None:
    if dtype.kind not in kinds or dtype.itemsize > 8:
        wanted = {"b": "true or false", "iu": "whole numbers", "fiu": "numbers"}[kinds]
        raise TilewrightError(f"a grid maze's {key} must hold {wanted}, not {dtype}")
    if len(shape) != ndim or (columns is not None and shape[1] != columns):
        form = "(k,)" if ndim == 1 else f"(k, {columns})"
        raise TilewrightError(f"a grid maze's {key} must have shape {form}, got {shape}")


def _read_npz(stream: BinaryIO) -> dict[str, Any]:
    """The fields of a grid maze's archive, each array judged by its header first."""
    import struct

    from tilewright.core.reading import reason
    from tilewright.mazes.io import _check_zip_directory, _read_array

    try:
        _check_zip_directory(stream)
        with zipfile.ZipFile(stream) as archive:
            members = {info.filename.removesuffix(".npy"): info for info in archive.infolist()}
            missing = [key for key in (*_NPZ_ARRAYS, "format", "kind") if key not in members]
            if missing:
                raise TilewrightError(f"not a grid maze .npz file: no {', '.join(missing)}")
            fields: dict[str, Any] = {}
            for key in (*_NPZ_TEXTS, "seed"):
                if key in members:
                    fields[key] = _read_array(
                        archive, members[key], key, _scalar_rule(key), 0
                    ).item()
            for key in _NPZ_ARRAYS:
                fields[key] = _read_array(archive, members[key], key, _npz_rule, 0)
    except TilewrightError:
        raise
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        NotImplementedError,
        RuntimeError,
        EOFError,
        OSError,
        zlib.error,
        struct.error,
        ValueError,
    ) as error:
        raise TilewrightError(f"not a readable grid maze .npz file: {reason(error)}") from None
    if fields.get("format") != f"{FORMAT_NAME} {FORMAT_VERSION}":
        raise TilewrightError(
            f"not a grid maze .npz file of this version (its format: "
            f"{_json_shown(fields.get('format'))})"
        )
    for key in ("grid_params", "params"):
        fields[key] = _npz_json(fields.get(key, "{}"), key)
    fields["algorithm"] = fields.get("algorithm") or None
    seed = fields.get("seed", -1)
    fields["seed"] = None if seed == -1 else seed
    return fields


def _scalar_rule(key: str) -> Any:
    from tilewright.mazes.io import _integer_rule, _text_rule

    return _integer_rule if key == "seed" else _text_rule


def _npz_json(text: Any, key: str) -> Any:
    try:
        return json.loads(text)
    except RecursionError:
        raise TilewrightError(f"the .npz file's {key} are nested too deeply") from None
    except (ValueError, TypeError):
        raise TilewrightError(f"the .npz file's {key} are not JSON") from None


# --- rebuilding -------------------------------------------------------------------------


def _maze_from(fields: dict[str, Any]) -> GridMaze:
    """The maze the fields describe, once they are found to agree with each other."""
    from tilewright.mazes.io import MAX_TEXT, _checked_seed, _json_params

    kind = fields.get("kind")
    if not isinstance(kind, str) or not 0 < len(kind) <= MAX_KIND:
        raise TilewrightError(f"a grid maze's kind must be a name of 1 to {MAX_KIND} characters")
    grid_params = _json_params(fields.get("grid_params"))
    algorithm = fields.get("algorithm")
    if algorithm is not None and (not isinstance(algorithm, str) or len(algorithm) > MAX_TEXT):
        raise TilewrightError(
            f"a grid maze's algorithm must be a name of up to {MAX_TEXT} characters"
        )
    seed = _checked_seed(fields.get("seed"), none=None)
    params = _json_params(fields.get("params"))
    grid = _grid_from(kind, grid_params, fields)
    _check_kind_and_size(grid)
    passages = fields["open"].astype(np.bool_)
    if passages.shape != (grid.graph.num_slots,):
        raise TilewrightError(
            f"a grid maze's open must hold one entry per passage ({grid.graph.num_slots})"
        )
    slot = grid.wall_slot
    expected = np.zeros(len(slot), dtype=np.bool_)
    expected[slot >= 0] = passages[slot[slot >= 0]]
    if not np.array_equal(fields["wall_open"].astype(np.bool_), expected):
        raise TilewrightError("a grid maze's wall_open disagrees with its open passages")
    return GridMaze(grid, passages, algorithm=algorithm, seed=seed, params=params)


def _grid_from(kind: str, params: dict[str, Any], fields: dict[str, Any]) -> PolygonGrid:
    """The grid of the fields: its geometry rebuilt from the cells' outlines, the walls
    checked against it, the graph from the passages."""
    vertices = fields["vertices"].astype(np.float64)
    ptr = fields["polygon_ptr"].astype(np.int64)
    polygons = fields["polygons"]
    cells = len(ptr) - 1
    if not 1 <= cells <= MAX_GRAPH_CELLS or ptr[0] != 0 or ptr[-1] != len(polygons):
        raise TilewrightError("a grid maze's cells do not add up to its list of corners")
    check_fits(_READ_CELL_BYTES * cells + 100 * (len(polygons) + len(vertices)), "the grid maze")
    if not np.all(np.isfinite(vertices)) or np.abs(vertices).max(initial=0) > MAX_COORDINATE:
        raise TilewrightError(
            f"a grid maze's vertices must be finite numbers within ±{MAX_COORDINATE:.0e}"
        )
    if len(polygons) and (polygons.min() < 0 or polygons.max() >= len(vertices)):
        raise TilewrightError(f"a grid maze's cells name vertices outside 0-{len(vertices) - 1}")
    counts = np.diff(ptr)
    if counts.min() < 3:
        raise TilewrightError("every cell of a grid maze needs at least 3 corners")
    polygons = polygons.astype(np.int64)
    if np.unique(polygons).size != len(vertices):
        raise TilewrightError("a grid maze lists vertices that are corners of no cell")
    built = from_polygons(kind, params, counts, polygons, vertices[polygons])
    if not np.all(built.areas() > 0):
        raise TilewrightError("a grid maze's cells must each cover some area")
    walls, wall_cells = fields["walls"].astype(np.int64), fields["wall_cells"].astype(np.int64)
    wall_slot = fields["wall_passage"].astype(np.int64)
    count = len(built.walls)
    if walls.shape != (count, 2) or wall_cells.shape != (count, 2) or wall_slot.shape != (count,):
        raise TilewrightError(f"a grid maze's cells have {count} wall segments, its walls do not")
    # the stored walls must be the cells' edges, each once, with the same cells beside
    if walls.min() < 0 or walls.max() >= len(vertices):
        raise TilewrightError("a grid maze's walls name vertices that do not exist")
    stored = _edge_keys(walls, len(vertices))
    order_stored, order_built = (
        np.argsort(stored),
        np.argsort(_edge_keys(built.walls, len(vertices))),
    )
    if not np.array_equal(
        stored[order_stored], _edge_keys(built.walls, len(vertices))[order_built]
    ):
        raise TilewrightError("a grid maze's walls are not the edges of its cells")
    match = np.empty(count, dtype=np.int64)
    match[order_stored] = order_built
    if not np.array_equal(np.sort(wall_cells, axis=1), np.sort(built.wall_cells[match], axis=1)):
        raise TilewrightError("a grid maze's walls name other cells than those beside them")
    under = fields["under"].astype(np.int64)
    if len(under) and kind != "weave":
        raise TilewrightError("only a weave's cells have passages under them")
    if len(under) and (
        under.min() < 0 or under.max() >= cells or np.unique(under).size != len(under)
    ):
        raise TilewrightError("a grid maze's under lists cells outside the grid or twice")
    nodes = cells + len(under)
    ends = fields["passages"].astype(np.int64)
    if len(ends) and (ends.min() < 0 or ends.max() >= nodes):
        raise TilewrightError(f"a grid maze's passages name nodes outside 0-{nodes - 1}")
    graph = CellGraph.from_edges(nodes, ends)
    _check_wall_slots(wall_slot, wall_cells, ends, under, cells)
    return PolygonGrid(
        kind=kind,
        params=dict(params),
        vertices=built.vertices,
        polygon_ptr=built.polygon_ptr,
        polygons=built.polygons,
        walls=walls.astype(np.int32),
        wall_cells=wall_cells.astype(np.int32),
        wall_slot=wall_slot,
        graph=graph,
        centres=built.centres,
        under=under.astype(np.int32),
    )


def _check_kind_and_size(grid: PolygonGrid) -> None:
    """Refuse a file whose recorded kind and size do not describe its cells: the metrics
    report the kind, and a reader takes the maze for what the size says.

    For the kinds ``core`` builds, the grid the record names is built again and each cell
    of the file must be one of its cells: a cut grid (a mask, ``restrict``) keeps the size
    of the grid it was cut from. A named grid larger than the file's cells is such a cut
    and is not built (a small file must not make a huge grid). Other kinds are taken as
    recorded: a patch of an aperiodic tiling is made again only by running the tiling, and
    a grid of the caller's own (``from_polygons``) has no size tilewright knows.
    """
    from tilewright.core import grids
    from tilewright.core.polygon_grid import square_grid

    builders: dict[str, Callable[..., PolygonGrid]] = {
        "square": square_grid,
        "hex": grids.hex_grid,
        "hexagon": grids.hexagon_grid,
        "triangle": grids.triangle_grid,
        "polar": grids.polar_grid,
        "upsilon": grids.upsilon_grid,
        "weave": square_grid,  # the squares the crossings are made on
    }
    size = {key: value for key, value in grid.params.items() if key not in _CUT_PARAMS}
    numbers = [value for value in size.values() if type(value) is int]
    if grid.kind not in builders or math.prod(numbers) > grid.num_cells:
        return
    named = None
    with contextlib.suppress(TypeError, TilewrightError):  # a size this kind does not take
        named = builders[grid.kind](**size)
    if named is None or not np.isin(_cell_shapes(grid), _cell_shapes(named)).all():
        raise TilewrightError(
            f"a grid maze's cells are not those of the {grid.kind} grid its record names "
            f"({_json_shown(grid.params)})"
        )


def _cell_shapes(grid: PolygonGrid) -> np.ndarray:
    """Each cell as one comparable value: its centre, to a millionth of an edge, and its
    number of corners."""
    centres = np.round(grid.centres * 1e6).astype(np.int64)
    rows = np.column_stack([centres, np.diff(grid.polygon_ptr).astype(np.int64)])
    return np.ascontiguousarray(rows).view(np.dtype((np.void, rows.itemsize * 3))).ravel()


def _edge_keys(walls: np.ndarray, vertices: int) -> np.ndarray:
    low, high = np.minimum(walls[:, 0], walls[:, 1]), np.maximum(walls[:, 0], walls[:, 1])
    return low.astype(np.int64) * vertices + high


def _check_wall_slots(
    wall_slot: np.ndarray, wall_cells: np.ndarray, ends: np.ndarray, under: np.ndarray, cells: int
) -> None:
    """Each wall's passage joins the two cells beside it (a weave's under-passage node
    counting as its crossing cell); boundary walls have none; each passage has a wall."""
    slots = len(ends)
    outside = wall_cells[:, 1] == OUTSIDE
    if np.any(wall_cells[:, 0] < 0) or wall_cells.max() >= cells or wall_cells.min() < OUTSIDE:
        raise TilewrightError("a grid maze's walls name cells that do not exist")
    if np.any(wall_slot < -1) or np.any(wall_slot >= slots):
        raise TilewrightError(f"a grid maze's wall_passage must be -1 or 0 to {slots - 1}")
    if not np.array_equal(wall_slot < 0, outside):
        raise TilewrightError("a grid maze's walls have passages exactly where not on the boundary")
    inner = ~outside
    node_cell = np.concatenate([np.arange(cells, dtype=np.int64), under])
    joined = np.sort(node_cell[ends[wall_slot[inner]]], axis=1)
    if not np.array_equal(joined, np.sort(wall_cells[inner], axis=1)):
        raise TilewrightError("a grid maze's passages do not join the cells beside their walls")
    if slots and np.bincount(wall_slot[inner], minlength=slots).min() == 0:
        raise TilewrightError("a grid maze has a passage through no wall")


def _json_shown(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."
