"""A dataset folder never serves or keeps what it did not write (issue 33, items 1, 2, 4, 11).

A part damaged on disk is an error naming it when read and is made again by a rerun; a
folder holding another dataset's parts is refused, manifest or not; a link at a name
inside the folder is refused, never followed; a refused run leaves nothing it made.
"""

import contextlib
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers import run_cli
from tilewright import TilewrightError
from tilewright.datasets import (
    MANIFEST,
    MazeConfig,
    Summary,
    TrominoConfig,
    generate,
    iter_mazes,
    load,
    maze_items,
)
from tilewright.datasets import part_files as on_disk

CONFIG = MazeConfig(9, 9, "wilson")
COUNT, SEED, PART_SIZE = 60, 1, 20
PART = "part-00001.parquet"
ARGS = [
    *("dataset", "mazes", "9x9", "-a", "wilson", "--count", str(COUNT)),
    *("-s", str(SEED), "--part-size", str(PART_SIZE), "-o"),
]
READERS: dict[str, Callable[..., object]] = {
    "load": load,
    "iter_mazes": lambda path, **options: list(iter_mazes(path, batch_size=7, **options)),
}


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("reference") / "d"
    generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
    return folder


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def flip(file: Path, offset: int, bit: int) -> None:
    data = bytearray(file.read_bytes())
    data[offset % len(data)] ^= 1 << bit
    file.write_bytes(data)


def copy_of(reference: Path, into: str) -> Path:
    return Path(shutil.copytree(reference, Path(into) / "d"))


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
@settings(max_examples=15)
@given(offset=st.integers(0, 2**20), bit=st.integers(0, 7))
def test_every_single_bit_flip_in_a_part_is_an_error_naming_it(reference, reader, offset, bit):
    with tempfile.TemporaryDirectory() as scratch:
        folder = copy_of(reference, scratch)
        flip(folder / PART, offset, bit)
        with pytest.raises(TilewrightError, match=f"{PART} is damaged"):
            reader(folder)


def test_a_part_of_another_size_is_damaged_and_not_read_whole(reference, tmp_path):
    folder = copy_of(reference, tmp_path)
    with open(folder / PART, "ab") as part:
        part.truncate(1 << 40)  # a sparse terabyte: refused by its size, before reading it
    for reader in READERS.values():
        with pytest.raises(TilewrightError, match=f"{PART} is damaged"):
            reader(folder)


def test_not_verifying_is_an_explicit_choice_and_may_read_changed_rows(reference, tmp_path):
    folder = copy_of(reference, tmp_path)
    whole = load(reference)
    for offset in range(0, (folder / PART).stat().st_size, 97):
        flip(folder / PART, offset, 0)
        with contextlib.suppress(TilewrightError):
            if not load(folder, verify=False).equals(whole):
                break  # a flip the Parquet decoder does not notice, as most are
        flip(folder / PART, offset, 0)
    else:
        pytest.fail("no flip changed the rows silently")
    assert len(list(iter_mazes(folder, verify=False))) == COUNT
    for reader in READERS.values():
        with pytest.raises(TilewrightError, match=f"{PART} is damaged"):
            reader(folder)


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_file_that_does_not_decode_is_one_error_naming_it(reference, tmp_path, reader):
    generate(CONFIG, COUNT, SEED, tmp_path / "one.parquet", part_size=PART_SIZE)
    data = bytearray((tmp_path / "one.parquet").read_bytes())
    data[4:1000] = bytes(996)  # its first pages, zeroed: no manifest to check it against
    (tmp_path / "one.parquet").write_bytes(data)
    with pytest.raises(TilewrightError, match=r"one\.parquet does not decode as Parquet"):
        reader(tmp_path / "one.parquet")
    folder = copy_of(reference, tmp_path)
    (folder / PART).write_bytes(data)
    with pytest.raises(TilewrightError, match=f"{PART} does not decode as Parquet"):
        reader(folder, verify=False)


