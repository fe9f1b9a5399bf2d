"""Every snippet in README.md and in the Markdown pages of the documentation (``docs/``)
runs as pasted.

Each fenced ``python`` block runs on its own, as a fresh script in an empty folder (so a
block may not lean on names defined by an earlier one). In ``sh``, ``bash``, ``console``
and ``shell`` blocks, every line that runs ``tilewright`` (first, or after a ``|``; a
leading ``$ `` is dropped) runs in bash with the installed console script, in one empty
folder per block, in order, so a line may read the file an earlier line of its block
wrote. Commands that install or fetch (``pip``, ``git``, ``cd``) are left alone; in
``pip install . && tilewright ...`` the part after ``&&`` runs.

What a line's trailing comment may say, for the tests and for the reader alike:

- ``exits N`` (e.g. ``# no tiling (exits 2): ...``): the line must exit with status N
  instead of 0.
- ``not run by the tests`` (e.g. ``# 16 GiB: not run by the tests``): the line is shown,
  never run, because it is too large for a test.

A bare fenced block right after a shell block of one command shows what it prints: its
lines, up to a line ``...``, must be how the output starts.

A block whose fence is preceded by the line ``<!-- not run by the tests: REASON -->`` is
skipped whole.

Every line runs under a limit on the size of a file it writes and on its time, so an
example too large for a test fails fast instead of filling the disk.
"""

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# the README, then every Markdown page of the site's sources (not what a build writes)
BUILT = {"_build", "auto_examples", "gen_modules"}  # folders a docs build writes
DOCS = sorted(
    path for path in (ROOT / "docs").rglob("*.md") if not BUILT & set(path.relative_to(ROOT).parts)
)
PAGES = [ROOT / "README.md", *DOCS]
SHELLS = {"sh", "bash", "console", "shell"}
SETUP = {"pip", "git", "cd"}  # commands that install or fetch: never run by the tests
SKIP_BLOCK = re.compile(r"^<!--\s*not run by the tests\b.*-->$")
COMMENT = re.compile(r"\s#\s")  # a shell comment (not a colour such as '#1f77b4')
NOT_RUN = re.compile(r"\bnot run by the tests\b")
EXITS = re.compile(r"\bexits? (\d+)\b")
RUNS_TILEWRIGHT = re.compile(r"(^|\|\s*)tilewright\s")
# time and file size (in 1 KiB blocks, bash's unit) one snippet may take
SECONDS = 180
FILE_BLOCKS = 512 * 1024


@dataclass(frozen=True)
class Block:
    page: str  # the Markdown file, relative to the repository
    language: str
    line: int  # of the first line of code, counted from 1
    code: str
    skipped: str | None  # why the block is not run, or None
    shown: str | None = None  # a one-command block: the start of its output, if shown


def markdown_blocks(text: str, page: str = "README.md") -> list[Block]:
    """The fenced blocks of a Markdown text, with the language of their fence."""
    blocks, lines = [], text.splitlines()
    number = 0
    while number < len(lines):
        fence = re.match(r"^```\s*(\S*)\s*$", lines[number])
        number += 1
        if not fence:
            continue
        start = number
        while number < len(lines) and not lines[number].startswith("```"):
            number += 1
        previous = lines[start - 2].strip() if start >= 2 else ""
        skipped = previous if SKIP_BLOCK.match(previous) else None
        code = "\n".join(lines[start:number]) + "\n"
        blocks.append(Block(page, fence.group(1).lower(), start + 1, code, skipped))
        number += 1  # the closing fence
        output = blocks[-1].language == "" and len(blocks) > 1 and blocks[-2]
        between = lines[output.line + output.code.count("\n") : start - 1] if output else []
        if output and output.language in SHELLS and not "".join(between).strip():
            shown = code.partition("\n...\n")[0].rstrip("\n")
            blocks[-2] = replace(output, shown=shown)
    return blocks


