"""The rules engine is pure: importing it loads no web framework or ORM."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FORBIDDEN = ("flask", "sqlalchemy", "wtforms", "flask_sqlalchemy", "flask_wtf")


@pytest.mark.parametrize("module", ["scorekeeper.rules", "scorekeeper.rules.settle"])
def test_importing_the_rules_engine_loads_no_web_framework(module: str) -> None:
    code = (
        "import importlib, json, sys\n"
        f"importlib.import_module({module!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert module in loaded
    leaked = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert leaked == []
