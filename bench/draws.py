"""Benchmark: how many tablemate pairs the seat draw seats together again, and
what a draw costs, against a plain random draw (shuffled, no search) and,
when git can show it, the draw's search as it was before
(``scorekeeper/ledger/event_draw.py`` at ``--old``).

Each case draws three sessions of the same players per seed, each session
knowing the earlier ones (the plain draw knows none); a seed's repeats are
the pairs of sessions 2 and 3 that had already shared a table.  The time is
the CPU time of each session 2 and 3 draw (the engine alone, no database),
which other work on a shared machine doesn't inflate as it does the clock.

    .venv/bin/python -m bench.draws [--small-seeds 200] [--large-seeds 50] [--old REV]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType

from scorekeeper.ledger import event_draw

ROOT = Path(__file__).resolve().parents[1]
#: The last commit of the search that swapped with twelve random partners.
OLD = "d33bbd9"
SEATS = 5
SESSIONS = 3

Tables = tuple[tuple[int, ...], ...]
Drawer = Callable[[Sequence[int], int, int, Sequence[Tables]], Tables]


def new(players: Sequence[int], seats: int, seed: int, earlier: Sequence[Tables]) -> Tables:
    return event_draw.draw(players, seats, seed, earlier).tables


def plain(players: Sequence[int], seats: int, seed: int, earlier: Sequence[Tables]) -> Tables:
    """A shuffle and nothing more: the draw told of no earlier session."""
    return event_draw.draw(players, seats, seed).tables


def engine_at(rev: str) -> ModuleType | None:
    """The draw's module as it was at ``rev`` (None when git can't show it)."""
    path = "scorekeeper/ledger/event_draw.py"
    shown = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True,
                           text=True, check=False)
    if shown.returncode:
        return None
    module = ModuleType(f"event_draw_at_{rev}")
    sys.modules[module.__name__] = module
    exec(compile(shown.stdout, f"{rev}:{path}", "exec"), module.__dict__)  # noqa: S102
    return module


def old_drawer(module: ModuleType) -> Drawer:
    def old(players: Sequence[int], seats: int, seed: int, earlier: Sequence[Tables]) -> Tables:
        tables: Tables = module.draw(players, seats, seed, earlier).tables
        return tables
    return old


def run(drawer: Drawer, players: int, seeds: int) -> tuple[list[int], list[float]]:
    """Each seed's repeated pairs over sessions 2 and 3, and each of those
    draws' milliseconds."""
    repeats, times = [], []
    for seed in range(seeds):
        earlier: list[Tables] = []
        total = 0
        for session in range(SESSIONS):
            start = time.process_time()
            tables = drawer(range(1, players + 1), SEATS, seed * 10 + session, earlier)
            if earlier:
                times.append((time.process_time() - start) * 1000)
            total += event_draw.repeated_pairs(tables, earlier)
            earlier.append(tables)
        repeats.append(total)
    return repeats, times


def whole_budget(players: int = 1000, sessions: int = 9) -> float:
    """CPU milliseconds of a search that looks at every partner its budget
    allows (told that no seating is good enough), after ``sessions``."""
    earlier: list[Tables] = []
    for session in range(sessions):
        earlier.append(new(range(1, players + 1), SEATS, session, earlier))
    seated = list(range(1, players + 1))
    random.Random(1).shuffle(seated)
    tables = [seated[k:k + SEATS] for k in range(0, players, SEATS)]
    start = time.process_time()
    event_draw._keep_apart(tables, event_draw._met(earlier), -1, random.Random(1))
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--small-seeds", type=int, default=200)
    parser.add_argument("--large-seeds", type=int, default=50)
    parser.add_argument("--old", default=OLD, help="the commit of the old search ('' for none)")
    args = parser.parse_args()
    drawers: dict[str, Drawer] = {"plain random": plain}
    module = engine_at(args.old) if args.old else None
    if module is not None:
        drawers[f"old search ({args.old})"] = old_drawer(module)
    elif args.old:
        print(f"(the old search at {args.old} isn't reachable here: left out)")
    drawers["this search"] = new
    print(f"The seat draw, {SESSIONS} sessions, {SEATS}-handed; {platform.platform()}, "
          f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}")
    print(f"{'case':30}{'draw':24}{'seeds':>6}{'mean':>8}{'min':>5}{'max':>5}"
          f"{'ms/draw':>9}{'max ms':>8}")
    for players, seeds in ((23, args.small_seeds), (1000, args.large_seeds)):
        sizes = "·".join(map(str, event_draw.table_sizes(players, SEATS) or ()))
        case = f"{players} players ({sizes})" if players < 50 else \
            f"{players} players ({players // SEATS} tables)"
        for name, drawer in drawers.items():
            repeats, times = run(drawer, players, seeds)
            print(f"{case:30}{name:24}{seeds:>6}{statistics.mean(repeats):>8.2f}"
                  f"{min(repeats):>5}{max(repeats):>5}{statistics.mean(times):>9.1f}"
                  f"{max(times):>8.1f}", flush=True)
    print("(repeats: pairs of sessions 2 and 3 who had shared a table; "
          "ms: CPU time of each session 2 and 3 draw)")
    print(f"The whole budget ({event_draw.MAX_LOOKS:,} partners looked at) spent at 200 "
          f"tables after nine sessions: {whole_budget():.0f} ms")


if __name__ == "__main__":
    main()
