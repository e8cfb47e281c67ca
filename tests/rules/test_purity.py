"""The pure packages (the rules engine, the ledger, the rulings) load no web
framework, ORM or form library, so they stay fast to test and easy to reuse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("flask", "sqlalchemy", "wtforms", "flask_sqlalchemy", "flask_wtf")


PURE = ["scorekeeper.rules", "scorekeeper.ledger", "scorekeeper.rulings"]


@pytest.mark.parametrize("package", PURE)
def test_a_pure_package_loads_no_web_framework(package: str) -> None:
    modules = sorted(f"{package}.{path.stem}" for path in
                     (ROOT / package.replace(".", "/")).glob("*.py") if path.stem != "__init__")
    code = (
        "import importlib, json, sys\n"
        f"for name in {[package, *modules]!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert package in loaded and all(m in loaded for m in modules)
    leaked = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert leaked == []
