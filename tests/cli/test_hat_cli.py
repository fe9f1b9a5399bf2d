"""``tilewright hat``: formats by suffix, seeds printed and recorded, Tile(a,b) shapes, and
one line and exit 2 for bad input."""

import io
import json
import re

import pytest
from PIL import Image

from tilewright.aperiodic import FORMATS, generate_hats, validate_hats
from tilewright.aperiodic.hat import writers as hat_writers
from tilewright.cli import aperiodic as aperiodic_cli
from tilewright.cli import hat as hat_cli
from tilewright.cli import main


def run(capsysbinary, *args: str) -> tuple[int, bytes, str]:
    try:
        main(["hat", *args])
        status = 0
    except SystemExit as ended:
        status = ended.code if isinstance(ended.code, int) else 2
    out, err = capsysbinary.readouterr()
    return status, out, err.decode()


def test_the_command_line_offers_the_librarys_names():
    assert aperiodic_cli.FORMATS == FORMATS
    assert hat_cli.COLOURINGS == hat_writers.COLOURINGS


def test_the_issue_example_writes_an_svg_with_its_seed(tmp_path, capsysbinary):
    status, _, err = run(capsysbinary, "60x40", "--seed", "3", "-o", str(tmp_path / "hats.svg"))
    assert status == 0 and err == ""
    text = (tmp_path / "hats.svg").read_text()
    assert text.count("<use") == len(generate_hats(60, 40, 3)) and '"seed":3' in text


def test_text_formats_hold_the_librarys_hats(capsysbinary):
    tiles = list(generate_hats(20, 15, 8, (3, -4)))
    status, out, _ = run(capsysbinary, "20x15", "-s", "8", "--origin", "3,-4", "-f", "csv")
    lines = out.decode().splitlines()
    assert status == 0 and lines[0].startswith("id,type,index,reflected,turn,colour,x0,y0")
    assert [line.split(",")[0] for line in lines[1:]] == [tile.id for tile in tiles]
    status, out, _ = run(capsysbinary, "20x15", "-s", "8", "--origin", "3,-4", "-f", "jsonl")
    rows = [json.loads(line) for line in out.decode().splitlines()]
    assert [row["id"] for row in rows] == [tile.id for tile in tiles]
    assert sum(row["reflected"] for row in rows) == sum(tile.reflected for tile in tiles)
    assert [row["colour"] for row in rows] == [tile.colour for tile in tiles]
    status, out, _ = run(capsysbinary, "20x15", "-s", "8", "--origin", "3,-4", "-f", "geojson")
    features = json.loads(out)["features"]
    assert len(features) == len(tiles)
    ring = features[0]["geometry"]["coordinates"][0]
    assert len(ring) == 15 and ring[0] == ring[-1]


def test_without_a_seed_one_is_drawn_printed_and_reproduces(capsysbinary):
    status, out, err = run(capsysbinary, "12x12", "-f", "csv")
    assert status == 0 and err.startswith("seed: ")
    seed = err.split()[1]
    assert run(capsysbinary, "12x12", "-s", seed, "-f", "csv")[1] == out


@pytest.mark.parametrize("shape", ["turtle", "chevron", "comet", "spectre", "0.5,2"])
def test_shapes_draw_pictures(tmp_path, capsysbinary, shape):
    target = tmp_path / "shape.png"
    status, _, err = run(capsysbinary, "20x20", "-s", "2", "--shape", shape, "-o", str(target))
    assert status == 0, err
    image = Image.open(target)
    assert image.size[0] > 100 and image.getextrema()[0][0] < 100  # drawn, outlines dark


