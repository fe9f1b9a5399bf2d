"""Try the command line as a careless or hostile user would, class by class.

    python tools/hostile_survey.py               # about 2,700 cases, 25 minutes on 2 cores
    python tools/hostile_survey.py --quick       # about 260 cases, 3 to 4 minutes
    python tools/hostile_survey.py --classes ids files --seed 7 --verbose

Classes: ``ids`` (fuzzed and crafted game IDs for ``rect solve``), ``numbers`` (bad sizes
and numbers in every argument and option that takes one, and requests too large to
answer), ``head`` (large text output into ``| head -c 100``, and into a pipe closed after
100 bytes), ``files`` (crafted files for ``maze-stats``: pickles, zip bombs, lying headers,
deep JSON, devices, FIFOs), ``determinism`` (every family and format run twice with one
seed: the same bytes; ``.npz`` by its arrays), ``targets`` (``-o`` through links, onto
kept permissions, hard links, ``/dev/full``, missing folders, directories),
``signals`` (trials of ``tools/signal_stress.py``); in ``hostile_data.py``, ``tamper``
(dataset folders with flipped bits, cut or swapped parts, another dataset's parts, links
inside, no manifest, read back by every reader and rerun), ``zarr`` (Zarr groups, foreign
arrays and folders as ``-o``, links inside, a killed run's leftovers), ``parts`` (huge
counts in tiny parts), ``dask`` (bad schedulers, a full disk, memory caps, the dashboard's
port taken); in ``hostile_limits.py``, ``regions`` (huge and thin tiling regions streamed
under a 1.5 GiB cap, pictures too large for any family), ``caps`` (commands under 200, 300
and 500 MB of address space) and ``pictures`` (absurd sizes, scales and shapes given to
every family's ``save``).

Every case runs ``python -m tilewright ARGS`` (or, for the library, Python under
``hostile_harness.API_WRAPPER``) in a fresh folder its setup prepares, with standard input
closed (``<&-``), standard output to /dev/null unless the case reads or fills it, an
address-space limit (``RLIMIT_AS``: 8 GiB unless the case says less) and a time bound (20 s;
killed beyond; a case meant to run longer is sent SIGINT first and must end on it).
A case *held* when

* the exit status is 0; or 1 or 3 from ``rect solve`` (no or more than one solution; guess
  budget spent); or 2 with exactly one line on stderr, starting ``tilewright: error:``;
* stderr never says ``Traceback``, and no MemoryError reached the top level (the run
  refuses what does not fit before it allocates it);
* the run ended within the time bound and was not killed by a signal;
* the folder holds nothing but what was there before and, after a success, the intended
  output: no temporary ``.<name>.*``, no partial output after an error;
* and whatever the class adds: the pipe cases exit 0 with nothing on stderr; the two runs
  of a determinism pair agree; an output target ends as promised (a link stays a link, a
  0600 file stays 0600, both names of a hard link see the new contents); a signal trial
  passes ``signal_stress``'s own checks; and each case's own checks (a rerun restores the
  clean dataset byte for byte, a refused run leaves the folder as it was, a refusal names
  the damaged part or says memory ran short, a picture's sizes are finite and sane).

The cases are fixed by ``--seed``. The summary table goes to standard output with every
case that did not hold (its arguments, exit status and first 300 characters of stderr);
the exit status is 1 when any case did not hold.
"""

import argparse
import concurrent.futures
import io
import json
import os
import pickle
import random
import re
import shutil
import struct
import sys
import tempfile
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
from hostile_data import DATA_CLASSES, data_cases
from hostile_harness import (
    Case,
    _output_of,
    _signal_stress,
    report,
    survey,
)
from hostile_limits import LIMIT_CLASSES, limit_cases
from numpy.lib import format as npy_format

CLASSES = {
    "ids": "game IDs (rect solve)",
    "numbers": "bad sizes and numbers",
    "head": "output into | head",
    "files": "crafted maze-stats files",
    "determinism": "determinism pairs",
    "targets": "output targets",
    "signals": "signals",
    **DATA_CLASSES,
    **LIMIT_CLASSES,
}
FIVE_THOUSAND_DIGITS = "7" + "3" * 4999


def valid_ids(quick: bool) -> dict[str, list[str]]:
    """Game IDs from ``rect generate``: a pool to mutate, and one near 100 KB."""
    runs = {
        "7x7": ["7x7", "--count", "50", "-s", "1"],
        "5x5": ["5x5", "--count", "20", "-s", "1"],
        "3x3": ["3x3", "--count", "10", "-s", "1"],
        "10x10": ["10x10", "--count", "20", "-s", "1"],
        "15x15e0.5": ["15x15e0.5", "--count", "10", "-s", "1"],
        "12x8a": ["12x8a", "--count", "10", "-s", "1"],
        "30x30": ["30x30", "--count", "5", "-s", "1"],
        "big": ["800x800" if not quick else "300x300", "-s", "1"],
    }
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        outputs = pool.map(lambda argv: _output_of(["rect", "generate", *argv]), runs.values())
        return {key: out.decode().split() for key, out in zip(runs, outputs, strict=True)}


# --- class 1: game IDs ------------------------------------------------------------------

OTHER_DIGITS = "²³¹⁰₀３０٣٠۴४৫೬๗߃①⑦"
ODD_CHARACTERS = OTHER_DIGITS + "éΓ×ｘＸ：＿−\u200b\u00a0\ufeff\u202e😀\U0001d7d8"
CONTROL = " \t\n\r\x0b\x0c\x1b\x7f"
RAW_BYTES = "\udc80\udcff\udcc3"  # invalid UTF-8 in argv (os.fsencode's surrogateescape)
ID_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789_x:"
ASCII = "".join(map(chr, range(32, 127)))
HUGE_NUMBERS = (
    FIVE_THOUSAND_DIGITS,
    "9" * 5000,
    "0" * 4999 + "7",
    str(2**31 - 1),
    str(2**31),
    str(2**32),
    str(2**63),
    str(2**64),
    "99999999999999999999999",
)
ODD_SIZES = tuple(
    [
        "99999x99999",
        "99999999999x1",
        "1x2147483648",
        "2147483647x1",
        "46341x46341",
        "65536x32768",
        "0x7",
        "7x0",
        "0x0",
        "1x1",
        "1x2",
        "-7x7",
        "7x-7",
        "+7x7",
        "7X7",
        "7×7",
        "07x007",
        "7x7x7",
        "x7",
        "7x",
        "x",
        "7e1x7",
        "7.0x7",
        "0x10x7",
        "３x３",
        "٣x٣",
        "²x²",
    ]
)