@pytest.mark.parametrize("manifest", [True, False], ids=["manifest", "cut short"])
@settings(max_examples=10)
@given(offset=st.integers(0, 2**20), bit=st.integers(0, 7))
def test_a_rerun_makes_a_damaged_part_again_and_names_it(reference, manifest, offset, bit):
    with tempfile.TemporaryDirectory() as scratch:
        folder = copy_of(reference, scratch)
        if not manifest:  # as a run cut short leaves the folder: the part checks itself
            (folder / MANIFEST).unlink()
        flip(folder / PART, offset, bit)
        summary = generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
        assert (summary.made, summary.remade) == (1, (PART,))
        assert contents(folder) == contents(reference)


def test_the_command_names_the_damaged_part_it_made_again(reference, tmp_path, capsys):
    folder = copy_of(reference, tmp_path)
    flip(folder / PART, 1400, 2)
    status, err = run_cli(capsys, *ARGS, str(folder))
    assert status == 0 and len(err.strip().splitlines()) == 1
    assert f"2 kept, {PART} damaged: made again" in err
    assert contents(folder) == contents(reference)


def test_to_maze_dataset_reads_a_folder_checking_its_parts(reference, tmp_path):
    pytest.importorskip("maze_dataset")
    from tilewright.datasets import to_maze_dataset

    assert len(to_maze_dataset(reference)) == COUNT
    folder = copy_of(reference, tmp_path)
    flip(folder / PART, 1400, 2)
    with pytest.raises(TilewrightError, match=f"{PART} is damaged"):
        to_maze_dataset(folder)


def test_the_summary_names_a_few_damaged_parts_and_counts_the_rest():
    remade = tuple(f"part-{k:05d}.parquet" for k in range(5))
    line = Summary(100, 10, 5, 1.0, "d", remade=remade).line()
    assert (
        "5 kept, part-00000.parquet, part-00001.parquet, part-00002.parquet and 2 more "
        "damaged: made again, 1.0 s" in line
    )


OTHERS = {
    "seed": lambda folder: generate(CONFIG, COUNT, 2, folder, part_size=PART_SIZE),
    "configuration": lambda folder: generate(
        MazeConfig(9, 9, "kruskal"), COUNT, SEED, folder, part_size=PART_SIZE
    ),
    "family": lambda folder: generate(TrominoConfig(4, 4), COUNT, SEED, folder, part_size=20),
}


@pytest.mark.parametrize("other", OTHERS.values(), ids=OTHERS.keys())
def test_another_datasets_parts_are_refused_without_a_manifest(reference, tmp_path, other):
    folder = copy_of(reference, tmp_path)
    (folder / MANIFEST).unlink()  # as a run cut short leaves the folder
    before = contents(folder)
    with pytest.raises(TilewrightError, match=r"holds another dataset's part-00000\.parquet"):
        other(folder)
    assert contents(folder) == before


@pytest.mark.parametrize("other", OTHERS.values(), ids=OTHERS.keys())
def test_another_datasets_part_is_refused_under_this_ones_manifest(reference, tmp_path, other):
    folder = copy_of(reference, tmp_path)
    other(tmp_path / "other")
    shutil.copy(tmp_path / "other" / PART, folder / PART)
    before = contents(folder)
    with pytest.raises(TilewrightError, match=f"holds another dataset's {PART}"):
        generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
    assert contents(folder) == before


def test_the_command_refuses_another_datasets_parts_in_one_line(reference, tmp_path, capsys):
    folder = copy_of(reference, tmp_path)
    (folder / MANIFEST).unlink()
    before = contents(folder)
    status, err = run_cli(capsys, *[a if a != str(SEED) else "2" for a in ARGS], str(folder))
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert "holds another dataset's part-00000.parquet: give another folder" in err
    assert contents(folder) == before