def test_pictures_by_suffix(tmp_path, capsysbinary):
    for suffix in ("svg", "png", "pdf"):
        target = tmp_path / f"hats.{suffix}"
        args = ("25x20", "-s", "1", "--colour", "four", "-o", str(target))
        assert run(capsysbinary, *args)[0] == 0
    assert (tmp_path / "hats.pdf").read_bytes().startswith(b"%PDF")
    assert Image.open(io.BytesIO((tmp_path / "hats.png").read_bytes())).size == (1000, 800)
    plain = tmp_path / "plain.svg"
    assert run(capsysbinary, "25x20", "-s", "1", "--plain", "-o", str(plain))[0] == 0
    assert plain.read_text().count("<path d=") == len(generate_hats(25, 20, 1))


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("10x10", "--origin", "1e16,0"), "within 1125899906842624 "),
        (("nanx3",), "a region looks like"),
        (("10x10", "--shape", "1,x"), "--shape is a,b"),
        (("10x10", "--shape", "0,0"), "longer than 0"),
        (("10x10", "--shape", "turtle", "-f", "csv"), "--shape draws"),
        (("10x10", "--plain", "-f", "png", "-o", "x.png"), "--plain draws"),
        (("10x10", "-o", "x.gif"), ".gif"),
        (("10x10", "--cell", "1000", "-f", "svg"), "pixels"),
        (("10x10", "--cut", "-f", "png", "-o", "x.png"), "--cut (and dxf) writes"),
        (("10x10", "--neighbours", "-f", "svg"), "--neighbours is for"),
        (("10x10", "--cut", "--colour", "four"), "drop --colour"),
        (("10x10", "--cut", "--plain"), "give one"),
        (("10x10", "-f", "dxf", "--shape", "turtle"), "drop --shape"),
    ],
)
def test_bad_input_gets_one_line_and_exit_2(capsysbinary, args, says):
    status, out, err = run(capsysbinary, *args)
    assert status == 2 and out == b""
    assert err.count("\n") == 1 and says in err, err


def test_a_written_patch_validates(capsysbinary):
    status, out, _ = run(capsysbinary, "30x30", "-s", "11", "-f", "jsonl")
    assert status == 0
    patch = generate_hats(30, 30, 11)
    assert validate_hats(patch, patch.region) is None
    assert len(out.decode().splitlines()) == len(patch)


def test_a_cut_is_written_as_svg_and_dxf(tmp_path, capsysbinary):
    import ezdxf

    from tilewright.aperiodic import cut_paths

    svg, dxf = tmp_path / "cut.svg", tmp_path / "cut.dxf"
    assert run(capsysbinary, "30x20", "-s", "3", "--cut", "-o", str(svg))[0] == 0
    assert run(capsysbinary, "30x20", "-s", "3", "-o", str(dxf))[0] == 0
    cut = cut_paths(generate_hats(30, 20, 3))
    paths = re.findall(r' d="([^"]*)"', svg.read_text())
    assert sum(d.count("M") for d in paths) == len(cut)  # a move a polyline, outline last
    assert len(ezdxf.readfile(dxf).modelspace().query("LWPOLYLINE")) == len(cut)


def test_neighbours_end_each_text_row(capsysbinary):
    status, out, _ = run(capsysbinary, "15x10", "-s", "2", "-f", "jsonl", "--neighbours")
    rows = [json.loads(line) for line in out.decode().splitlines()]
    ids = {row["id"] for row in rows}
    assert status == 0 and all(len(row["neighbours"]) == 14 for row in rows)
    assert any(name in ids for row in rows for name in row["neighbours"])
    status, out, _ = run(capsysbinary, "15x10", "-s", "2", "-f", "csv", "--neighbours")
    header, first = out.decode().splitlines()[:2]
    assert header.endswith(",n13") and first.split(",")[-14:] == rows[0]["neighbours"]


def test_the_command_line_reaches_far_regions(capsysbinary):
    status, out, _ = run(capsysbinary, "30x20", "-s", "3", "--origin", "1e15,-1e15", "-f", "csv")
    assert status == 0 and out.count(b"\n") > 60
    assert out.split(b"\n")[1].startswith(b"455341801261481:-333333333333334:")
    status, out, err = run(capsysbinary, "30x20", "-s", "3", "--origin", "1e16,0", "-f", "csv")
    assert status == 2 and out == b"" and err.count("\n") == 1 and "within 1125899906842624 " in err
