"""What ``bench.festival`` prints: one row each for the tables' phones, the
leaderboard's watchers and the saves (offered and served per second,
latency percentiles, errors, megabytes of bodies received per second, the
slowest watcher), then CPU, whether the offered load was kept, and the
errors by kind."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bench import staleness
from bench.client import percentile
from bench.phones import Plan, Tally

#: Below this share of the offered polls served, the load was not kept.
KEPT = 0.97
#: Client timers later than this at p95: the load generator, not the server, fell behind.
CLIENT_LATE = 0.1


@dataclass(frozen=True)
class Run:
    """What a festival run measured: the merged tallies, the server's CPU
    seconds by role over the measured seconds, the client processes' plans,
    and each table's hand numbers as stored in the end."""

    tally: Tally
    cpu: dict[str, float]
    plans: list[Plan]
    stored: dict[int, list[int]] = field(default_factory=dict)

    @property
    def seconds(self) -> float:
        return self.plans[0].until - self.plans[0].counting_from

    def offered(self) -> dict[str, float]:
        """Requests per second the phones and scorekeepers would make."""
        tables = sum(len(p.tables) for p in self.plans)
        return {"tables": tables * self.plans[0].phones,
                "board": sum(p.watchers for p in self.plans),
                "saves": tables / self.plans[0].every}


def _ms(values: list[float], p: float) -> str:
    return f"{percentile(values, p) * 1000:.1f} ms" if values else "-"


def _stale(found: staleness.Stale) -> str:
    if not found.worst:
        return f"{'unseen' if found.unseen else '-':>9} {'-':>9}"
    more = ">" if found.unseen else ""  # some watchers had not seen some hand by the end
    return f"{more + format(max(found.worst), '.2f'):>7} s {percentile(found.worst, 95):>7.2f} s"


def _row(name: str, offered: float, values: list[float], seconds: float, errors: int,
         received: str, stale: str) -> str:
    return (f"{name:<14} {offered:>9.1f} {len(values) / seconds:>9.1f} {_ms(values, 50):>10} "
            f"{_ms(values, 95):>10} {_ms(values, 99):>10} {errors:>7} {received:>7} {stale}")


def _mb(tally: Tally, kind: str, seconds: float) -> str:
    return f"{tally.received[kind] / seconds / 1e6:.1f}"


def _errors(tally: Tally, kind: str) -> int:
    return sum(n for what, n in tally.errors.items() if what.startswith(kind))


def per_watcher_second(run: Run, seconds: float | None = None) -> float:
    """Milliseconds of the server's CPU (``seconds`` of it: by default all
    it spent in the run) for each second of each phone polling."""
    watchers = run.offered()["tables"] + run.offered()["board"]
    spent = sum(run.cpu.values()) if seconds is None else seconds
    return spent / (watchers * run.seconds) * 1000 if watchers else float("nan")


def _cpu(run: Run) -> str:
    total = sum(run.cpu.values())
    if not run.cpu:
        return "server CPU: not measured (give --pid with --url)"
    def per(seconds: float) -> float:
        return per_watcher_second(run, seconds)
    roles = ", ".join(f"{role} {s / run.seconds:.3f}" for role, s in run.cpu.items())
    each = ", ".join(f"{role} {per(s):.4f}" for role, s in run.cpu.items())
    return (f"server CPU: {total / run.seconds:.2f} cores ({roles}) = {per(total):.3f} ms per "
            f"watcher-second ({each})")


def _clients(run: Run) -> str:
    lag = run.tally.lag
    late = (f"timers late p95 {percentile(lag, 95) * 1000:.0f} ms, max {max(lag) * 1000:.0f} ms"
            if lag else "no timers")
    return (f"load generator: {run.tally.cpu / run.seconds:.2f} cores in {len(run.plans)} "
            f"process(es); {late}")


def _kept(run: Run) -> str:
    offered = run.offered()
    polls = offered["tables"] + offered["board"]
    served = sum(len(v) for v in run.tally.polls.values()) / run.seconds
    saves = len(run.tally.saves) / run.seconds
    # a table's save may fall either side of the window's edges
    least_saves = offered["saves"] - sum(len(p.tables) for p in run.plans) / run.seconds
    if served >= KEPT * polls and saves >= KEPT * least_saves:
        return f"offered load kept: {served:.0f} of {polls:.0f} polls/s served"
    why = ("the load generator fell behind (its timers were late): add --clients"
           if run.tally.lag and percentile(run.tally.lag, 95) > CLIENT_LATE
           else "the server fell behind")
    return (f"offered load NOT kept: {served:.0f} of {polls:.0f} polls/s and {saves:.1f} of "
            f"{offered['saves']:.1f} saves/s served; {why}")