def _header(text: str) -> tuple[str, str]:
    head, colon, tail = text.partition(":")
    return head, colon + tail


def _spot(rng: random.Random, text: str) -> int:
    return rng.randrange(len(text) + 1)


def _replace_some(rng: random.Random, text: str, alphabet: str) -> str:
    chars = list(text) or [""]
    for _ in range(rng.randint(1, 4)):
        chars[rng.randrange(len(chars))] = rng.choice(alphabet)
    return "".join(chars)


def _m_truncate(rng, text):
    return text[: rng.randrange(len(text) + 1)]


def _m_extend(rng, text):
    alphabet = rng.choice((ID_ALPHABET, ASCII, "z", "_", "0123456789"))
    return text + "".join(rng.choices(alphabet, k=rng.randint(1, 40)))


def _m_ascii(rng, text):
    return _replace_some(rng, text, ASCII)


def _m_unicode(rng, text):
    return _replace_some(rng, text, ODD_CHARACTERS + CONTROL + RAW_BYTES)


def _m_other_digits(rng, text):
    # a clue or a side written with digits of another script
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    if not digits:
        return text + rng.choice(OTHER_DIGITS)
    at = rng.choice(digits)
    return text[:at] + rng.choice(OTHER_DIGITS) + text[at + 1 :]


def _m_huge_number(rng, text):
    number = rng.choice(HUGE_NUMBERS)
    runs = list(re.finditer(r"[0-9]+", text))
    if runs and rng.random() < 0.7:  # replace a side or a clue
        run = rng.choice(runs)
        return text[: run.start()] + number + text[run.end() :]
    at = _spot(rng, text)
    return text[:at] + number + text[at:]


def _m_swap(rng, text):
    head, tail = _header(text)
    width, x, height = head.partition("x")
    return f"{height}{x}{width}{tail}"


def _m_huge_size(rng, text):
    return rng.choice(ODD_SIZES) + _header(text)[1]


def _m_nudge_size(rng, text):
    head, tail = _header(text)
    sides = head.split("x")
    if len(sides) == 2 and all(s.isascii() and s.isdigit() for s in sides):
        which = rng.randrange(2)
        sides[which] = str(max(0, int(sides[which]) + rng.choice((-2, -1, 1, 2, 7))))
    return "x".join(sides) + tail


def _m_delete(rng, text):
    at = _spot(rng, text)
    return text[:at] + text[at + rng.randint(1, 5) :]


def _m_duplicate(rng, text):
    head, tail = _header(text)
    if rng.random() < 0.5:
        return head + tail + tail[1:]
    at, end = sorted((_spot(rng, text), _spot(rng, text)))
    return text[:end] + text[at:end] + text[end:]


def _m_clue(rng, text):
    head, tail = _header(text)
    runs = list(re.finditer(r"[0-9]+", tail))
    if not runs:
        return text
    run = rng.choice(runs)
    value = rng.choice(("0", "00", "1", "007", "49", "50", "2147483647", "2147483648", "10000"))
    return head + tail[: run.start()] + value + tail[run.end() :]


def _m_shuffle(rng, text):
    head, tail = _header(text)
    tokens = re.findall(r"[0-9]+|[a-z]|_|.", tail[1:])
    rng.shuffle(tokens)
    return head + ":" + "".join(tokens)


def _m_separator(rng, text):
    spots = [i for i, c in enumerate(text) if c in ":x_"]
    if not spots:
        return text
    at = rng.choice(spots)
    other = rng.choice((";", "：", "", "::", "X", "×", " ", "_x", "__", "-", "\n"))
    return text[:at] + other + text[at + 1 :]


def _m_letters(rng, text):
    spots = [i for i, c in enumerate(text) if "a" <= c <= "z" and c != "x"]
    if not spots:
        return text
    at = rng.choice(spots)
    return text[:at] + rng.choice("abcdefghijklmnopqrstuvwyzABCZ") + text[at + 1 :]


def _m_whitespace(rng, text):
    at = rng.choice((0, len(text), _spot(rng, text)))
    return text[:at] + rng.choice(CONTROL) * rng.randint(1, 3) + text[at:]


MUTATIONS: tuple[Callable[[random.Random, str], str], ...] = (
    _m_truncate,
    _m_extend,
    _m_ascii,
    _m_unicode,
    _m_other_digits,
    _m_huge_number,
    _m_swap,
    _m_huge_size,
    _m_nudge_size,
    _m_delete,
    _m_duplicate,
    _m_clue,
    _m_shuffle,
    _m_separator,
    _m_letters,
    _m_whitespace,
)


def mutate(rng: random.Random, text: str) -> str:
    """``text`` changed by one to three random mutations, kept under 100 KB."""
    for _ in range(rng.choices((1, 2, 3), (6, 3, 1))[0]):
        text = rng.choice(MUTATIONS)(rng, text)
    return text[:100_000]


