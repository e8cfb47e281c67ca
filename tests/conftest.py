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
import time
import zlib
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

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


#: The days the quick tests run on, unless SCOREKEEPER_TEST_NOW names one
#: (or says "real"): a summer afternoon of another year, and a winter night
#: just after midnight UTC (still the day before in America).  Each quick
#: test runs on one of them, the same one every run (by its id), so a test
#: whose answer hangs on today's date fails at once, not on the morning
#: after it was written, and the whole suite is one run.
MOMENTS = ("2027-07-04T15:00:00+00:00", "2027-01-04T01:30:00+00:00")


def moments_from(said: str | None) -> tuple[float, ...]:
    """The moments SCOREKEEPER_TEST_NOW names (ISO, comma-separated; none
    said: :data:`MOMENTS`; "real": none, today's clock), as timestamps."""
    if said is not None and said.strip().lower() == "real":
        return ()
    # numbers, not datetimes: time-machine would set TZ from their zone
    return tuple(datetime.fromisoformat(m.strip()).timestamp()
                 for m in (said or ",".join(MOMENTS)).split(",") if m.strip())


def moment_of(nodeid: str, moments: tuple[float, ...]) -> float | None:
    """The moment a test runs at: the same for a test on every run."""
    return moments[zlib.crc32(nodeid.encode()) % len(moments)] if moments else None


def pytest_configure(config: pytest.Config) -> None:
    config._scorekeeper_moments = moments_from(  # type: ignore[attr-defined]
        os.environ.get("SCOREKEEPER_TEST_NOW"))
    config._scorekeeper_started = time.time()  # type: ignore[attr-defined]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Any:
    """A quick test, its fixtures and its teardown run at its moment
    (:func:`moment_of`); the clock ticks on from there as much as the run
    has, so it never runs backwards for a moment's tests.  The slow tier
    (real browsers and servers, whose clocks are their own) runs on today."""
    at = moment_of(item.nodeid, item.config._scorekeeper_moments)  # type: ignore[attr-defined]
    if at is None or item.get_closest_marker("slow") is not None:
        return (yield)
    ran = time.time() - item.config._scorekeeper_started  # type: ignore[attr-defined]
    travel = time_machine.travel(at + ran, tick=True)
    travel.start()
    try:
        return (yield)
    finally:
        travel.stop()


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