def writes(run: Run) -> str:
    """Whether every acknowledged hand is stored, once: a hand lost, or one
    stored that no answer acknowledged (a retry stored twice, or an answer
    lost on the way), is counted."""
    acknowledged: dict[int, set[int]] = {}
    for saved in run.tally.saved:
        acknowledged.setdefault(saved.table, set()).add(saved.hand)
    lost = extra = 0
    for table, stored in run.stored.items():
        said = acknowledged.get(table, set())
        lost += len(said - set(stored))
        extra += len(stored) - len(said & set(stored))
    count = sum(map(len, acknowledged.values()))
    if not lost and not extra:
        return f"hands acknowledged: {count}, every one stored exactly once"
    return f"hands acknowledged: {count}; LOST: {lost}; stored but never acknowledged: {extra}"


def resent(tally: Tally) -> str:
    """Requests sent again because the server had closed their idle
    connection before reading them (no answer was cut: that is an error)."""
    said = ", ".join(f"{kind} {tally.resent[kind]}" for kind in ("tables", "board", "saves"))
    return f"sent again on a new connection (the server had closed the idle one): {said}"


def report(run: Run) -> str:
    """The table and the lines under it."""
    tally, seconds, offered = run.tally, run.seconds, run.offered()
    window = (run.plans[0].counting_from, run.plans[0].until)
    tables, board = staleness.tables(tally, *window), staleness.board(tally, *window)
    lines = [f"{'':<14} {'offered/s':>9} {'served/s':>9} {'p50':>10} {'p95':>10} {'p99':>10} "
             f"{'errors':>7} {'MB/s':>7} {'stalest':>9} {'p95':>9}",
             _row("table phones", offered["tables"], tally.polls["tables"], seconds,
                  _errors(tally, "tables"), _mb(tally, "tables", seconds), _stale(tables)),
             _row("leaderboard", offered["board"], tally.polls["board"], seconds,
                  _errors(tally, "board"), _mb(tally, "board", seconds), _stale(board)),
             _row("saves", offered["saves"], tally.saves, seconds, _errors(tally, "saves"),
                  "", ""),
             f"stalest: from a save's answer to the slowest watcher's first poll showing it "
             f"(p95: of each hand's slowest); (hand, watcher) pairs never shown by the end: "
             f"{tables.unseen} at the tables, {board.unseen} on the leaderboard",
             _cpu(run), _clients(run), _kept(run), writes(run), resent(tally),
             f"errors: {sum(tally.errors.values())}"]
    lines += [f"  {what}: {n}" for what, n in sorted(tally.errors.items())]
    return "\n".join(lines)


def compared(rows: list[tuple[str, Run]], args: Any) -> str:
    """The servers side by side (a Markdown table, for docs/speed.md)."""
    lines = ["| server | polls/s offered → served | poll p50 | poll p95 | save p50 | "
             "stalest (p95) | errors | sent again | app CPU per watcher-second | stored |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for kind, run in rows:
        tally, offered = run.tally, run.offered()
        polls = tally.polls["tables"] + tally.polls["board"]
        stale = staleness.tables(tally, run.plans[0].counting_from, run.plans[0].until)
        board = staleness.board(tally, run.plans[0].counting_from, run.plans[0].until)
        worst = stale.worst + board.worst
        cpu = per_watcher_second(run)
        lines.append(
            f"| {kind} | {offered['tables'] + offered['board']:,.0f} → "
            f"{len(polls) / run.seconds:,.0f} | {_ms(polls, 50)} | {_ms(polls, 95)} | "
            f"{_ms(tally.saves, 50)} | {_worst(worst, stale.unseen + board.unseen)} | "
            f"{sum(tally.errors.values())} | {sum(tally.resent.values())} | {cpu:.3f} ms | "
            f"{'each once' if writes(run).endswith('exactly once') else 'NOT'} |")
    return "\n".join(lines)


def _worst(worst: list[float], unseen: int) -> str:
    if not worst:
        return "-"
    return f"{'>' if unseen else ''}{max(worst):.2f} s ({percentile(worst, 95):.2f} s)"


#: What a side-by-side run compares (bench.versus), with its unit: lower is better.
MEASURES = {"poll p50": "ms", "poll p95": "ms", "poll p99": "ms", "save p95": "ms",
            "CPU per watcher-second": "ms"}


def measures(run: Run) -> dict[str, float]:
    """The run's :data:`MEASURES`: every poll's latency (the tables' and the
    leaderboard's together), the saves', and the server's CPU per
    watcher-second."""
    polls = run.tally.polls["tables"] + run.tally.polls["board"]
    return {"poll p50": percentile(polls, 50) * 1000, "poll p95": percentile(polls, 95) * 1000,
            "poll p99": percentile(polls, 99) * 1000,
            "save p95": percentile(run.tally.saves, 95) * 1000,
            "CPU per watcher-second": per_watcher_second(run)}
