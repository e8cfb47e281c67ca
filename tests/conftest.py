"""What every tier shares, and nothing that loads the app: the players of a
usual table, the Hypothesis profiles, and the switch that loads the app's
fixtures (tests/fixtures_app.py) for the tiers that run the app.

The pure tiers (rules/, ledger/, rulings/) never call that switch, so running
them loads no Flask, SQLAlchemy or WTForms (tests/rules/test_purity.py proves
it).  Hypothesis profiles: ``default`` (50 examples for a fuzz test through the
app, twice that for the engine's properties) and ``thorough`` (20 times more),
chosen by HYPOTHESIS_PROFILE.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from datetime import datetime

import pytest
import time_machine
from hypothesis import HealthCheck, settings

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve"]

settings.register_profile(
    "default", max_examples=50, deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                           HealthCheck.data_too_large])
settings.register_profile("thorough", settings.get_profile("default"), max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

APP_FIXTURES = "tests.fixtures_app"


def load_app_fixtures(config: pytest.Config) -> None:
    """Load the app fixtures as a plugin, once per process.

    A tier that runs the app calls this from its own conftest's
    ``pytest_configure`` (pytest calls that as soon as the conftest is loaded,
    before the tier's tests are collected).  Registered once as a plugin,
    ``session_app`` is one fixture for the whole run, shared by every tier in
    the process; importing the fixtures into each conftest instead would make
    one per folder.  (pytest refuses ``pytest_plugins`` outside the root
    conftest, and there it would load Flask for the pure tiers too.)
    """
    config.pluginmanager.import_plugin(APP_FIXTURES)


def pytest_configure(config: pytest.Config) -> None:
    """Run the whole suite on another day when SCOREKEEPER_TEST_NOW names one.

    CI runs the quick suite a second time this way (.ci/run), on a day and in
    a year unlike the one the tests were written on, so a test whose answer
    hangs on the date fails there instead of on the morning after it was
    written.  Such a test freezes its own clock (the ``clock`` fixture).  The
    travel ticks: time goes on from the named moment.
    """
    moment = os.environ.get("SCOREKEEPER_TEST_NOW")
    if moment:
        at = datetime.fromisoformat(moment).timestamp()  # a number: TZ left as it is
        config._scorekeeper_travel = time_machine.travel(at, tick=True)  # type: ignore[attr-defined]
        config._scorekeeper_travel.start()  # type: ignore[attr-defined]


@pytest.fixture()
def clock() -> Iterator[Callable[[datetime], None]]:
    """Set the clock for the rest of the test: ``clock(datetime(...))``.

    Every test whose answer depends on today's date (a night played today, a
    season page opening on this year) sets it, so it answers the same on
    every day it is run.  The clock stands still at the moment named; the
    process's time zone (TZ) still decides the local date.
    """
    travels: list[time_machine.travel] = []

    def set_to(moment: datetime) -> None:
        # a number, not the datetime: time-machine would set TZ from its zone
        travel = time_machine.travel(moment.timestamp(), tick=False)
        travel.start()
        travels.append(travel)

    yield set_to
    for travel in reversed(travels):
        travel.stop()
