"""Sphinx configuration of tilewright's documentation site.

Build it with ``python -m sphinx -W -b html docs docs/_build/html``. The gallery
(``docs/examples``) runs every example at build time; the API pages are written from each
package's ``__all__`` on every build, so a new public name gets its page without an edit
here.
"""

import inspect
import os
import re
from importlib import import_module
from pathlib import Path

from sphinx_gallery.sorting import ExplicitOrder

import tilewright

HERE = Path(__file__).resolve().parent

project = "tilewright"
author = "the tilewright authors"
copyright = "the tilewright authors"
release = version = tilewright.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.mathjax",
    "numpydoc",
    "myst_parser",
    "sphinx_gallery.gen_gallery",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
# Options are written as typed (--seed, not an en dash), and the pages' typography is
# their own.
smartquotes = False
exclude_patterns = ["_build", "examples", "**/*.ipynb"]
templates_path = ["_templates"]

# Markdown: anchors for links to sections (page.md#a-section), $math$, ::: fences.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist"]
# The changelog and the benchmarks' README are included from outside docs/; their
# headings start below the page title, where a skipped level is only a style matter.
suppress_warnings = ["myst.header", "ref.citation"]
# (ref.citation: numpydoc renames a References section's citations per docstring, and a
# module docstring that lists its sources without citing them inline would warn.)

# API reference: numpydoc renders the docstrings; class pages list their members through
# autosummary's own tables, so numpydoc's member tables would list them twice.
autosummary_generate = True
autodoc_default_options = {"members": True, "inherited-members": False}
autodoc_typehints = "none"  # numpydoc's Parameters sections carry the types
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False

html_theme = "pydata_sphinx_theme"
html_title = f"tilewright {release}"
html_static_path = ["_static"]
html_css_files = ["tilewright.css"]
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": [],
}
# pages without subpages: no empty "Section Navigation" column beside them
html_sidebars = {
    page: [] for page in ("index", "getting-started", "how-it-works", "benchmarks", "changelog")
}
html_favicon = "_static/favicon.png"  # a 6×6 maze (browsers ask for one: no 404)
# Light by default: the pictures are drawn on white.
html_context = {"default_mode": "light"}

# The gallery: every example runs at build time, and its figures are its pictures.
GALLERY_SECTIONS = ("mazes", "grids", "puzzles", "tilings", "print", "datasets")
sphinx_gallery_conf = {
    "examples_dirs": ["examples"],
    "gallery_dirs": ["auto_examples"],
    "filename_pattern": r"/.*\.py$",  # run them all, not only plot_*.py
    "subsection_order": ExplicitOrder([f"examples/{name}" for name in GALLERY_SECTIONS]),
    "within_subsection_order": "FileNameSortKey",
    "download_all_examples": False,
    "remove_config_comments": True,
    "matplotlib_animations": False,
    "image_scrapers": ("matplotlib",),
    "thumbnail_size": (320, 240),
    "show_memory": False,
    # the timing pages load scripts from a CDN: a page that needs a network, left out
    "write_computation_times": False,
    "promote_jupyter_magic": False,
    # what the examples print is their output; the repr of a last expression is not
    "capture_repr": (),
    # An example is run again when its source changes; tests/test_docs.py sets this to run
    # them all, so that the gallery is checked against the library as it is now.
    "run_stale_examples": bool(os.environ.get("TILEWRIGHT_DOCS_RUN_ALL")),
    "abort_on_example_error": False,  # report every failing example; -W fails the build
    "reference_url": {"tilewright": None},
}

# The public packages and what their API page lists.
PACKAGES = [
    "tilewright.mazes",
    "tilewright.rectangles",
    "tilewright.tromino",
    "tilewright.aperiodic",
    "tilewright.loopy",
    "tilewright.datasets",
]
# tilewright.core has no __all__: these modules hold what the families' users meet.
CORE_MODULES = [
    "tilewright.core.errors",
    "tilewright.core.graph",
    "tilewright.core.polygon_grid",
    "tilewright.core.grids",
    "tilewright.core.planar_map",
    "tilewright.core.collection_grids",
    "tilewright.core.masks",
    "tilewright.core.seeds",
    "tilewright.core.interrupts",
]