def crafted_ids(ids: dict[str, list[str]]) -> list[str]:
    """Game IDs made by hand: empty, degenerate, non-ASCII, enormous."""
    sample = ids["7x7"][0]
    desc = _header(sample)[1]
    big = ids["big"][0]
    return [
        "",
        " ",
        ":",
        "::",
        "x",
        "x:",
        "7x7:",
        "7x7",
        "7x:",
        "x7:a",
        "0x0:",
        "1x1:",
        "1x1:1",
        "2x1:2",
        "1x2:2",
        "2x1:a2",
        "2x1:1_1",
        "2x2:4c",
        "2x2:2_2b",
        "2x2:2a2a",  # two solutions
        "3x3:3c3c3",  # three rows or ...
        "7x7:zw",
        "7x7:49zv",
        "7x7:" + "a" * 49,
        "7x7:" + "z" * 2,
        "7x7:" + "_" * 48,
        "7x7:" + "1_" * 48 + "1",
        "７x７" + desc,
        "٧x٧" + desc,
        "7x7" + desc.replace("3", "３"),
        "7x7" + desc.replace("2", "²"),
        "7x7" + desc.replace("2", "٢"),
        "7x7" + desc.upper(),
        "ｘ".join(sample.split("x", 1)),
        sample + "\n",
        " " + sample,
        sample + "\x7f",
        sample + "\udcff",
        "\udcc3\udca9x7:" + desc[1:],
        "7x7：" + desc[1:],
        sample.replace(":", ";"),
        sample + ":" + desc[1:],
        sample + sample,
        "99999x99999:",
        "99999x99999:" + "z" * 1000,
        "46341x46341:a",
        "2147483647x1:",
        "1x2147483648:2",
        f"{FIVE_THOUSAND_DIGITS}x7:a",
        f"7x{FIVE_THOUSAND_DIGITS}:a",
        f"7x7:{FIVE_THOUSAND_DIGITS}",
        f"7x7:a{'0' * 5000}49",
        "1e3x7:a",
        "0x10x7:a",
        "-7x7:" + desc[1:],
        "--7x7:" + desc[1:],
        big,
        big[:-1],
        big[: len(big) // 2],
        big.replace("_", "", 1),
        "100000x1:" + "2_" * 49_999 + "2",  # 100 KB, one solution
        "1x100000:" + "2_" * 49_999 + "2",
        "300x300:" + "2_" * 44_999 + "2",  # 90 KB of 2s: very many solutions
        "300x300:" + "3_" * 29_999 + "3",
        "316x316:" + "a" * 99_000,
        "200x200:" + "z" * 1538 + "12",  # one clue, the rest blank
        "40x40:1600" + "z" * 61 + "i",  # one clue covering the grid
    ]


def id_cases(rng: random.Random, ids: dict[str, list[str]], total: int) -> list[Case]:
    crafted = crafted_ids(ids)
    pool = [i for key, group in ids.items() if key != "big" for i in group]
    controls = rng.sample(pool, 8)
    fuzzed = [mutate(rng, rng.choice(pool)) for _ in range(max(0, total - len(crafted) - 8))]
    return [Case("ids", ("rect", "solve", text)) for text in crafted + controls + fuzzed]


# --- class 2: bad numbers ---------------------------------------------------------------

CORE_VALUES = (
    "0",
    "-1",
    FIVE_THOUSAND_DIGITS,
    str(2**63),
    str(2**64),
    "３０",
    "²",
    "nan",
    "inf",
    "-inf",
    "1e308",
    "1e-300",
    "",
    " ",
    "1_000",
    "0x10",
    "12.5",
)
EXTRA_VALUES = (
    "-0",
    "+3",
    "0003",
    str(2**63 - 1),
    str(2**40 + 1),
    "99999999999999999999999",
    "٣",
    "1e3",
    "NaN",
    "Infinity",
    "-1e-300",
    "0.0",
    ".5",
    "5.",
    "1e-400",
    "1e99999",
    "abc",
    "7 ",
    " 7",
    "3\n4",
    "\udcff",
    "1,2",
    "½",
    "0b11",
    "3e0",
    "−3",  # U+2212, the minus sign
    "1 000",
    "0.5",
)
# each a command with {} where the value goes, and the output it may leave
SLOTS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("maze", "{}x10", "-s", "1"), None),
    (("maze", "10x{}", "-s", "1"), None),
    (("maze", "{}", "-s", "1"), None),
    (("maze", "10x10", "-s", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "eller", "--join", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "eller", "--down", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "binary-tree", "--bias", "{}"), None),
    (("maze", "10x10", "-s", "1", "-a", "sidewinder", "--bias", "{}"), None),
    (("maze", "10x10", "-s", "1", "--braid", "{}"), None),
    (("maze", "10x10", "-s", "1", "--cell", "{}", "-o", "m.png"), "m.png"),
    (("maze", "10x10", "-s", "1", "--wall", "{}", "-o", "m.svg"), "m.svg"),
    (("maze", "10x10", "-s", "1", "--solve", "-f", "svg", "--start", "{},0"), None),
    (("maze", "10x10", "-s", "1", "--heatmap", "-f", "svg", "--start", "0,{}"), None),
    (("maze", "10x10", "-s", "1", "--solve", "-f", "png", "--goal", "{}"), None),
    (("maze", "10x10", "-s", "1", "--stats", "--goal", "9,{}"), None),
    (("tromino", "classic", "{}", "1", "1"), None),
    (("tromino", "classic", "8", "{}", "1"), None),
    (("tromino", "classic", "8", "1", "{}"), None),
    (("tromino", "tile", "{}x10", "--missing", "0,0"), None),
    (("tromino", "tile", "10x{}", "--missing", "0,0"), None),
    (("tromino", "tile", "10x10", "--missing", "{},0"), None),
    (("tromino", "tile", "10x10", "--missing", "0,{}"), None),
    (("tromino", "tile", "10x10", "--missing", "0,0", "--cell", "{}", "-o", "t.png"), "t.png"),
    (("tromino", "tile", "10x10", "--missing", "0,0", "--colour", "{}", "-o", "t.svg"), "t.svg"),
    (("rect", "generate", "{}x7", "-s", "1"), None),
    (("rect", "generate", "7x{}", "-s", "1"), None),
    (("rect", "generate", "9x9e{}", "-s", "1"), None),
    (("rect", "generate", "{}", "-s", "1"), None),
    (("rect", "generate", "7x7", "-s", "{}"), None),
    (("rect", "generate", "7x7", "-s", "1", "--max-area", "{}"), None),
    (("rect", "generate", "7x7", "-s", "1", "--count", "{}"), None),
    (("rect", "generate", "7x7", "-s", "1", "--cell", "{}", "-o", "r.svg"), "r.svg"),
    (("spectre", "{}x10", "-s", "1", "-f", "csv"), None),
    (("spectre", "10x{}", "-s", "1", "-f", "csv"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "{},0"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "0,{}"), None),
    (("spectre", "10x10", "-s", "1", "--cell", "{}", "-o", "s.png"), "s.png"),
    (("spectre", "10x10", "-s", "{}", "-f", "jsonl"), None),
)
# requests a careless user might make: far, huge, tiny, past every limit
SPECIALS: tuple[tuple[tuple[str, ...], str | None], ...] = (
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "1e9,1e9"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "1e12,0"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "-1e15,-1e15"), None),
    (("spectre", "10x10", "-s", "1", "-f", "csv", "--origin", "1e300,1e300"), None),
    (("spectre", "10x10", "-s", "1", "--method", "bfs", "--origin", "1e12,1e12"), None),
    (("hat", "{}x10", "-s", "1", "-f", "csv"), None),
    (("hat", "10x10", "-s", "1", "-f", "csv", "--origin", "{},0"), None),
    (("hat", "10x10", "-s", "1", "--shape", "{},1", "-o", "h.png"), "h.png"),
    (("hat", "10x10", "-s", "{}", "-f", "jsonl", "--neighbours"), None),
    (("spectre", "1e308x1e308", "-s", "1", "-f", "csv"), None),
    (("spectre", "1e308x1e308", "-s", "1", "-o", "s.png"), "s.png"),
    (("spectre", "1e308x1e308", "-s", "1", "--method", "bfs", "-f", "jsonl"), None),
    (("spectre", "1e-300x1e-300", "-s", "1", "-f", "csv"), None),
    (("spectre", "1e-300x1e-300", "-s", "1", "-f", "csv", "--origin", "1e15,-1e15"), None),
    (("spectre", "1e-300x1e-300", "-s", "1", "-o", "s.png"), "s.png"),
    (("spectre", "100000x100000", "-s", "1", "--method", "bfs", "-f", "csv"), None),
    (("tromino", "classic", "4294967296", "1", "1"), None),
    (("tromino", "classic", "9223372036854775808", "1", "1"), None),
    (("tromino", "classic", "8", "9", "1"), None),
    (("tromino", "classic", "6", "1", "1"), None),
    (("tromino", "classic", "8", "2"), None),
    (("tromino", "classic", "8", "2", "3", "4"), None),
    (("tromino", "classic"), None),  # reads "M x y" from standard input, which is closed
    (
        (
            "tromino",
            "tile",
            "1000000000x1000000000",
            "--missing",
            "0,0",
            "-f",
            "npy",
            "-o",
            "t.npy",
        ),
        "t.npy",
    ),
    (("tromino", "tile", "100000x100000", "--missing", "0,0", "-f", "png", "-o", "t.png"), "t.png"),
    (("tromino", "tile", "100000x100000", "--missing", "0,0", "-o", "t.svg"), "t.svg"),
    (
        ("tromino", "tile", "50000x50000", "--missing", "6,6", "--colour", "three", "-o", "t.png"),
        "t.png",
    ),
    (("tromino", "tile", "10x10", "--missing", "10,0"), None),
    (("rect", "generate", "10000x10000"), None),
    (("rect", "generate", "7x7", "--max-area", "99999999999999999999999"), None),
    (("rect", "generate", "7x7", "--max-area", "1"), None),
    (("rect", "generate", "60x60", "--max-area", "2", "-s", "1"), None),
    (("rect", "generate", "1x1", "-s", "1"), None),
    (("rect", "generate", "2x1", "-s", "1"), None),
    (("rect", "generate", "7x7", "--count", "2", "-o", "r.png"), None),
    (("rect", "generate", "40000x40000", "-o", "r.png"), None),
    (("maze", "4000x4000", "--solve", "-o", "m.png"), "m.png"),
    (("maze", "10x10", "-a", "eller", "--start", "10,10"), None),
    (("maze", "10x10", "-a", "eller", "--solve", "-f", "svg", "--start", "10,10"), None),
    (("maze", "10x10", "--stats", "--goal", "0,10"), None),
    (("maze", "1099511627776x1"), None),
    (("maze", "1099511627776x1099511627776", "-a", "eller"), None),
    (("maze", "100000x100000", "-a", "kruskal", "-o", "m.npz"), "m.npz"),
    (("maze", "30000x30000", "-o", "m.svg"), "m.svg"),
    (("maze", "10x10", "-a", "no-such-algorithm"), None),
    (("maze", "10x10", "-a", ""), None),
    (("maze", "10x10", "-a", "growing-tree", "--strategy", "newest:1e308"), None),
    (
        ("maze", "10x10", "-a", "growing-tree", "--strategy", f"newest:{FIVE_THOUSAND_DIGITS}"),
        None,
    ),
    (("maze", "10x10", "-a", "growing-tree", "--strategy", "newest:0,random:0"), None),
    (("maze", "10x10", "-a", "growing-tree", "--strategy", "newest:-5,random:1"), None),
    (("maze", "10x10", "--wall-colour", "#12345z", "-o", "m.png"), "m.png"),
    (("maze", "10x10", "--background", "x" * 5000, "-o", "m.svg"), "m.svg"),
    (("maze", "10x10", "--path-colour", "\udcff", "--solve", "-o", "m.png"), "m.png"),
    (("maze",), None),
    (("maze-stats",), None),
    (("rect", "solve"), None),
    (("spectre",), None),
)


