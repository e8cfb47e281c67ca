"""The pure packages (the rules engine, the ledger, the rulings, the rating, the policy) load no web
framework, ORM or form library, so they stay fast to test and easy to reuse;
and neither do their tests, so ``pytest tests/rules tests/ledger
tests/rulings`` runs without the app."""

from __future__ import annotations

import pytest

from tests.modules_loaded import ROOT, forbidden, modules_loaded

PURE = ["scorekeeper.rules", "scorekeeper.ledger", "scorekeeper.rulings", "scorekeeper.rating",
        "scorekeeper.policy"]
PURE_TIERS = ["tests/rules", "tests/ledger", "tests/rulings"]


@pytest.mark.parametrize("package", PURE)
def test_a_pure_package_loads_no_web_framework(package: str) -> None:
    modules = sorted(f"{package}.{path.stem}" for path in
                     (ROOT / package.replace(".", "/")).glob("*.py") if path.stem != "__init__")
    loaded = modules_loaded("import importlib\n"
                            f"for name in {[package, *modules]!r}: importlib.import_module(name)\n")
    assert package in loaded and all(m in loaded for m in modules)
    assert forbidden(loaded) == []


def test_collecting_the_pure_tiers_loads_no_web_framework() -> None:
    """pytest itself imports what a run of the pure tiers does before the first
    test: its plugins, every conftest.py on the way and every test module."""
    loaded = modules_loaded(
        "import sys, pytest\n"
        f"sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', "
        f"*{PURE_TIERS!r}]))\n")
    tiers = {name.split(".")[1] for name in loaded if name.startswith("tests.")} - {
        "conftest", "modules_loaded"}
    assert tiers == {"rules", "ledger", "rulings"}
    assert "tests.rules.test_purity" in loaded and "tests.rulings.test_rulings" in loaded
    assert forbidden(loaded) == []
