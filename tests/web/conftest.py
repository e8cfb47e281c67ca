"""The web tier drives the app through its test client (and a live server): it
loads the app fixtures (tests/fixtures_app.py)."""

from __future__ import annotations

import pytest

from tests.conftest import load_app_fixtures


def pytest_configure(config: pytest.Config) -> None:
    load_app_fixtures(config)
