"""Every example in the package's docstrings runs, as ``pytest --doctest-modules`` would.

The examples are taken from the *installed* package (found with ``pkgutil``), not from the
files under ``src/``: CI installs the package the way users do, and pytest's own
``--doctest-modules`` over ``src/`` would then import every module a second time from
there (an import-mismatch error, or two copies of each compiled kernel). The option
flags are pytest's ``doctest_optionflags``, so both ways of running the examples agree.
"""

import doctest
import importlib
import io
import pkgutil

import pytest

import tilewright

# Modules that are programs: importing them would run them.
PROGRAMS = {"tilewright.__main__"}


def _module_names() -> list[str]:
    found = pkgutil.walk_packages(tilewright.__path__, prefix="tilewright.")
    return ["tilewright", *sorted(info.name for info in found if info.name not in PROGRAMS)]


@pytest.mark.parametrize("name", _module_names())
def test_docstring_examples(name, request, doctest_namespace, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    flags = 0
    for flag in request.config.getini("doctest_optionflags"):
        flags |= doctest.OPTIONFLAGS_BY_NAME[flag]
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=flags)
    report = io.StringIO()
    for test in doctest.DocTestFinder(exclude_empty=True).find(module, name):
        test.globs.update(doctest_namespace)
        runner.run(test, out=report.write)
    assert runner.failures == 0, report.getvalue()
