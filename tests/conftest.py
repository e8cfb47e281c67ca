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

import pytest
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
