"""The benchmarks the README quotes still run: each is started on a tiny night
in a fresh interpreter (a rename in the services once left them importing
names that no longer existed, unnoticed until the next measurement)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ["bench.pages", "--sizes", "10", "--rounds", "2"],
    ["bench.groups", "--nights", "2", "--hands", "3", "--rounds", "2"],
    ["bench.profile", "--hands", "10", "--route", "ledger", "--repeat", "2"],
    ["bench.events", "--tables", "8", "--hands", "10", "--rounds", "2"],
])
def test_the_benchmark_runs(args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip(), done.stderr[-2000:]


def test_every_benchmark_imports() -> None:
    names = [f"bench.{p.stem}" for p in (ROOT / "bench").glob("*.py") if p.stem != "__init__"]
    code = "import importlib, sys; [importlib.import_module(n) for n in sys.argv[1:]]"
    done = subprocess.run([sys.executable, "-c", code, *names], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
