"""The package's shape: families meet only through core, and the CLI uses public names."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "tilewright"
FAMILIES = ("mazes", "rectangles", "tromino", "aperiodic", "loopy")


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports, absolute names."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_imports_core_and_itself_only(family):
    others = {f"tilewright.{name}" for name in (*FAMILIES, "cli") if name != family}
    for path in (PACKAGE / family).rglob("*.py"):
        for module in imported_modules(path):
            assert not any(module == o or module.startswith(o + ".") for o in others), (
                f"{path.relative_to(PACKAGE)} imports {module}"
            )


def test_datasets_use_no_command_line():
    for path in (PACKAGE / "datasets").rglob("*.py"):
        for module in imported_modules(path):
            assert not module.startswith("tilewright.cli"), f"datasets/{path.name}: {module}"


def test_core_imports_no_family():
    families = {f"tilewright.{name}" for name in (*FAMILIES, "cli", "datasets")}
    for path in (PACKAGE / "core").rglob("*.py"):
        for module in imported_modules(path):
            assert not any(module == f or module.startswith(f + ".") for f in families), (
                f"core/{path.name} imports {module}"
            )


@pytest.mark.parametrize("family", FAMILIES)
def test_every_family_declares_its_public_names(family):
    import importlib

    package = importlib.import_module(f"tilewright.{family}")
    assert package.__all__, family
    for name in package.__all__:
        assert hasattr(package, name), f"tilewright.{family}.{name} is listed but missing"


@pytest.mark.parametrize("family", FAMILIES)
def test_no_module_is_shadowed_by_a_function_of_the_same_name(family):
    import importlib
    import types

    package = importlib.import_module(f"tilewright.{family}")
    modules = {path.stem for path in (PACKAGE / family).glob("*.py")}
    for name in package.__all__:
        if name in modules:
            assert isinstance(getattr(package, name), types.ModuleType), (
                f"tilewright.{family}.{name} is a module and a function"
            )


def test_the_command_line_uses_public_names_only():
    for path in (PACKAGE / "cli").glob("*.py"):
        for module in imported_modules(path):
            parts = module.split(".")
            if parts[0] != "tilewright" or len(parts) < 3 or parts[1] in ("cli", "core"):
                continue
            private = [part for part in parts[2:] if part.startswith("_")]
            assert not private, f"cli/{path.name} imports {module}"