LISTED: set[str] = set()  # the full names the API pages list, for _remove_stale_stubs


def _listing(names: list[str], folder: str, module: str) -> str:
    LISTED.update(f"{module}.{name}" for name in names)
    rows = "\n".join(f"   {name}" for name in names)
    return f".. autosummary::\n   :toctree: {folder}\n   :nosignatures:\n\n{rows}\n"


def _public_names(module_name: str) -> list[str]:
    """The classes and functions a core module defines itself, in the order of its
    source (the page's automodule makes it the current module)."""
    module = import_module(module_name)
    names = []
    for name, value in vars(module).items():
        if name.startswith("_") or not (inspect.isclass(value) or inspect.isfunction(value)):
            continue
        if getattr(value, "__module__", None) == module_name:
            names.append(name)
    return names


def _shown_value(value: object) -> str:
    """A constant as the page shows it: its value, or a mapping's keys, cut short."""
    text = repr(list(value)) if isinstance(value, dict) else repr(value)
    text = f"keys {text}" if isinstance(value, dict) else text
    return text if len(text) <= 100 else text[:97] + "..."


def _constants_table(module, names: list[str]) -> str:
    """Constants have no docstring of their own (autodoc would show their type's): a
    table of their values instead."""
    rows = "".join(
        f"   * - ``{name}``\n     - ``{_shown_value(getattr(module, name))}``\n" for name in names
    )
    return f"Constants\n---------\n\n.. list-table::\n   :widths: auto\n\n{rows}"


def _package_page(name: str) -> str:
    module = import_module(name)
    callables, constants = [], []
    for member in module.__all__:
        value = getattr(module, member)
        is_callable = inspect.isclass(value) or inspect.isfunction(value)
        (callables if is_callable else constants).append(member)
    title = f"``{name}``"
    page = (
        f"{title}\n{'=' * len(title)}\n\n.. automodule:: {name}\n   :no-members:\n\n"
        f"Classes and functions\n---------------------\n\n"
        f"{_listing(callables, '../gen_modules', name)}\n"
    )
    return page + (_constants_table(module, constants) if constants else "")


def _core_page() -> str:
    title = "``tilewright.core``"
    parts = [f"{title}\n{'=' * len(title)}\n\n.. automodule:: tilewright.core\n   :no-members:\n"]
    for name in CORE_MODULES:
        heading = f"``{name}``"
        parts.append(
            f"{heading}\n{'-' * len(heading)}\n\n.. automodule:: {name}\n   :no-members:\n\n"
            + _listing(_public_names(name), "../gen_modules", name)
        )
    return "\n".join(parts)


def _algorithm_table() -> str:
    """The maze algorithms' catalogue as a Markdown table, for how-it-works.md to include
    (its suffix keeps Sphinx from reading it as a page of its own)."""
    from tilewright.mazes import ALGORITHMS

    rows = ["| algorithm | how | memory | texture | sources |", "|---|---|---|---|---|"]
    for algorithm in ALGORITHMS.values():
        cells = [f"`{algorithm.name}`", algorithm.summary, algorithm.memory]
        cells += [algorithm.texture, algorithm.reference]
        # options as code (no line break inside --strategy), and no stray column breaks
        cells = [
            re.sub(r"(?<!`)(--[a-z][\w-]*)", r"`\1`", cell).replace("|", "\\|") for cell in cells
        ]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n".join(rows) + "\n"


def write_api_pages() -> None:
    """Write ``api/<package>.rst`` from the packages' ``__all__``, and the algorithms'
    table, only when changed (so an unchanged build stays incremental)."""
    folder = HERE / "api"
    folder.mkdir(exist_ok=True)
    pages = {f"{name}.rst": _package_page(name) for name in PACKAGES}
    pages["tilewright.core.rst"] = _core_page()
    pages["algorithms.inc"] = _algorithm_table()
    for name, text in pages.items():
        path = folder / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def _remove_stale_stubs() -> None:
    """Remove autosummary's pages of names no longer listed (a name renamed or dropped
    from ``__all__``): autosummary writes pages but never removes one, and a page in no
    table of contents is a warning."""
    for stub in (HERE / "gen_modules").glob("*.rst"):
        if stub.stem not in LISTED:
            stub.unlink()


write_api_pages()
_remove_stale_stubs()
