"""Which modules a piece of code loads: run it in a fresh interpreter at the
project's root and read back ``sys.modules`` when it ends (normally or by
``SystemExit``, as pytest ends).  The purity tests (tests/rules/test_purity.py)
use it to prove the pure packages and the pure tiers' tests load no web
framework, ORM or form library.  Standard library only, so a pure tier can
import it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What the pure packages and their tests must never load.
FORBIDDEN = ("flask", "flask_sqlalchemy", "flask_wtf", "sqlalchemy", "wtforms", "werkzeug")

_WRAPPER = """\
import json, sys
try:
    exec(compile(sys.argv[2], "<code>", "exec"), {"__name__": "__main__"})
finally:
    with open(sys.argv[1], "w") as out:
        json.dump(sorted(sys.modules), out)
"""


def modules_loaded(code: str) -> list[str]:
    """Every module in ``sys.modules`` after running ``code`` (Python source),
    which must end with status 0 (its output is in the failure's message)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTEST_ADDOPTS"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), *filter(None, [env.get("PYTHONPATH")])])
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "modules.json"
        done = subprocess.run([sys.executable, "-c", _WRAPPER, str(report), code],
                              capture_output=True, text=True, env=env, cwd=ROOT, check=False)
        assert done.returncode == 0, done.stdout + done.stderr
        return list(json.loads(report.read_text()))


def forbidden(modules: list[str]) -> list[str]:
    """The modules among ``modules`` that belong to a forbidden package."""
    return [name for name in modules if name.split(".")[0] in FORBIDDEN]
