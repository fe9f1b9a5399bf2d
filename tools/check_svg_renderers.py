"""Render every SVG writer's output with independent renderers and compare the pictures.

    python tools/check_svg_renderers.py                  # writes /tmp/svg-renderers/
    python tools/check_svg_renderers.py --out DIR --threshold 64 --max-share 0.005

An SVG that one renderer draws differently from another is a picture that some users see
wrong, so each SVG writer of the project is run once through the installed command line
(maze plain, solved and with a heat map; Rectangles puzzle and solution; tromino tiling
plain and four-coloured; Spectre patch filled and plain) and its SVG is rendered by

* ``rsvg-convert`` (librsvg; Debian package librsvg2-bin), as GNOME, Inkscape's export
  and many converters draw SVG;
* headless Chromium, as a browser draws it (an ``<img>`` in a page with no margin);
* CairoSVG (Python package), as ``tilewright ... -o x.pdf`` turns SVG into PDF.

A renderer that is not installed is skipped with a note. Each picture is rendered at the
same size by every renderer (the SVG's own size times a whole scale, about ``--size`` px
on its longer side), laid on white, and compared pair by pair: the mean absolute
difference (0 to 255, over pixels and channels), the share of pixels differing by more
than ``--threshold`` in some channel, and the share that differs by more than that from
every pixel within one pixel of it in the other picture ("beyond 1 px": what is left once
antialiasing and half-pixel placement are forgiven). A pair *differs* when that last
share passes ``--max-share`` or the mean passes ``--max-mean``.

For a person to look at, the output folder gets, per SVG, the SVG itself, each
renderer's PNG and ``<name>-compare.png``: the renderings side by side and, under them,
one difference picture per pair (black: differs beyond 1 px; grey: differs by more than
the threshold only within 1 px). ``summary.txt`` holds the table printed at the end.

Exit status: 0 when every pair agrees; 1 when a pair differs or a command or renderer
failed; 2 when fewer than two renderers are installed.
"""

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFont

# name of the SVG: the command-line arguments that write it (``-o NAME.svg`` is added)
CASES = {
    "maze": ["maze", "12x8", "-s", "1"],
    "maze-solved": ["maze", "12x8", "-s", "1", "--solve"],
    "maze-heatmap": ["maze", "12x8", "-s", "1", "--heatmap"],
    "rect-puzzle": ["rect", "generate", "7x7", "-s", "1"],
    "rect-solution": ["rect", "generate", "7x7", "-s", "1", "--solve"],
    "tromino": ["tromino", "tile", "8x8", "--missing", "0,0"],
    "tromino-colours": ["tromino", "tile", "8x8", "--missing", "0,0", "--colour", "four"],
    "spectre": ["spectre", "12x8", "-s", "1"],
    "spectre-plain": ["spectre", "12x8", "-s", "1", "--plain"],
}
CHROMIUM_BINARY = shutil.which("chromium") or shutil.which("chromium-browser") or "chromium"
COMMAND_SECONDS = 300  # a cold Numba cache compiles kernels on the first commands
RENDER_SECONDS = 120
CHROMIUM = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
)
PAGE = (
    "<!DOCTYPE html><html><head><style>html,body{{margin:0;padding:0;background:white;"
    "overflow:hidden}}img{{display:block}}</style></head><body>"
    '<img src="{svg}" width="{width}" height="{height}"></body></html>'
)


class RenderError(Exception):
    """A renderer ran but gave no picture."""


@dataclass
class Renderer:
    name: str
    render: Callable[[Path, int, int, Path], None]
    """render(svg, width, height, png): write ``png``, or raise RenderError."""


def run(argv: list[str], seconds: float, cwd: Path | None = None) -> None:
    """Run a command; RenderError with the end of its stderr when it fails."""
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=seconds)
    except subprocess.TimeoutExpired as error:
        raise RenderError(f"{argv[0]} took over {seconds:.0f} s") from error
    if done.returncode:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        raise RenderError(lines[-1][:300])


def rsvg(svg: Path, width: int, height: int, png: Path) -> None:
    """librsvg through its command-line converter."""
    run(["rsvg-convert", "-w", str(width), "-h", str(height), "-o", str(png), str(svg)], 60)


def chromium(svg: Path, width: int, height: int, png: Path) -> None:
    """A screenshot of a page showing the SVG as an image, in a throw-away profile."""
    page = png.with_suffix(".html")
    page.write_text(PAGE.format(svg=svg.name, width=width, height=height))
    with tempfile.TemporaryDirectory(prefix="chromium-profile-") as profile:
        argv = [CHROMIUM_BINARY, *CHROMIUM, f"--user-data-dir={profile}"]
        argv += [f"--screenshot={png}", f"--window-size={width},{height}", page.as_uri()]
        run(argv, RENDER_SECONDS)
    page.unlink()
    if not png.exists():
        raise RenderError("no screenshot written")