def number_cases(rng: random.Random, total: int) -> list[Case]:
    per_slot = max(1, (total - len(SPECIALS)) // len(SLOTS))
    cases = []
    for template, output in SLOTS:
        values = list(CORE_VALUES) + rng.sample(EXTRA_VALUES, len(EXTRA_VALUES))
        if per_slot < len(CORE_VALUES):
            values = rng.sample(values, per_slot)
        for value in values[:per_slot]:
            argv = tuple(arg.replace("{}", value) for arg in template)
            cases.append(Case("numbers", argv, output=output))
    specials = SPECIALS if total >= 400 else rng.sample(SPECIALS, max(1, total // 10))
    cases += [Case("numbers", argv, output=output, slow=True) for argv, output in specials]
    return cases


# --- class 3: | head --------------------------------------------------------------------

HEAD_JOBS: tuple[tuple[str, ...], ...] = (
    ("maze", "60x1000000", "-a", "eller", "-s", "1"),
    ("maze", "1000x1000", "-a", "sidewinder", "-s", "1", "-f", "ascii"),
    ("maze", "2000x2000", "-s", "1", "-f", "ascii"),
    ("maze", "1000x1000", "-a", "kruskal", "-s", "1", "-f", "json"),
    ("maze", "1000x1000", "-a", "wilson", "-s", "1", "-f", "svg"),
    ("maze", "--list"),
    ("tromino", "tile", "65536x65536", "--missing", "0,0"),
    ("tromino", "classic", "4096", "1", "1"),
    ("tromino", "tile", "1000x1000", "--missing", "4,4", "-f", "svg"),
    ("rect", "generate", "12x12", "--count", "100000", "-s", "1"),
    ("rect", "generate", "10x10", "--count", "100000", "-s", "1", "-f", "json"),
    ("rect", "generate", "300x300", "-s", "1", "-f", "text", "--solve"),
    ("spectre", "20000x20000", "-s", "1", "-f", "csv"),
    ("spectre", "20000x20000", "-s", "1", "-f", "jsonl"),
    ("spectre", "5000x5000", "-s", "1", "-f", "geojson"),
    ("spectre", "2000x2000", "-s", "1", "-f", "svg"),
)


def head_cases(rng: random.Random, total: int) -> list[Case]:
    cases = [
        Case("head", argv, expect="ok", stdout=mode, slow=True)
        for argv in HEAD_JOBS
        for mode in ("pipe", "shell")
    ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 4: crafted maze files --------------------------------------------------------


def _npy(array_header: dict, data: bytes = b"") -> bytes:
    """A .npy file: ``array_header`` (whatever it claims) followed by ``data``."""
    stream = io.BytesIO()
    npy_format.write_array_header_1_0(stream, array_header)
    return stream.getvalue() + data


def _npz(path: Path, members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> None:
    with zipfile.ZipFile(path, "w", method) as archive:
        for name, data in members.items():
            archive.writestr(name, data)


def _npy_of(array: np.ndarray) -> bytes:
    stream = io.BytesIO()
    np.save(stream, array)
    return stream.getvalue()


class _Payload:
    """Unpickling this runs ``touch PWNED`` in the reader's folder."""

    def __reduce__(self):
        return (os.system, ("touch PWNED",))


def _zip_bomb(path: Path, shape: tuple[int, ...]) -> None:
    """A one-member zip64 archive: a .npy header for bool ``shape`` and then zeros, deflated.

    Every 4 MiB of zeros deflates (after a full flush, which resets the compressor) to the
    same bytes, so those bytes are written over and over: building 3.2 GB costs seconds.
    """
    header = _npy({"descr": "|b1", "fortran_order": False, "shape": shape})
    size = len(header) + int(np.prod(shape))
    zero = bytes(1 << 22)
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    first = packer.compress(header) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(zero) + packer.flush(zlib.Z_FULL_FLUSH)
    assert block == packer.compress(zero) + packer.flush(zlib.Z_FULL_FLUSH)
    blocks, rest = divmod(size - len(header), len(zero))
    last = packer.compress(zero[:rest]) + packer.flush()
    crc = zlib.crc32(header)
    for _ in range(blocks):
        crc = zlib.crc32(zero, crc)
    crc = zlib.crc32(zero[:rest], crc)
    packed = len(first) + blocks * len(block) + len(last)
    name = b"connection_list.npy"
    sizes = struct.pack("<2H2Q", 1, 16, size, packed)
    # flags, deflate, time, date, CRC, sizes (in the zip64 field), name, zip64 field
    fixed = (0, 8, 0, 0x21, crc, 2**32 - 1, 2**32 - 1, len(name), len(sizes))
    local = struct.pack("<4s5H3L2H", b"PK\x03\x04", 45, *fixed)
    central = struct.pack("<4s6H3L5H2L", b"PK\x01\x02", 45, 45, *fixed, 0, 0, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(local + name + sizes)
        out.write(first)
        for _ in range(blocks):
            out.write(block)
        out.write(last)
        directory_at = out.tell()
        out.write(central + name + sizes)
        end64_at = out.tell()
        directory = end64_at - directory_at
        out.write(
            struct.pack(
                "<4sQ2H2L4Q", b"PK\x06\x06", 44, 45, 45, 0, 0, 1, 1, directory, directory_at
            )
        )
        out.write(struct.pack("<4sLQL", b"PK\x06\x07", 0, end64_at, 1))
        out.write(struct.pack("<4s4H2LH", b"PK\x05\x06", 0, 0, 1, 1, directory, directory_at, 0))


def make_files(folder: Path, quick: bool) -> list[tuple[tuple[str, ...], tuple[tuple, ...]]]:
    """Crafted maze files in ``folder``; returns (maze-stats arguments, setup) pairs."""
    rng = random.Random(0)
    good = folder / "good.npz"
    good.write_bytes(_output_of(["maze", "40x30", "-a", "wilson", "-s", "1", "-f", "npz"]))
    good_json = folder / "good.json"
    good_json.write_bytes(_output_of(["maze", "12x9", "-s", "1", "-f", "json"]))
    maze = np.load(good)["connection_list"]
    files: dict[str, bytes | Callable[[Path], None]] = {}
    cl = {"descr": "|b1", "fortran_order": False, "shape": (2, 30, 40)}

    evil = pickle.dumps(np.array([_Payload()] * 8, dtype=object).reshape(2, 2, 2))
    evil_npy = _npy({"descr": "|O", "fortran_order": False, "shape": (2, 2, 2)}, evil)
    files["pickled.npz"] = lambda p: _npz(p, {"connection_list.npy": evil_npy})
    plain_objects = _npy({"descr": "|O", "fortran_order": False, "shape": (2, 1, 1)})
    plain_objects += pickle.dumps(np.array([True, False], dtype=object).reshape(2, 1, 1))
    files["objects.npz"] = lambda p: _npz(p, {"connection_list.npy": plain_objects})
    for name, value in {
        "seed-array": np.arange(3),
        "seed-float": np.float64("nan"),
        "seed-huge": np.uint64(2**64 - 1),
        "seed-text": np.str_("x" * 100_000),
        "seed-negative": np.int64(-5),
        "width-wrong": None,
        "params-deep": None,
        "algorithm-bytes": None,
    }.items():
        extra = {}
        if name.startswith("seed"):
            extra["seed.npy"] = _npy_of(np.asarray(value))
        elif name == "width-wrong":
            extra["width.npy"] = _npy_of(np.asarray(41))
        elif name == "params-deep":
            extra["params.npy"] = _npy_of(np.asarray("[" * 100_000 + "]" * 100_000))
        else:
            extra["algorithm.npy"] = _npy_of(np.frombuffer(os.urandom(4096), np.uint8))
        members = {"connection_list.npy": _npy_of(maze), **extra}
        files[f"{name}.npz"] = lambda p, m=members: _npz(p, m)
    huge = {"descr": "|b1", "fortran_order": False, "shape": (2, 100_000, 100_000)}
    files["claims-18.6GiB.npz"] = lambda p: _npz(
        p, {"connection_list.npy": _npy(huge, bytes(4096))}, zipfile.ZIP_STORED
    )
    files["claims-18.6GiB-deflated.npz"] = lambda p: _npz(
        p, {"connection_list.npy": _npy(huge, bytes(4096))}
    )
    for name, header in {
        "shape-negative": {"descr": "|b1", "fortran_order": False, "shape": (2, -5, 40)},
        "shape-huge-int": {"descr": "|b1", "fortran_order": False, "shape": (2, 10**30, 1)},
        "shape-1d": {"descr": "|b1", "fortran_order": False, "shape": (2400,)},
        "shape-empty": {"descr": "|b1", "fortran_order": False, "shape": (2, 0, 5)},
        "dtype-int64": {"descr": "<i8", "fortran_order": False, "shape": (2, 30, 40)},
        "dtype-void": {"descr": "|V8", "fortran_order": False, "shape": (2, 30, 40)},
        "fortran": {"descr": "|b1", "fortran_order": True, "shape": (2, 30, 40)},
    }.items():
        width = 8 if "int64" in name or "void" in name else 1
        data = bytes(2 * 30 * 40 * width) if "shape" not in name else b"\x00" * 64
        files[f"{name}.npz"] = lambda p, h=header, d=data: _npz(
            p, {"connection_list.npy": _npy(h, d)}
        )
    twos = _npy(cl, bytes([2]) * 2400)
    files["bytes-two.npz"] = lambda p: _npz(p, {"connection_list.npy": twos})
    long_header = b"\x93NUMPY\x02\x00" + struct.pack("<L", 0xFFFFFFF0) + b"{'descr'"
    files["header-4GiB.npz"] = lambda p: _npz(p, {"connection_list.npy": long_header})
    evaluated = b"\x93NUMPY\x01\x00" + struct.pack("<H", 118)
    evaluated += (
        b"{'descr': '|b1', 'fortran_order': False, 'shape': (2, 9**9**9, 1), }".ljust(117) + b"\n"
    )
    files["header-expression.npz"] = lambda p: _npz(p, {"connection_list.npy": evaluated})
    many = {f"m{i}.npy": b"" for i in range(5000)}
    files["5000-members.npz"] = lambda p: _npz(p, {"connection_list.npy": _npy_of(maze), **many})
    files["encrypted-flag.npz"] = lambda p: _flag_encrypted(p, _npy_of(maze))
    files["lying-size.npz"] = lambda p: _lying_size(p, _npy_of(maze))
    if not quick:
        files["zip-bomb-3.2GB.npz"] = lambda p: _zip_bomb(p, (2, 40_000, 40_000))
    files["zip-bomb-fits.npz"] = lambda p: _zip_bomb(p, (2, 4_000, 4_000))
    whole = good.read_bytes()
    for cut in (0, 2, 10, 30, 100, len(whole) // 2, len(whole) - 22, len(whole) - 1):
        files[f"truncated-{cut}.npz"] = whole[:cut]
    files["truncated.json"] = good_json.read_bytes()[: len(good_json.read_bytes()) // 2]
    files["random.bin"] = rng.randbytes(4096)
    files["random-PK.npz"] = b"PK" + rng.randbytes(4096)
    files["random-PK-end.npz"] = rng.randbytes(4096) + b"PK\x05\x06" + rng.randbytes(18)
    files["random-1MB.json"] = rng.randbytes(1 << 20)
    files["empty.json"] = b""
    files["nested-100000.json"] = b"[" * 100_000 + b"]" * 100_000
    files["nested-objects.json"] = b'{"a":' * 100_000 + b"1" + b"}" * 100_000
    files["nested-in-maze.json"] = b'{"connection_list": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    files["nested-params.json"] = _json_with(good_json, params="[" * 50_000 + "]" * 50_000)
    files["seed-5000-digits.json"] = _json_with(good_json, seed=FIVE_THOUSAND_DIGITS)
    files["seed-1e400.json"] = _json_with(good_json, seed="1e400")
    files["seed-NaN.json"] = _json_with(good_json, seed="NaN")
    files["width-huge.json"] = _json_with(good_json, width="1" + "0" * 30)
    files["width-true.json"] = _json_with(good_json, width="true")
    files["ints.json"] = b'{"connection_list": [[[1, 0]], [[0, 0]]]}'
    files["strings.json"] = b'{"connection_list": [[["true"]], [["false"]]]}'
    files["ragged.json"] = b'{"connection_list": [[[true, false], [true]], [[true]]]}'
    files["shape-3.json"] = b'{"connection_list": [[[true]], [[true]], [[true]]]}'
    files["empty-rows.json"] = b'{"connection_list": [[], []]}'
    files["deep-list.json"] = b'{"connection_list": ' + b"[" * 70 + b"true" + b"]" * 70 + b"}"
    files["bom.json"] = b"\xef\xbb\xbf" + good_json.read_bytes()
    files["utf16.json"] = good_json.read_text().encode("utf-16")
    files["duplicate-keys.json"] = b'{"connection_list": 1, ' + good_json.read_bytes()[1:]
    files["quotes.json"] = b'"' * (1 << 20)
    files["brackets-1MB.json"] = b"[" * (1 << 20)
    for name, make in files.items():
        if callable(make):
            make(folder / name)
        else:
            (folder / name).write_bytes(make)

    plain = [(str(folder / name),) for name in ["good.npz", "good.json", *files]]
    extra: list[tuple[tuple[str, ...], tuple[tuple, ...]]] = [
        ((path[0], "--json"), ()) for path in plain[:2]
    ]
    extra += [
        ((str(good), "--start", "29,39", "--goal", "0,0"), ()),
        ((str(good), "--start", "30,0"), ()),
        ((str(good), "--goal", f"{FIVE_THOUSAND_DIGITS},0"), ()),
        (("/dev/zero",), ()),
        (("/dev/urandom",), ()),
        (("/dev/null",), ()),
        (("/dev/full",), ()),
        (("/dev/stdin",), ()),
        (("/proc/self/status",), ()),
        (("/proc/self/mem",), ()),
        (("fifo.npz",), (("fifo", "fifo.npz"),)),
        (("folder.npz",), (("mkdir", "folder.npz"),)),
        (("folder.npz/",), (("mkdir", "folder.npz"),)),
        (("loop.npz",), (("link", "loop.npz", "loop.npz"),)),
        (("dangling.npz",), (("link", "dangling.npz", "missing.npz"),)),
        (("missing.npz",), ()),
        (("-",), ()),
        (("",), ()),
        (("x" * 5000,), ()),
        (("\udcff.npz",), ()),
    ]
    return [(path, ()) for path in plain] + extra


def _json_with(good: Path, **values: str) -> bytes:
    data = json.loads(good.read_text())
    marks = {key: f"@@{key}@@" for key in values}
    data.update(marks)
    text = json.dumps(data)
    for key, value in values.items():
        text = text.replace(f'"{marks[key]}"', value)
    return text.encode()


def _flag_encrypted(path: Path, data: bytes) -> None:
    _npz(path, {"connection_list.npy": data}, zipfile.ZIP_STORED)
    raw = bytearray(path.read_bytes())
    for signature, flag_at in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        at = raw.find(signature)
        raw[at + flag_at] |= 1
    path.write_bytes(bytes(raw))


def _lying_size(path: Path, data: bytes) -> None:
    """A stored member whose directory entry claims 4 GiB - 1 bytes."""
    _npz(path, {"connection_list.npy": data}, zipfile.ZIP_STORED)
    raw = bytearray(path.read_bytes())
    at = raw.find(b"PK\x01\x02")
    raw[at + 24 : at + 28] = struct.pack("<L", 2**32 - 2)
    path.write_bytes(bytes(raw))


def file_cases(rng: random.Random, folder: Path, total: int, quick: bool) -> list[Case]:
    made = make_files(folder, quick)
    cases = [
        Case("files", ("maze-stats", *argv), setup=setup, slow="bomb" in argv[0])
        for argv, setup in made
    ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 5: determinism ---------------------------------------------------------------


def determinism_cases(rng: random.Random, total: int) -> list[Case]:
    runs: list[tuple[tuple[str, ...], str]] = []
    for algorithm in ("backtracker", "wilson", "eller", "growing-tree"):
        for fmt in ("text", "ascii", "json", "npz", "svg", "png"):
            runs.append((("maze", "37x23", "-a", algorithm, "-s", "11", "-f", fmt), fmt))
    runs += [
        (("maze", "40x25", "-a", "kruskal", "-s", "3", "--solve", "--heatmap", "-f", "png"), "png"),
        (
            ("maze", "40x25", "-a", "prim", "-s", "3", "--braid", "0.5", "--solve", "-f", "svg"),
            "svg",
        ),
        (("maze", "2000x2000", "-a", "eller", "-s", "5", "-f", "npz"), "npz"),
        (
            ("maze", "300x200", "-a", "aldous-broder", "-s", "8", "--stats", "json", "-f", "json"),
            "json",
        ),
    ]
    for fmt in ("text", "npy", "png", "svg"):
        runs.append((("tromino", "tile", "22x13", "--missing", "3,8", "-f", fmt), fmt))
        runs.append((("tromino", "classic", "16", "3", "5", "-f", fmt), fmt))
    runs += [
        (("tromino", "tile", "20x14", "--missing", "2,4", "--colour", "four", "-f", "svg"), "svg"),
        (("tromino", "tile", "16x16", "--missing", "2,4", "--colour", "three", "-f", "png"), "png"),
    ]
    for fmt in ("id", "text", "json", "svg", "png"):
        runs.append((("rect", "generate", "15x15", "-s", "4", "-f", fmt), fmt))
    runs += [
        (("rect", "generate", "30x20e0.5", "-s", "9", "-f", "json", "--solve"), "json"),
        (("rect", "generate", "12x12", "-s", "2", "--count", "20", "-f", "id"), "id"),
        (("rect", "generate", "20x14", "-s", "6", "-f", "png", "--solve"), "png"),
    ]
    for fmt in ("svg", "png", "jsonl", "csv", "geojson"):
        runs.append((("spectre", "60x40", "-s", "3", "-f", fmt), fmt))
    runs += [
        (("spectre", "30x20", "-s", "5", "--colour", "four", "-f", "png"), "png"),
        (("spectre", "30x20", "-s", "5", "--plain", "--colour", "orientation", "-f", "svg"), "svg"),
        (("spectre", "30x20", "-s", "5", "--method", "bfs", "-f", "csv"), "csv"),
        (("spectre", "20x20", "-s", "7", "--origin", "5000,-300", "-f", "jsonl"), "jsonl"),
    ]
    cases = []
    for argv, fmt in runs:
        name = f"out.{fmt}"
        cases.append(
            Case(
                "determinism",
                (*argv, "-o", name),
                output=name,
                expect="ok",
                twin="npz" if fmt == "npz" else "bytes",
                slow=True,
            )
        )
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 6: output targets ------------------------------------------------------------

TARGET_COMMANDS = {
    "maze": ("maze", "6x4", "-s", "1", "-f", "ascii"),
    "tromino": ("tromino", "tile", "4x4", "--missing", "0,0"),
    "rect": ("rect", "generate", "7x7", "-s", "1", "-f", "text"),
    "spectre": ("spectre", "4x4", "-s", "1", "-f", "csv"),
}
BINARY_COMMANDS = {
    "maze": ("maze", "6x4", "-s", "1", "-f", "png"),
    "tromino": ("tromino", "tile", "4x4", "--missing", "0,0", "-f", "npy"),
    "rect": ("rect", "generate", "7x7", "-s", "1", "-f", "png"),
    "spectre": ("spectre", "4x4", "-s", "1", "-f", "png"),
}
OLD = b"OLD CONTENTS\n"


def target_cases(rng: random.Random, total: int) -> list[Case]:
    references = {family: _output_of(list(argv)) for family, argv in TARGET_COMMANDS.items()}
    cases = []
    for family, argv in TARGET_COMMANDS.items():
        ref = references[family]

        def case(*more, output=None, expect="held", stdout="null", setup=(), checks=(), a=argv):
            return Case("targets", (*a, *more), output, expect, stdout, setup, checks)

        old = ("write", "real.txt", OLD)
        cases += [
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(old, ("link", "out.txt", "real.txt")),
                checks=(("link", "out.txt"), ("content", "real.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(old, ("link", "l2", "real.txt"), ("link", "out.txt", "l2")),
                checks=(("link", "out.txt"), ("link", "l2"), ("content", "real.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(("mkdir", "sub"), ("write", "sub/real.txt", OLD)),
                checks=(("content", "out.txt", ref), ("content", "sub/real.txt", OLD)),
                output="out.txt",
            ),
            case(
                "-o",
                "out.txt",
                setup=(
                    ("mkdir", "sub"),
                    ("write", "sub/real.txt", OLD),
                    ("link", "out.txt", "sub/real.txt"),
                ),
                expect="ok",
                checks=(("link", "out.txt"), ("content", "sub/real.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                output="new.txt",
                setup=(("link", "out.txt", "new.txt"),),
                checks=(("link", "out.txt"),),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                stdout="capture",
                setup=(("link", "out.txt", "/proc/self/fd/1"),),
                checks=(("link", "out.txt"), ("stdout", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                stdout="capture",
                setup=(("link", "out.txt", "/dev/fd/1"),),
                checks=(("link", "out.txt"), ("stdout", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(("write", "out.txt", OLD), ("chmod", "out.txt", 0o600)),
                checks=(("mode", "out.txt", 0o600), ("content", "out.txt", ref)),
            ),
            case(
                "-o",
                "out.txt",
                expect="ok",
                setup=(("write", "out.txt", OLD), ("chmod", "out.txt", 0o751)),
                checks=(("mode", "out.txt", 0o751), ("content", "out.txt", ref)),
            ),
            case(
                "-o",
                "a.txt",
                expect="ok",
                setup=(("write", "a.txt", OLD), ("hardlink", "b.txt", "a.txt")),
                checks=(
                    ("content", "a.txt", ref),
                    ("content", "b.txt", ref),
                    ("inode", "a.txt", "b.txt"),
                ),
            ),
            case("-o", "/dev/full", expect="error"),
            case(expect="error", stdout="full"),
            case("-o", "-", expect="error", stdout="full"),
            case("-o", "/dev/null", expect="ok"),
            case("-o", "-", expect="ok", stdout="capture", checks=(("stdout", ref),)),
            case("-o", "nodir/out.txt", expect="error", checks=(("absent", "nodir"),)),
            case("-o", "nodir/deeper/out.txt", expect="error"),
            case(
                "-o", "sub", expect="error", setup=(("mkdir", "sub"),), checks=(("empty", "sub"),)
            ),
            case(
                "-o", "sub/", expect="error", setup=(("mkdir", "sub"),), checks=(("empty", "sub"),)
            ),
            case("-o", ".", expect="error"),
            case("-o", "", expect="error"),
            case("-o", "out.txt/x", expect="error", setup=(("write", "out.txt", OLD),)),
            case(
                "--no-such-option",
                "-o",
                "out.txt",
                expect="error",
                setup=(("write", "out.txt", OLD),),
                checks=(("content", "out.txt", OLD),),
            ),
            case(
                "-o",
                "link",
                expect="error",
                setup=(("mkdir", "sub"), ("link", "link", "sub")),
                checks=(("empty", "sub"), ("link", "link")),
            ),
            case("-o", "x" * 300 + ".txt", expect="error"),
            case("-o", "\udcff.txt", output="\udcff.txt", expect="ok"),
        ]
        binary = BINARY_COMMANDS[family]
        cases += [
            Case("targets", (*binary, "-o", "/dev/full"), expect="error"),
            Case("targets", binary, expect="error", stdout="full"),
        ]
    return cases if total >= len(cases) else rng.sample(cases, total)


# --- class 7: signals -------------------------------------------------------------------


def signal_cases(rng: random.Random, total: int) -> list[Case]:
    jobs = list(_signal_stress().JOBS)
    names = ("SIGINT", "SIGTERM", "SIGHUP")
    return [
        Case(
            "signals",
            (),
            trial=(rng.choice(jobs), rng.choice(names), round(rng.uniform(0.2, 4.0), 2)),
            slow=True,
        )
        for _ in range(total)
    ]


# --- the survey -------------------------------------------------------------------------

DEFAULT_COUNTS = {
    "ids": 1000,
    "numbers": 760,
    "head": 32,
    "files": 100,
    "determinism": 100,
    "targets": 120,
    "signals": 30,
    "tamper": 200,
    "zarr": 30,
    "parts": 8,
    "dask": 12,
    "regions": 60,
    "caps": 36,
    "pictures": 300,
}
QUICK_COUNTS = {
    "ids": 100,
    "numbers": 60,
    "head": 6,
    "files": 15,
    "determinism": 10,
    "targets": 20,
    "signals": 4,
    "tamper": 16,
    "zarr": 6,
    "parts": 2,
    "dask": 3,
    "regions": 6,
    "caps": 6,
    "pictures": 20,
}


def build_cases(classes: list[str], seed: int, quick: bool, base: Path) -> list[Case]:
    counts = QUICK_COUNTS if quick else DEFAULT_COUNTS
    cases: list[Case] = []
    for kind in classes:
        rng = random.Random(f"{seed}:{kind}")
        total = counts[kind]
        if kind == "ids":
            cases += id_cases(rng, valid_ids(quick), total)
        elif kind == "numbers":
            cases += number_cases(rng, total)
        elif kind == "head":
            cases += head_cases(rng, total)
        elif kind == "files":
            crafted = base / "crafted"
            crafted.mkdir()
            cases += file_cases(rng, crafted, total, quick)
        elif kind == "determinism":
            cases += determinism_cases(rng, total)
        elif kind == "targets":
            cases += target_cases(rng, total)
        elif kind == "signals":
            cases += signal_cases(rng, total)
        elif kind in DATA_CLASSES:
            cases += data_cases(kind, rng, total, base)
        else:
            cases += limit_cases(kind, rng, total, base)
    return cases


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=0, help="fixes every case (default 0)")
    parser.add_argument("--quick", action="store_true", help="about 260 cases, not 2,700")
    parser.add_argument("--classes", nargs="*", choices=list(CLASSES), default=list(CLASSES))
    parser.add_argument("--workers", type=int, default=2, help="cases run at once (2)")
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds a case (20)")
    parser.add_argument("--verbose", action="store_true", help="print every case")
    options = parser.parse_args()
    start = time.monotonic()
    base = Path(tempfile.mkdtemp(prefix="hostile_survey."))
    try:
        cases = build_cases(options.classes, options.seed, options.quick, base)
        print(f"{len(cases)} cases, {options.workers} at a time", file=sys.stderr)
        results = list(survey(cases, str(base), options.workers, options.timeout, options.verbose))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    sys.exit(report(results, time.monotonic() - start, CLASSES))


if __name__ == "__main__":
    main()
