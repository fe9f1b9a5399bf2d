"""``tilewright spectre``: formats by suffix, seeds printed and recorded, pictures within
the pixel budget, names in any case, and a word before compiling."""

import io
import json
import re
import subprocess
import sys

import pytest

from tilewright.aperiodic import COLOURINGS, FORMATS, METHODS, SUFFIXES, generate
from tilewright.aperiodic.threaded import MAX_THREADS
from tilewright.aperiodic.writers import TEXT_FORMATS
from tilewright.cli import aperiodic as aperiodic_cli
from tilewright.cli import main
from tilewright.cli import spectre as spectre_cli


@pytest.fixture(scope="module", autouse=True)
def _compiled():
    """Compile the kernels first, so that no run below says it is compiling."""
    from tilewright.aperiodic import warm

    warm.warm()


def tilewright(*args: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tilewright", *args], capture_output=True, cwd=cwd, timeout=300
    )


def run(capsysbinary, *args: str) -> tuple[int, bytes, str]:
    """The command run in this process: (exit status, stdout, stderr)."""
    try:
        main(["spectre", *args])
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    out, err = capsysbinary.readouterr()
    return status, out, err.decode()


def recorded_seed(text: str) -> int:
    found = re.search(r'"seed":(\d+)', text)
    assert found, text[:200]
    return int(found.group(1))


def test_the_command_line_offers_the_librarys_names():
    assert aperiodic_cli.FORMATS == FORMATS
    assert spectre_cli.COLOURINGS == COLOURINGS
    assert aperiodic_cli.METHODS == METHODS
    assert aperiodic_cli.TEXT_FORMATS == TEXT_FORMATS
    assert aperiodic_cli.MAX_THREADS == MAX_THREADS


def test_threads_write_the_same_rows_and_are_refused_where_unused(capsysbinary):
    one = run(capsysbinary, "120x90", "-s", "4", "-f", "csv")
    assert one[0] == 0 and one[1].count(b"\n") > 100
    assert run(capsysbinary, "120x90", "-s", "4", "-f", "csv", "--threads", "2") == one
    for args in (("-f", "svg"), ("-f", "jsonl", "--method", "bfs"), ("-f", "parquet")):
        status, out, err = run(capsysbinary, "20x20", "-s", "4", "--threads", "2", *args)
        assert status == 2 and out == b"" and "--threads is for -f csv" in err, args
    status, _, err = run(capsysbinary, "20x20", "-f", "csv", "--threads", "0")
    assert status == 2 and "--threads" in err


def test_a_region_far_out_is_written_with_its_true_coordinates(capsysbinary):
    status, out, _ = run(capsysbinary, "12x8", "-s", "5", "--origin", "1e15,-1e15", "-f", "csv")
    rows = [line.split(",") for line in out.decode().splitlines()[1:]]
    assert status == 0 and len(rows) > 5
    xs = [float(v) for row in rows for v in row[3::2]]
    ys = [float(v) for row in rows for v in row[4::2]]
    assert min(xs) > 1e15 - 8 and max(xs) < 1e15 + 20 and -1e15 - 8 < min(ys) < -1e15 + 16
    status, _, err = run(capsysbinary, "12x8", "--origin", "2e15,0", "-f", "csv")
    assert status == 2 and err.count("\n") == 1 and "within 1125899906842624 " in err


def test_curved_draws_pictures_and_is_refused_elsewhere(capsysbinary, tmp_path):
    status, out, _ = run(capsysbinary, "12x8", "-s", "5", "--curved", "-f", "svg")
    assert status == 0 and b"c" in out and out.count(b"<use") > 5
    assert run(capsysbinary, "12x8", "-s", "5", "--curved", "-o", str(tmp_path / "c.png"))[0] == 0
    cut = run(capsysbinary, "12x8", "-s", "5", "--curved", "--cut", "-o", str(tmp_path / "c.dxf"))
    assert cut[0] == 0 and (tmp_path / "c.dxf").read_text().count("LWPOLYLINE") > 5
    for fmt in ("csv", "jsonl", "geojson"):
        status, out, err = run(capsysbinary, "12x8", "--curved", "-f", fmt)
        assert status == 2 and out == b"" and "--curved" in err, fmt


