"""The manifest's name: ``.manifest.json``, hidden from other Parquet readers; a folder
written before, with ``manifest.json``, still loads, verifies and resumes, and the run that
finishes it again renames its manifest."""

import shutil
from pathlib import Path

import pytest

from tilewright import TilewrightError
from tilewright.datasets import MANIFEST, MazeConfig, generate, iter_mazes, load
from tilewright.datasets.part_files import LEGACY_MANIFEST

CONFIG = MazeConfig(7, 6, "kruskal")
COUNT, SEED, PART_SIZE = 30, 3, 10
PART = "part-00001.parquet"


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("reference") / "d"
    generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)
    return folder


@pytest.fixture
def legacy(reference, tmp_path) -> Path:
    """The reference as a tilewright before the rename wrote it."""
    folder = Path(shutil.copytree(reference, tmp_path / "d"))
    (folder / MANIFEST).rename(folder / LEGACY_MANIFEST)
    return folder


def contents(folder: Path) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


def rerun(folder: Path):
    return generate(CONFIG, COUNT, SEED, folder, part_size=PART_SIZE)


def test_the_manifest_is_hidden():
    assert (MANIFEST, LEGACY_MANIFEST) == (".manifest.json", "manifest.json")


def test_a_folder_written_before_loads(reference, legacy):
    assert load(legacy).equals(load(reference))
    assert len(list(iter_mazes(legacy))) == COUNT


def test_a_folder_written_before_is_verified(legacy):
    data = bytearray((legacy / PART).read_bytes())
    data[200] ^= 1
    (legacy / PART).write_bytes(data)
    with pytest.raises(TilewrightError, match=f"{PART} is damaged"):
        load(legacy)


def test_a_rerun_keeps_the_parts_and_renames_the_manifest(reference, legacy):
    parts = {name: data for name, data in contents(legacy).items() if name != LEGACY_MANIFEST}
    summary = rerun(legacy)
    assert (summary.made, summary.parts) == (0, COUNT // PART_SIZE)
    assert contents(legacy) == contents(reference)  # the old name is gone
    assert {name: contents(legacy)[name] for name in parts} == parts


def test_a_rerun_makes_a_missing_or_damaged_part_listed_under_the_old_name(reference, legacy):
    (legacy / "part-00000.parquet").unlink()
    data = bytearray((legacy / PART).read_bytes())
    data[200] ^= 1
    (legacy / PART).write_bytes(data)
    summary = rerun(legacy)
    assert (summary.made, summary.remade) == (2, (PART,))
    assert contents(legacy) == contents(reference)


def test_a_folder_with_both_names_reads_the_new_one_and_a_rerun_removes_the_old(reference, legacy):
    # as a run cut short between writing the new manifest and removing the old leaves it
    shutil.copy(reference / MANIFEST, legacy / MANIFEST)
    (legacy / LEGACY_MANIFEST).write_text("{not json")
    assert load(legacy).num_rows == COUNT
    (legacy / LEGACY_MANIFEST).write_bytes((reference / MANIFEST).read_bytes())
    rerun(legacy)
    assert contents(legacy) == contents(reference)


def test_another_datasets_manifest_under_the_old_name_is_refused(legacy):
    before = contents(legacy)
    with pytest.raises(TilewrightError, match="holds another dataset"):
        generate(CONFIG, COUNT, SEED + 1, legacy, part_size=PART_SIZE)
    assert contents(legacy) == before


def test_a_link_at_the_old_name_is_refused_never_followed(legacy, tmp_path):
    (legacy / LEGACY_MANIFEST).unlink()
    (legacy / LEGACY_MANIFEST).symlink_to(tmp_path / "elsewhere")
    with pytest.raises(TilewrightError, match=f"{LEGACY_MANIFEST} is a link"):
        rerun(legacy)
    assert not (tmp_path / "elsewhere").exists()


def test_a_folder_with_no_manifest_names_the_new_one(legacy):
    (legacy / LEGACY_MANIFEST).unlink()
    with pytest.raises(TilewrightError, match=r"has no \.manifest\.json: the dataset is not"):
        load(legacy)
