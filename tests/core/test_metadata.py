"""The record of what made an output, in every form it is written: it always reads back."""

import io
import json
from xml.etree import ElementTree

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from tilewright import __version__
from tilewright.core.metadata import PNG_KEY, describe, png_text, record, svg_element

SOFTWARE = f"tilewright {__version__}"
INFO = {"family": "maze", "width": 30, "height": 15, "algorithm": "wilson", "seed": 7}
texts = st.text(st.characters(exclude_categories=["Cs", "Cc"]), max_size=20)
infos = st.dictionaries(
    st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10).filter(
        lambda key: key != "software"  # the record's own field
    ),
    st.one_of(texts, st.integers(0, 2**63 - 1), st.booleans()),
    max_size=6,
)


def test_the_record_names_the_software_first():
    full = record(INFO)
    assert next(iter(full)) == "software" and full["software"] == SOFTWARE
    assert {key: full[key] for key in INFO} == INFO


def test_one_line_description():
    assert describe(INFO) == (f"{SOFTWARE} family=maze width=30 height=15 algorithm=wilson seed=7")
    assert describe({}) == SOFTWARE
    assert describe({"params": {"join": 0.3, "down": 0.5}}).endswith("params=join:0.3,down:0.5")
    assert describe({"params": {}}).endswith("params=-")


@given(infos)
def test_svg_metadata_reads_back_as_the_record(info):
    element = svg_element(info)
    svg = f'<svg xmlns="http://www.w3.org/2000/svg">{element}</svg>'
    found = ElementTree.fromstring(svg).find("{http://www.w3.org/2000/svg}metadata")
    assert found.get("id") == "tilewright"
    assert json.loads(found.text) == record(info)


@given(infos)
def test_png_text_reads_back_as_the_record(info):
    chunks = png_text(info)
    assert chunks["Software"] == SOFTWARE
    assert json.loads(chunks[PNG_KEY]) == record(info)


def test_the_record_survives_a_png_file():
    chunks = PngInfo()
    for key, value in png_text(INFO).items():
        chunks.add_text(key, value)
    buffer = io.BytesIO()
    Image.new("L", (2, 2)).save(buffer, "PNG", pnginfo=chunks)
    saved = Image.open(io.BytesIO(buffer.getvalue()))
    assert json.loads(saved.text[PNG_KEY])["seed"] == 7
    assert saved.text["Software"] == SOFTWARE


def test_values_json_cannot_hold_are_written_as_text():
    from pathlib import Path

    assert json.loads(png_text({"source": Path("a/b")})[PNG_KEY])["source"] == "a/b"
