"""A client generated from the spec alone (openapi-python-client, a dev
dependency) runs a league's evening against a real server: it starts a
group, a night of it, records and closes it, and reads the season's
standings as typed rows (``rank``, ``name``, ``cents`` are attributes of a
model, not keys of a dict), with no hand-fix to the generated code."""

from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

pytestmark = pytest.mark.slow

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]


@pytest.fixture()
def generated(live_app: Flask, tmp_path: Path) -> Iterator[Any]:
    """The client package, generated into ``tmp_path`` and imported."""
    tool = shutil.which("openapi-python-client", path=str(Path(sys.executable).parent))
    assert tool is not None, "openapi-python-client is a dev dependency (pyproject.toml)"
    spec = tmp_path / "openapi.json"
    spec.write_text(json.dumps(live_app.test_client().get("/api/v1/openapi.json").get_json()))
    config = tmp_path / "config.yml"
    config.write_text("post_hooks: []\n")
    made = subprocess.run([tool, "generate", "--path", str(spec), "--config", str(config),
                           "--meta", "none", "--output-path", str(tmp_path / "league_client")],
                          capture_output=True, text=True, timeout=120, check=False)
    assert made.returncode == 0, made.stdout + made.stderr
    assert "Warning" not in made.stdout + made.stderr, made.stdout + made.stderr
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module("league_client")
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m.split(".")[0] == "league_client"]:
            del sys.modules[name]


def test_a_generated_client_keeps_a_league_night_and_reads_typed_standings(
        generated: Any, live_server: str) -> None:
    models = importlib.import_module("league_client.models")
    base = f"{live_server}/api/v1"  # the spec's servers entry: its paths are under it
    anyone = generated.Client(base_url=base)

    def api_call(name: str) -> Any:
        return importlib.import_module(f"league_client.api.default.{name}")

    group = api_call("create_group").sync(client=anyone, body=models.NewGroup(
        name="Thursday league", players=PLAYERS, preset=models.NewGroupPreset("called-ace"),
        stake_cents=25))
    assert isinstance(group, models.GroupCreated), group
    runs = generated.AuthenticatedClient(base_url=base, token=group.edit_token)
    night = api_call("create").sync(client=runs, body={"group": group.id,
                                                       "played_on": "2026-12-03"})
    assert isinstance(night, models.Created), night
    keeps = generated.AuthenticatedClient(base_url=base, token=night.edit_token)
    for picker, partner, points in (("Ann", "Cat", 75), ("Bob", "Dan", 40), ("Eve", "Ann", 91)):
        hand = api_call("record").sync(night.id, client=keeps, body=models.NewHand(
            picker=picker, partners=[partner], points=points))
        assert isinstance(hand, models.HandResult), hand
        assert sum(hand.payouts.additional_properties.values()) == 0
    closed = api_call("close_table").sync(night.id, client=keeps)
    assert not isinstance(closed, models.Error), closed

    watches = generated.AuthenticatedClient(base_url=base, token=group.view_token)
    season = api_call("group_standings").sync(group.id, client=watches, season="all")
    assert isinstance(season, models.GroupStandings), season
    rows = season.players
    assert [type(row).__name__ for row in rows] == ["GroupStandingsPlayersItem"] * 5
    assert sorted(row.name for row in rows) == sorted(PLAYERS)
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    assert sum(row.cents for row in rows) == 0 and season.nights == 1 and season.hands == 3
    refused = api_call("record").sync(night.id, client=watches, body=models.NewHand(
        picker="Ann", partners=["Cat"], points=75))
    assert isinstance(refused, models.Error) and refused.code == models.ErrorCode.FORBIDDEN
