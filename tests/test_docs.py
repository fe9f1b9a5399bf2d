"""The documentation site builds without a warning, and its pages load in a browser.

The site is built once for the session (``python -m sphinx -W``, the gallery's examples
run), then pages are opened in headless Chromium over a local HTTP server: a page fails on
a console error, an uncaught script error, a request that fails, or a picture that does
not load (``naturalWidth`` 0). Chromium is Debian's ``/usr/bin/chromium`` (``.ci/run``
installs it), driven by Playwright (the test extra); without Chromium the browser tests
are skipped, and the build is still checked.
"""

import functools
import http.server
import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
# Flags that work as root in a container: no sandbox, no GPU, nothing fetched in the
# background (a request the page did not make must not show up as its failure).
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The index, a user-guide page with pictures, the API reference, the gallery and a few
# of its examples (a tiling, a puzzle, a print sheet, a matplotlib plot).
PAGES = [
    "index.html",
    "guide/grids.html",
    "api/tilewright.mazes.html",
    "auto_examples/index.html",
    "auto_examples/mazes/plot_solution.html",
    "auto_examples/tilings/plot_hat_tiling.html",
    "auto_examples/puzzles/plot_rectangles.html",
    "auto_examples/print/plot_sheet.html",
    "auto_examples/datasets/plot_solution_lengths.html",
]
BUILD_SECONDS = 600

# Waits for every picture, lazy ones included, then names those that did not load.
BROKEN_IMAGES = """async () => {
    const images = [...document.images];
    await Promise.all(images.map((image) => {
        image.loading = "eager";
        return image.complete ? null : new Promise((done) => {
            image.addEventListener("load", done);
            image.addEventListener("error", done);
        });
    }));
    return images.filter((image) => image.naturalWidth === 0).map((image) => image.src);
}"""


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The site, built with every warning an error."""
    out = tmp_path_factory.mktemp("site")
    # -j auto: the pages are read and written on every core (the tests run one at a time,
    # so the build has the machine); the site is the same, page for page
    command = [sys.executable, "-m", "sphinx", "-W", "-j", "auto", "-b", "html"]
    command += ["-d", out / ".doctrees"]
    # every example runs, even one an earlier build ran from the same source
    env = {**os.environ, "TILEWRIGHT_DOCS_RUN_ALL": "1"}
    try:
        done = subprocess.run(
            [*command, DOCS, out / "html"],
            capture_output=True,
            text=True,
            timeout=BUILD_SECONDS,
            env=env,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"the docs build still ran after {BUILD_SECONDS} s")
    assert done.returncode == 0, "the docs build failed:\n" + "\n".join(
        (done.stdout + done.stderr).strip().splitlines()[-30:]
    )
    return out / "html"


@pytest.fixture(scope="session")
def server(site) -> Iterator[str]:
    """The built site over HTTP on localhost (as a host serves it; file:// pages may not
    fetch their own files)."""
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # the test's output is not a server log
        pass


@pytest.fixture(scope="session")
def browser():
    if CHROMIUM is None:
        pytest.skip("chromium is not installed (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright  # the test extra installs it

    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield chromium
        chromium.close()


def test_site_builds(site):
    for page in PAGES:
        assert (site / page).is_file(), f"the build wrote no {page}"
    pictures = list((site / "_images").glob("sphx_glr_*.png"))
    assert len(pictures) >= 20, f"the gallery made {len(pictures)} pictures"


@pytest.mark.parametrize("page", PAGES)
def test_page_loads_cleanly(page, server, browser):
    tab = browser.new_page()
    problems: list[str] = []
    tab.on("console", lambda m: m.type == "error" and problems.append(f"console: {m.text}"))
    tab.on("pageerror", lambda error: problems.append(f"script error: {error}"))
    tab.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} {r.failure}"))
    tab.on("response", lambda r: r.status >= 400 and problems.append(f"HTTP {r.status}: {r.url}"))
    try:
        response = tab.goto(f"{server}/{page}", wait_until="load")
        assert response is not None and response.ok, f"{page}: HTTP {response and response.status}"
        broken = tab.evaluate(BROKEN_IMAGES)
        tab.wait_for_load_state("networkidle")
    finally:
        tab.close()
    assert not broken, f"{page}: pictures that did not load: {broken}"
    assert not problems, f"{page}:\n" + "\n".join(problems)