def cairosvg(svg: Path, width: int, height: int, png: Path) -> None:
    """CairoSVG, the renderer behind the project's PDF output."""
    import cairosvg as cairo  # imported here: the check runs without it, with a note

    try:
        cairo.svg2png(url=str(svg), write_to=str(png), output_width=width, output_height=height)
    except Exception as error:  # any failure inside CairoSVG is a finding, not a crash
        raise RenderError(f"{type(error).__name__}: {error}") from error


def available_renderers() -> tuple[list[Renderer], list[str]]:
    """The renderers installed here, and a note for each one that is not."""
    found, notes = [], []
    if shutil.which("rsvg-convert"):
        found.append(Renderer("rsvg", rsvg))
    else:
        notes.append("rsvg-convert not found (apt-get install librsvg2-bin): skipped")
    if shutil.which(CHROMIUM_BINARY):
        found.append(Renderer("chromium", chromium))
    else:
        notes.append("chromium not found (apt-get install chromium): skipped")
    try:
        import cairosvg as _  # noqa: F401
    except ImportError as error:
        notes.append(f"CairoSVG not importable ({error}; pip install cairosvg): skipped")
    else:
        found.append(Renderer("cairosvg", cairosvg))
    return found, notes


def svg_size(svg: Path) -> tuple[float, float]:
    """The width and height the SVG asks for, from its root element (viewBox if none)."""
    text = svg.read_text(errors="replace")
    root = re.search(r"<svg\b[^>]*>", text, re.S)
    if root is None:
        raise RenderError("no <svg> element")

    def attribute(name: str) -> str | None:
        match = re.search(rf'\s{name}\s*=\s*["\']([^"\']*)["\']', root.group(0))
        return match.group(1) if match else None

    def pixels(value: str | None) -> float | None:
        match = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(px)?\s*", value or "")
        return float(match[1]) if match else None

    width, height = pixels(attribute("width")), pixels(attribute("height"))
    if width and height:
        return width, height
    box = (attribute("viewBox") or "").replace(",", " ").split()
    if len(box) == 4:
        return float(box[2]), float(box[3])
    raise RenderError(f"cannot read the size of {svg.name} from its width, height or viewBox")


def on_white(png: Path, size: tuple[int, int]) -> np.ndarray:
    """The PNG laid on white, at ``size``, as an (H, W, 3) float array."""
    with Image.open(png) as image:
        rgba = image.convert("RGBA")
    if rgba.size != size:
        rgba = rgba.resize(size, Image.Resampling.LANCZOS)
    white = Image.new("RGBA", rgba.size, "white")
    return np.asarray(Image.alpha_composite(white, rgba).convert("RGB"), dtype=np.float64)


def shifted_difference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per pixel of ``a``: the smallest largest-channel difference to ``b`` within 1 px."""
    height, width = a.shape[:2]
    padded = np.pad(b, ((1, 1), (1, 1), (0, 0)), mode="edge")
    best = np.full((height, width), np.inf)
    for dy in range(3):
        for dx in range(3):
            near = padded[dy : dy + height, dx : dx + width]
            best = np.minimum(best, np.abs(a - near).max(axis=2))
    return best


@dataclass
class Comparison:
    mean: float
    """Mean absolute difference, 0 to 255, over pixels and channels."""
    share: float
    """Share of pixels differing by more than the threshold in some channel."""
    beyond: float
    """Share of pixels differing by more than the threshold from all within 1 px."""
    picture: np.ndarray
    """White where alike, grey where only ``share`` counts it, black where ``beyond`` does."""


def compare(a: np.ndarray, b: np.ndarray, threshold: float) -> Comparison:
    difference = np.abs(a - b)
    differs = difference.max(axis=2) > threshold
    beyond = (shifted_difference(a, b) > threshold) | (shifted_difference(b, a) > threshold)
    picture = np.full(differs.shape, 255, dtype=np.uint8)
    picture[differs] = 170
    picture[beyond] = 0
    return Comparison(
        float(difference.mean()), float(differs.mean()), float(beyond.mean()), picture
    )


def labelled(image: Image.Image, label: str) -> Image.Image:
    """The image with a line of text above it and a thin frame around it."""
    font = ImageFont.load_default(size=14)
    top = 20
    width = max(image.width, round(font.getlength(label))) + 2
    out = Image.new("RGB", (width, image.height + top + 2), "white")
    draw = ImageDraw.Draw(out)
    draw.text((1, 1), label, fill="black", font=font)
    out.paste(image, (1, top + 1))
    draw.rectangle((0, top, image.width + 1, image.height + top + 1), outline=(200, 0, 0))
    return out


def side_by_side(rows: list[list[Image.Image]], path: Path) -> None:
    """Write the images as rows of columns, 10 px apart, on white."""
    gap = 10
    width = max(sum(image.width for image in row) + gap * (len(row) + 1) for row in rows)
    height = sum(max(image.height for image in row) for row in rows) + gap * (len(rows) + 1)
    sheet = Image.new("RGB", (width, height), "white")
    y = gap
    for row in rows:
        x = gap
        for image in row:
            sheet.paste(image, (x, y))
            x += image.width + gap
        y += max(image.height for image in row) + gap
    sheet.save(path)


def tilewright_command() -> list[str]:
    """The installed command, or this Python's ``-m tilewright`` when it is not on PATH."""
    exe = shutil.which("tilewright")
    return [exe] if exe else [sys.executable, "-m", "tilewright"]


