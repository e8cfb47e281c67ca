"""The festival load benchmark (``bench/festival.py``): how it tells that a
watcher has a hand (from the leaderboard's own fragment and the ETags),
and a tiny festival run against a real server, with every poll and save
answered and every watcher brought up to date."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from bench import staleness, versus
from bench.festival_report import MEASURES, Run, writes
from bench.phones import DONE, Saved, Tally, Watched, shown_progress
from scorekeeper.services.events import draws as event_draws
from scorekeeper.services.events import event as events

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_reads_each_tables_hands_from_the_leaderboard(app: Flask,
                                                                client: FlaskClient) -> None:
    with app.app_context():
        event, _ = events.create_event("Bench", "called-ace", sessions=1, rounds=1)
        events.register(event, [f"Player {n}" for n in range(1, 11)], checked_in=True)
        tables = event_draws.draw(event, 1, seed=3).tables
        view = event.view_token
    first = tables[0]
    for points in (75, 40):
        hand = {"picker": first.players[0], "partners": [first.players[1]], "points": points}
        saved = client.post(f"/api/v1/tables/{first.night}/hands", json=hand,
                            headers={"Authorization": f"Bearer {first.edit_token}"})
        assert saved.status_code == 201
    shown = shown_progress(client.get(f"/e/s/{view}/live").data)
    assert shown == {first.number: 2, tables[1].number: 0}


def test_a_table_marked_done_counts_as_every_hand() -> None:
    body = (b'<li id="table-4" class="done">\n  <strong>Table 4</strong>\n'
            b'  <span class="progress">done</span>')
    assert shown_progress(body) == {4: DONE}


def _watcher(table: int | None, *changes: tuple[float, int]) -> Watched:
    return Watched(table, list(changes))


def test_a_watcher_has_a_hand_from_its_first_poll_that_shows_it() -> None:
    tally = Tally()
    tally.saved = [Saved(table=1, hand=3, version=12, sent=9.9, at=10.0),
                   Saved(table=2, hand=1, version=5, sent=10.1, at=10.2)]
    tally.watched = [_watcher(1, (9.0, 11), (10.4, 12)), _watcher(1, (9.5, 11), (11.3, 13)),
                     _watcher(2, (9.0, 4)),
                     _watcher(None, (9.0, 40), (10.6, 41), (11.0, 43)),
                     _watcher(None, (9.2, 40), (11.9, 42))]
    # event version 41 shows table 1's third hand, 43 table 2's first (42 never read)
    tally.progress = {40: {1: 2, 2: 0}, 41: {1: 3, 2: 0}, 43: {1: 3, 2: 1}}
    tables = staleness.tables(tally, 0.0, 100.0)
    assert tables.worst == [pytest.approx(1.3)] and tables.unseen == 1
    board = staleness.board(tally, 0.0, 100.0)
    assert board.worst == [pytest.approx(1.9), pytest.approx(0.8)]
    assert board.unseen == 1  # the second watcher never reached version 43
    assert staleness.board(tally, 10.05, 100.0).worst == [pytest.approx(0.8)]


def test_an_acknowledged_hand_missing_or_a_hand_stored_unacknowledged_is_counted() -> None:
    tally = Tally()
    tally.saved = [Saved(table=1, hand=1, version=2, sent=1.0, at=1.1),
                   Saved(table=1, hand=2, version=3, sent=2.0, at=2.1),
                   Saved(table=2, hand=1, version=2, sent=1.0, at=1.1)]
    whole = Run(tally, {}, [], {1: [1, 2], 2: [1]})
    assert writes(whole) == "hands acknowledged: 3, every one stored exactly once"
    lost_one = Run(tally, {}, [], {1: [1], 2: [1, 2]})
    assert writes(lost_one) == ("hands acknowledged: 3; LOST: 1; stored but never "
                                "acknowledged: 1")


@pytest.mark.slow
def test_a_tiny_festival_runs_with_every_poll_answered_beside_another_commit() -> None:
    """Side by side with HEAD's own app, checked out in a worktree: a run of
    each, both reports whole, and the medians and their ratio under them."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.festival", "--serve", "one", "--tables", "2",
         "--watchers", "5", "--compressed", "30", "--warmup", "1", "--seconds", "3",
         "--grace", "3", "--against", "HEAD", "--pairs", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    head = versus.commit_of("HEAD")
    runs = re.split(r"^--- run \d of 2: ", out, flags=re.MULTILINE)[1:]
    assert [run.split()[0] for run in runs] == [versus.THIS, versus.OTHER], out
    assert f"({head[:12]}, " in runs[1] and "scorekeeper-versus-" in runs[1], out
    for run in runs:
        rows = {name: line.split() for line in run.splitlines()
                for name in ("table phones", "leaderboard", "saves") if line.startswith(name)}
        assert set(rows) == {"table phones", "leaderboard", "saves"}, run
        assert float(rows["table phones"][3]) > 0 and float(rows["leaderboard"][2]) > 0, run
        assert re.search(r"^errors: 0$", run, re.MULTILINE), run
        assert "never shown by the end: 0 at the tables, 0 on the leaderboard" in run, run
        assert re.search(r"server CPU: \d+\.\d+ cores \(app ", run), run
        assert re.search(r"^hands acknowledged: [1-9]\d*, every one stored exactly once$", run,
                         re.MULTILINE), run
    assert f"other {head[:12]}" in out, out
    for measure in MEASURES:
        line = next(line for line in out.splitlines() if line.startswith(measure + " ("))
        assert re.search(r"\s\d+(\.\d+)?\s+\|\s+\d", line), line  # a run of each
    assert "hands: every run stored each acknowledged hand once" in out, out
    tree = re.search(r"^--- run 2 of 2: other \(\w+, (.+)\)$", out, re.MULTILINE)
    assert tree is not None and not Path(tree.group(1)).parent.exists(), "the worktree is gone"


def test_side_by_side_runs_alternate_so_neither_is_always_first() -> None:
    assert versus.order(3) == ["this", "other", "other", "this", "this", "other"]
    assert versus.order(1) == ["this", "other"]


def test_side_by_side_prints_each_sides_median_and_the_ratio() -> None:
    sides = {name: versus.Side(name, commit, ROOT)
             for name, commit in (("this", "a" * 40), ("other", "b" * 40))}
    measured = {"this": [{"poll p95": 10.0}, {"poll p95": 30.0}, {"poll p95": 20.0}],
                "other": [{"poll p95": 40.0}, {"poll p95": 44.0}, {"poll p95": 38.0}]}
    out = versus.summary(sides, measured, {"poll p95": "ms"})
    assert "this aaaaaaaaaaaa, other bbbbbbbbbbbb" in out
    line = out.splitlines()[-1].split()
    assert line[:7] == ["poll", "p95", "(ms)", "20", "40", "0.50", "10"], line


def test_the_last_release_is_the_newest_tag_else_origin_main(tmp_path: Path) -> None:
    def git(*args: str) -> str:
        return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
                              cwd=tmp_path, check=True, capture_output=True,
                              text=True).stdout.strip()
    git("init", "-q")
    with pytest.raises(SystemExit, match="no tag and no origin/main"):
        versus.last_release(tmp_path)
    git("commit", "-q", "--allow-empty", "-m", "one")
    git("update-ref", "refs/remotes/origin/main", "HEAD")
    assert versus.last_release(tmp_path) == "origin/main"
    git("tag", "v1")
    git("commit", "-q", "--allow-empty", "-m", "two")
    assert versus.last_release(tmp_path) == "v1"
    with pytest.raises(SystemExit, match="nonsense"):
        versus.commit_of("nonsense", tmp_path)