@pytest.mark.parametrize("name", [PART, MANIFEST])
@pytest.mark.parametrize("dangling", [True, False], ids=["dangling", "to a file"])
def test_a_link_in_the_folder_is_refused_never_followed(reference, tmp_path, name, dangling):
    folder = copy_of(reference, tmp_path)
    (folder / name).unlink()
    target = tmp_path / "elsewhere"
    if not dangling:
        target.write_bytes(b"keep me")
    (folder / name).symlink_to(target)
    with pytest.raises(TilewrightError, match=f"{name} is a link"):
        generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
    assert (folder / name).is_symlink()
    if dangling:
        assert not target.exists()
    else:
        assert target.read_bytes() == b"keep me"


def test_a_part_with_another_name_is_replaced_not_written_into(reference, tmp_path):
    folder = copy_of(reference, tmp_path)
    snapshot = tmp_path / "snapshot.parquet"
    os.link(folder / PART, snapshot)  # as ``cp -al`` leaves a dataset's snapshot
    flip(folder / PART, 1400, 2)
    damaged = snapshot.read_bytes()
    generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
    assert contents(folder) == contents(reference)
    assert snapshot.read_bytes() == damaged


def test_a_link_made_while_a_part_is_written_is_replaced_not_followed(tmp_path, monkeypatch):
    made = on_disk.make_part
    target = tmp_path / "elsewhere"

    def linking_first(job):
        if job.task.number == 1:
            os.symlink(target, job.path)
        return made(job)

    monkeypatch.setattr(on_disk, "make_part", linking_first)
    generate(CONFIG, COUNT, SEED, tmp_path / "d", part_size=PART_SIZE)
    assert not target.exists() and not (tmp_path / "d" / PART).is_symlink()


def test_a_loop_of_links_as_the_folder_says_so(tmp_path, capsys):
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    status, err = run_cli(capsys, *ARGS, str(tmp_path / "loop"))
    assert status == 2 and "Too many levels of symbolic links" in err
    assert len(err.strip().splitlines()) == 1


def test_a_link_to_a_folder_yet_to_be_made_is_written_through(tmp_path):
    (tmp_path / "link").symlink_to(tmp_path / "made")
    generate(CONFIG, COUNT, SEED, tmp_path / "link", part_size=PART_SIZE)
    assert load(tmp_path / "made").equals(maze_items(CONFIG, SEED, 0, COUNT))


def test_a_refused_run_leaves_no_folder_behind(tmp_path, monkeypatch):
    def refused(job):
        raise TilewrightError("refused")

    monkeypatch.setattr(on_disk, "make_part", refused)
    with pytest.raises(TilewrightError, match="refused"):
        generate(CONFIG, COUNT, SEED, tmp_path / "d", part_size=PART_SIZE)
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("existing", [False, True], ids=["new folder", "empty folder"])
def test_a_refused_unique_run_leaves_nothing_it_made(tmp_path, capsys, existing):
    if existing:
        (tmp_path / "d").mkdir()
    args = ["dataset", "tromino", "2x2", "--count", "10", "--unique", "-s", "1"]
    status, err = run_cli(capsys, *args, "-o", str(tmp_path / "d"))
    assert status == 2 and "found nothing unlike the earlier items" in err
    assert sorted(os.listdir(tmp_path)) == (["d"] if existing else [])
    assert not existing or os.listdir(tmp_path / "d") == []


def test_a_refused_unique_run_leaves_what_was_there(tmp_path):
    config = TrominoConfig(2, 2)
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "notes.txt").write_text("mine")
    with pytest.raises(TilewrightError, match="unlike"):
        generate(config, 10, 1, tmp_path / "d", part_size=3, unique=True)
    assert os.listdir(tmp_path / "d") == ["notes.txt"]


def test_a_manifest_without_checksums_is_refused(reference, tmp_path):
    folder = copy_of(reference, tmp_path)
    text = (folder / MANIFEST).read_text().replace('"sha256"', '"sha"')
    (folder / MANIFEST).write_text(text)
    with pytest.raises(TilewrightError, match="does not list its parts"):
        load(folder)