def check_one(
    name: str,
    arguments: list[str],
    renderers: list[Renderer],
    out: Path,
    args: argparse.Namespace,
) -> tuple[list[list[str]], list[str]]:
    """Write one SVG, render it, compare: (table rows, failures)."""
    svg = out / f"{name}.svg"
    svg.unlink(missing_ok=True)
    try:
        run([*tilewright_command(), *arguments, "-o", svg.name], COMMAND_SECONDS, cwd=out)
        width, height = svg_size(svg)
    except RenderError as error:
        return [], [f"{name}: tilewright {' '.join(arguments)}: {error}"]
    # a whole scale keeps the SVG's pixel grid, so that edges fall alike in every renderer
    scale = max(1, round(args.size / max(width, height)))
    size = (round(width * scale), round(height * scale))
    pictures, failures = {}, []
    for renderer in renderers:
        png = out / f"{name}-{renderer.name}.png"
        png.unlink(missing_ok=True)
        try:
            renderer.render(svg, *size, png)
            pictures[renderer.name] = on_white(png, size)
        except (RenderError, OSError) as error:
            failures.append(f"{name}: {renderer.name}: {error}")
    rows, differences = [], []
    for first, second in combinations(pictures, 2):
        found = compare(pictures[first], pictures[second], args.threshold)
        verdict = "same"
        if found.beyond > args.max_share or found.mean > args.max_mean:
            verdict = "DIFFERS"
            failures.append(f"{name}: {first} and {second} differ")
        rows.append(
            [
                name,
                f"{first} / {second}",
                f"{size[0]}x{size[1]}",
                f"{found.mean:.2f}",
                f"{found.share:.2%}",
                f"{found.beyond:.2%}",
                verdict,
            ]
        )
        differences.append(labelled(Image.fromarray(found.picture), f"{first} vs {second}"))
    renderings = [
        labelled(Image.fromarray(picture.astype(np.uint8)), f"{renderer} {name}")
        for renderer, picture in pictures.items()
    ]
    if renderings:
        side_by_side(
            [renderings, differences] if differences else [renderings], out / f"{name}-compare.png"
        )
    return rows, failures


def table_text(headers: list[str], rows: list[list[str]]) -> str:
    """The rows in columns under the headers: names left-aligned, figures right."""
    widths = [max(len(x) for x in column) for column in zip(headers, *rows, strict=True)]
    lines = [
        "  ".join(
            x.ljust(w) if i < 2 else x.rjust(w)
            for i, (x, w) in enumerate(zip(row, widths, strict=True))
        )
        for row in [headers, *rows]
    ]
    lines.insert(1, "-" * len(lines[0]))
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--out", type=Path, default=Path("/tmp/svg-renderers"), help="output folder"
    )
    parser.add_argument(
        "--size", type=int, default=480, help="about this many px on the longer side"
    )
    parser.add_argument(
        "--threshold", type=float, default=64, help="a channel difference (0-255) that counts"
    )
    parser.add_argument(
        "--max-share", type=float, default=0.005, help="largest share beyond 1 px that agrees"
    )
    parser.add_argument(
        "--max-mean", type=float, default=4.0, help="largest mean difference that agrees"
    )
    parser.add_argument("--only", nargs="*", choices=sorted(CASES), help="these SVGs only")
    args = parser.parse_args()

    renderers, notes = available_renderers()
    for note in notes:
        print(f"note: {note}")
    if len(renderers) < 2:
        print("fewer than two renderers: nothing to compare", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    print(f"renderers: {', '.join(r.name for r in renderers)}; output in {args.out}", flush=True)
    rows, failures = [], []
    for name in args.only or CASES:
        found, failed = check_one(name, CASES[name], renderers, args.out, args)
        rows += found
        failures += failed
        print(
            f"  {name}: {'; '.join(row[-1] + ' ' + row[1] for row in found) or 'failed'}",
            flush=True,
        )
    headers = [
        "svg",
        "renderers",
        "size",
        "mean diff",
        f"> {args.threshold:g}",
        "beyond 1 px",
        "verdict",
    ]
    table = table_text(headers, rows)
    summary = "\n".join([table, *(f"failed: {failure}" for failure in failures)])
    print(f"\n{summary}")
    (args.out / "summary.txt").write_text(summary + "\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
