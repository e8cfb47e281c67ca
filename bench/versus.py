"""Side by side: this checkout's app against another commit's, measured
alternately on the same machine in the same run, so that a shared, noisy
machine moves both alike and the ratio says what changed.

The other commit is checked out into a temporary ``git worktree`` and its
server started from there (``python -m scorekeeper.serve`` run in that
folder imports that folder's app); the load generator is this checkout's,
the same for both.  The runs go this, other, other, this, ... (each pair in
the other order from the one before), so a machine that slows down or
speeds up through the run favours neither.

By default the other commit is the last release: the newest tag reachable
from ``HEAD``, else ``origin/main``.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.servers import ROOT

THIS, OTHER = "this", "other"


@dataclass(frozen=True)
class Side:
    """One of the two apps measured: its name in the output, its commit and
    the folder its server runs from."""

    name: str
    commit: str
    root: Path


def _git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"git {' '.join(args)}: {done.stderr.strip() or done.returncode}")
    return done.stdout.strip()


def last_release(cwd: Path = ROOT) -> str:
    """The commit to compare against when none is named: the newest tag
    reachable from HEAD, else origin/main."""
    tag = subprocess.run(["git", "describe", "--tags", "--abbrev=0", "HEAD"], cwd=cwd,
                         capture_output=True, text=True)
    if tag.returncode == 0 and tag.stdout.strip():
        return tag.stdout.strip()
    main = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "origin/main^{commit}"],
                          cwd=cwd, capture_output=True, text=True)
    if main.returncode == 0:
        return "origin/main"
    raise SystemExit("--against: no tag and no origin/main to compare with; name a commit "
                     "(e.g. --against HEAD~5)")


def commit_of(ref: str, cwd: Path = ROOT) -> str:
    """The commit ``ref`` names, in full."""
    return _git("rev-parse", "--verify", f"{ref}^{{commit}}", cwd=cwd)


@contextmanager
def checked_out(ref: str, cwd: Path = ROOT) -> Iterator[Side]:
    """Commit ``ref`` in a worktree of its own for as long as the block runs;
    refused if a server started there would not import its own app."""
    commit = commit_of(ref, cwd)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-versus-")) / "tree"
    _git("worktree", "add", "--detach", "--quiet", str(folder), commit, cwd=cwd)
    try:
        found = subprocess.run([sys.executable, "-c", "import scorekeeper; "
                                "print(scorekeeper.__file__)"], cwd=folder,
                               capture_output=True, text=True).stdout.strip()
        if not found.startswith(str(folder)):
            raise SystemExit(f"a server started in {folder} imports {found or 'nothing'}")
        yield Side(OTHER, commit, folder)
    finally:
        _git("worktree", "remove", "--force", str(folder), cwd=cwd)
        folder.parent.rmdir()


def this_side(cwd: Path = ROOT) -> Side:
    """This checkout, as it stands (changes not yet committed included)."""
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no", cwd=cwd))
    return Side(THIS, commit_of("HEAD", cwd) + ("+" if dirty else ""), cwd)


def order(pairs: int) -> list[str]:
    """Which side runs when: this, other, then other, this, and so on."""
    runs: list[str] = []
    for pair in range(pairs):
        runs += [THIS, OTHER] if pair % 2 == 0 else [OTHER, THIS]
    return runs


#: What is compared, and how it is printed: lower is better for each.
Measures = dict[str, float]


def summary(sides: dict[str, Side], measured: dict[str, list[Measures]],
            units: dict[str, str]) -> str:
    """Each measure's median on each side over its runs, every run's value,
    and the ratio of this side's median to the other's."""
    this, other = measured[THIS], measured[OTHER]
    lines = [f"side by side, {len(this)} run(s) each, alternately: this "
             f"{sides[THIS].commit[:12]}, other {sides[OTHER].commit[:12]} (medians; each run)",
             f"{'':<26} {'this':>10} {'other':>10} {'this/other':>11}   runs (this | other)"]
    for name, unit in units.items():
        mine = [m[name] for m in this]
        theirs = [m[name] for m in other]
        a, b = statistics.median(mine), statistics.median(theirs)
        ratio = f"{a / b:.2f}" if b else "-"
        each = " ".join(f"{v:.3g}" for v in mine) + " | " + " ".join(f"{v:.3g}" for v in theirs)
        lines.append(f"{name + ' (' + unit + ')':<26} {a:>10.3g} {b:>10.3g} {ratio:>11}   {each}")
    return "\n".join(lines)


def alternately(pairs: int, sides: dict[str, Side],
                measure: Callable[[Side], Measures]) -> dict[str, list[Measures]]:
    """``measure`` each side ``pairs`` times, in :func:`order`."""
    measured: dict[str, list[Measures]] = {THIS: [], OTHER: []}
    for i, name in enumerate(order(pairs), 1):
        side = sides[name]
        print(f"\n--- run {i} of {2 * pairs}: {name} ({side.commit[:12]}, {side.root})",
              flush=True)
        measured[name].append(measure(side))
    return measured