def test_neighbours_end_each_row_and_are_refused_where_not_written(capsysbinary):
    status, out, _ = run(capsysbinary, "30x20", "-s", "6", "-f", "jsonl", "--neighbours")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0 and rows and all(len(row["neighbours"]) == 14 for row in rows)
    plain = run(capsysbinary, "30x20", "-s", "6", "-f", "jsonl")[1].splitlines()
    assert [{k: v for k, v in row.items() if k != "neighbours"} for row in rows] == [
        json.loads(line) for line in plain
    ]
    for fmt in ("svg", "geojson", "png"):
        status, out, err = run(capsysbinary, "20x20", "-s", "6", "-f", fmt, "--neighbours")
        assert status == 2 and out == b"" and "--neighbours is for -f csv" in err, fmt


def test_neighbours_go_into_the_parquet_parts_as_into_json_lines(capsysbinary, tmp_path):
    import pyarrow as pa
    import pyarrow.parquet as pq

    args = ("150x300", "-s", "6", "--neighbours")  # two rows of 256-edge blocks
    status, _, _ = run(
        capsysbinary, *args, "-f", "parquet", "--bands", "2", "-o", str(tmp_path / "t")
    )
    assert status == 0
    parts = sorted((tmp_path / "t").glob("part-*.parquet"))
    assert len(parts) == 2
    table = pa.concat_tables([pq.read_table(part) for part in parts])
    lines = run(capsysbinary, *args, "-f", "jsonl")[1].splitlines()
    assert table.column("neighbours").to_pylist() == [json.loads(x)["neighbours"] for x in lines]
    assert table.column("id").to_pylist() == [json.loads(x)["id"] for x in lines]


def test_a_drawn_seed_is_printed_and_recorded_in_every_format_that_has_room(tmp_path):
    for suffix in (".svg", ".png", ".pdf", ".geojson"):
        path = tmp_path / f"patch{suffix}"
        done = tilewright("spectre", "8x6", "-o", str(path))
        assert done.returncode == 0, done.stderr
        printed = re.fullmatch(r"seed: (\d+)\n", done.stderr.decode())
        assert printed, done.stderr
        seed = int(printed.group(1))
        data = path.read_bytes()
        if suffix == ".png":
            from PIL import Image

            record = json.loads(Image.open(io.BytesIO(data)).text["tilewright"])
            assert (record["seed"], record["family"]) == (seed, "spectre")
        elif suffix == ".pdf":
            assert f"seed={seed}".encode() in data
        else:
            assert recorded_seed(data.decode()) == seed
        # the seed makes the same tiles again
        again = tilewright("spectre", "8x6", "-s", str(seed), "-f", "jsonl").stdout.decode()
        ids = [json.loads(line)["id"] for line in again.splitlines()]
        assert ids == [tile.id for tile in generate(8, 6, seed)]


def test_a_given_seed_is_not_printed_and_the_region_is_recorded(tmp_path):
    path = tmp_path / "patch.svg"
    done = tilewright("spectre", "8x6", "-s", "12", "--origin", "3,-4", "-o", str(path))
    assert done.returncode == 0 and done.stderr == b""
    record = json.loads(re.search(r"<metadata[^>]*>(.*?)</metadata>", path.read_text()).group(1))
    assert record["seed"] == 12 and record["origin"] == [3.0, -4.0]
    assert (record["width"], record["height"]) == (8.0, 6.0)


@pytest.mark.parametrize(("suffix", "start"), [(".json", b'{"type":"FeatureCollection"')])
def test_json_is_geojson(tmp_path, suffix, start):
    path = tmp_path / f"patch{suffix}"
    assert tilewright("spectre", "5x5", "-s", "1", "-o", str(path)).returncode == 0
    assert path.read_bytes().startswith(start)