def shell_commands(block: Block) -> list[tuple[int, str, int | None]]:
    """``(line number, command, expected status)`` of each line of a shell block that runs
    tilewright; the status is None for a line marked as not run by the tests."""
    commands = []
    for offset, raw in enumerate(block.code.splitlines()):
        line = raw.strip().removeprefix("$ ")
        while line.split(" ", 1)[0] in SETUP and " && " in line:
            line = line.split(" && ", 1)[1]  # pip install . && tilewright ...: the second
        if not RUNS_TILEWRIGHT.search(line) or line.split(" ", 1)[0] in SETUP:
            continue
        comment = COMMENT.split(line, maxsplit=1)[-1] if COMMENT.search(line) else ""
        if NOT_RUN.search(comment):
            expected = None
        else:
            status = EXITS.search(comment)
            expected = int(status.group(1)) if status else 0
        commands.append((block.line + offset, line, expected))
    return commands


BLOCKS = [
    block
    for path in PAGES
    for block in markdown_blocks(
        path.read_text(encoding="utf-8"), path.relative_to(ROOT).as_posix()
    )
]
PYTHON = [block for block in BLOCKS if block.language == "python"]
SHELL = [block for block in BLOCKS if block.language in SHELLS and shell_commands(block)]


def _id(block: Block, kind: str) -> str:
    return f"{block.page}-{kind}-line-{block.line}"


def _run(command: list[str], folder: Path) -> subprocess.CompletedProcess:
    # the console script of the environment running the tests comes first on PATH
    scripts = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": scripts + os.pathsep + os.environ.get("PATH", "")}
    limited = ["bash", "-c", f'ulimit -f {FILE_BLOCKS} && exec "$@"', "limited", *command]
    try:
        return subprocess.run(
            limited, cwd=folder, env=env, capture_output=True, text=True, timeout=SECONDS
        )
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -1, "", f"still running after {SECONDS} s")


def _tail(text: str, lines: int = 8) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


@pytest.mark.parametrize("block", PYTHON, ids=[_id(b, "python") for b in PYTHON])
def test_python_snippet(block, tmp_path):
    if block.skipped:
        pytest.skip(block.skipped)
    script = tmp_path / "snippet.py"
    script.write_text(block.code, encoding="utf-8")
    done = _run([sys.executable, str(script)], tmp_path)
    assert done.returncode == 0, f"{block.page} line {block.line}:\n{_tail(done.stderr)}"


@pytest.mark.parametrize("block", SHELL, ids=[_id(b, "shell") for b in SHELL])
def test_shell_snippet(block, tmp_path):
    if block.skipped:
        pytest.skip(block.skipped)
    assert shutil.which("bash"), "the shell snippets run in bash"
    failures = []
    commands = shell_commands(block)
    for line, command, expected in commands:
        if expected is None:
            continue
        done = _run(["bash", "-o", "pipefail", "-c", command], tmp_path)
        if done.returncode != expected:
            failures.append(
                f"{block.page} line {line}: {command}\n"
                f"  exit {done.returncode}, expected {expected}: {_tail(done.stderr, 3)}"
            )
        elif block.shown is not None and len(commands) == 1:
            printed = done.stdout[: len(block.shown)]
            if printed != block.shown:
                failures.append(
                    f"{block.page} line {line}: {command}\n  prints\n{printed}\n"
                    f"  where {block.page} shows\n{block.shown}"
                )
    assert not failures, "\n".join(failures)


def test_conventions_are_read():
    """The parser finds blocks, the markers and the expected statuses it documents."""
    text = (
        "```sh\n"
        "pip install .\n"
        "pip install . && tilewright d\n"
        "$ tilewright a  # exits 2: refused\n"
        "echo 1 | tilewright b\n"
        "tilewright c  # huge: not run by the tests\n"
        "```\n"
        "\n"
        "```\n"
        "line 1\n"
        "...\n"
        "```\n"
        "<!-- not run by the tests: needs a network -->\n"
        "```python\n"
        "print(1)\n"
        "```\n"
    )
    shell, output, python = markdown_blocks(text)
    assert shell.shown == "line 1" and output.language == ""
    assert shell_commands(shell) == [
        (3, "tilewright d", 0),
        (4, "tilewright a  # exits 2: refused", 2),
        (5, "echo 1 | tilewright b", 0),
        (6, "tilewright c  # huge: not run by the tests", None),
    ]
    assert (python.language, python.line, python.code) == ("python", 15, "print(1)\n")
    assert python.skipped == "<!-- not run by the tests: needs a network -->"
