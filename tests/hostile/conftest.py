"""The hostile tier throws bad input at the app through its test client: it loads
the app fixtures (tests/fixtures_app.py)."""

from __future__ import annotations

import pytest

from tests.conftest import load_app_fixtures


def pytest_configure(config: pytest.Config) -> None:
    load_app_fixtures(config)