@pytest.mark.parametrize("name", ["patch.gif", "patch.txt", "PATCH.JPG"])
def test_a_suffix_it_cannot_write_is_refused(tmp_path, capsysbinary, name):
    status, out, err = run(capsysbinary, "5x5", "-s", "1", "-o", str(tmp_path / name))
    assert status == 2 and out == b""
    assert err.startswith("tilewright: error: cannot write .") and ".pdf" in err
    assert len(err.splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("suffix", ["png", "csv", "jsonl"])
def test_plain_with_a_format_it_does_not_draw_is_refused(tmp_path, capsysbinary, suffix):
    target = tmp_path / f"a.{suffix}"
    status, out, err = run(capsysbinary, "5x5", "-s", "1", "--plain", "-o", str(target))
    assert status == 2 and out == b""
    assert err == f"tilewright: error: plain draws svg or pdf, not {suffix}\n"
    assert list(tmp_path.iterdir()) == []


def test_a_format_that_contradicts_the_suffix_is_refused(tmp_path, capsysbinary):
    status, _, err = run(capsysbinary, "5x5", "-s", "1", "-f", "svg", "-o", str(tmp_path / "a.png"))
    assert status == 2 and "-f svg does not write .png" in err


def test_every_suffix_writes_its_format(tmp_path, capsysbinary):
    starts = {
        "svg": b"<svg",
        "png": b"\x89PNG",
        "pdf": b"%PDF-",
        "jsonl": b'{"id":',
        "csv": b"id,type,index,x0,y0",
        "geojson": b'{"type":"FeatureCollection"',
    }
    for suffix, fmt in SUFFIXES.items():
        path = tmp_path / f"patch{suffix}"
        status, _, err = run(capsysbinary, "6x4", "-s", "2", "-o", str(path))
        assert status == 0, err
        assert path.read_bytes().startswith(starts[fmt]), suffix


def test_names_in_any_case_and_near_misses(capsysbinary):
    status, out, _ = run(capsysbinary, "6x4", "-s", "2", "-f", "CSV", "--method", "BFS")
    assert status == 0 and out.startswith(b"id,type")
    status, out, _ = run(capsysbinary, "6x4", "-s", "2", "--colour", "Four")
    assert status == 0 and out.startswith(b"<svg")
    for option, typed, meant in [("--colour", "fuor", "four"), ("--method", "lin", "line")]:
        status, _, err = run(capsysbinary, "6x4", option, typed)
        assert status == 2 and f"did you mean {meant}?" in err, err
    status, _, err = run(capsysbinary, "6x4", "--sead", "3")
    assert status == 2 and "No such option '--sead'" in err and "'--seed'" in err


def svg_size(svg: bytes) -> tuple[float, float]:
    found = re.search(rb'width="([0-9.]+)" height="([0-9.]+)"', svg)
    assert found
    return float(found.group(1)), float(found.group(2))


def test_the_default_scale_fits_the_pixel_budget(capsysbinary):
    status, out, _ = run(capsysbinary, "40x30", "-s", "1")
    assert status == 0 and svg_size(out) == (1000, 750)  # a long side of 1000 pixels
    status, out, _ = run(capsysbinary, "2000x1000", "-s", "1", "--max-side", "512")
    assert status == 0 and svg_size(out) == (512, 256)  # smaller, to fit --max-side


def test_a_scale_past_the_budget_is_refused_naming_the_size(tmp_path, capsysbinary):
    path = tmp_path / "big.png"
    status, _, err = run(capsysbinary, "1000x300", "-s", "1", "--cell", "10", "-o", str(path))
    assert status == 2 and len(err.splitlines()) == 1
    assert "10000x3000 pixels" in err and "8192" in err and "scale 8.19 fits" in err
    assert list(tmp_path.iterdir()) == []
    status, _, _ = run(capsysbinary, "100x30", "-s", "1", "--cell", "10", "--max-side", "1000")
    assert status == 0


def test_text_formats_ignore_the_picture_budget(capsysbinary):
    status, out, _ = run(capsysbinary, "1000x2", "-s", "1", "--cell", "100", "-f", "csv")
    assert status == 0 and out.startswith(b"id,type")


def test_a_cold_cache_is_announced_before_the_kernels_run(capsysbinary, monkeypatch):
    from tilewright.core import compilation

    asked = []

    def cold(modules):
        asked.append(tuple(modules))
        return ["a kernel"]

    monkeypatch.setattr(compilation, "cold_kernels", cold)
    status, _, err = run(capsysbinary, "4x4", "-s", "1", "--method", "bfs", "-f", "csv")
    assert status == 0
    assert err.startswith("tilewright: compiling the Spectre kernels once, about ")
    names = [name.rsplit(".", 1)[1] for name in asked[0]]
    assert names == ["_search_kernels", "_format_kernels"]


def test_binary_formats_are_not_written_to_a_terminal(tmp_path):
    code = (
        "import sys\n"
        "sys.stdout.isatty = lambda: True\n"
        "from tilewright.cli import main\n"
        "main(['spectre', '4x4', '-s', '1', '-f', 'pdf'])\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=300)
    assert done.returncode == 2 and b"pdf is a picture" in done.stderr
