"""The browser tier: the app fixtures (tests/fixtures_app.py) for the live
server, and Debian's Chromium driven by Playwright on a 390 px phone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.conftest import load_app_fixtures

CHROMIUM = Path("/usr/bin/chromium")


#: How long an expectation waits for the page (Playwright's default is 5 s):
#: CI runs two browsers and two servers on two busy cores, where a save, its
#: redirect and the page after it have taken more than 5 s.
EXPECT_MS = 15_000


def pytest_configure(config: pytest.Config) -> None:
    load_app_fixtures(config)
    expect.set_options(timeout=EXPECT_MS)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        if os.environ.get("CI"):
            pytest.fail("CI must run the browser tests: install Debian's chromium")
        pytest.skip("Debian's chromium is not installed (/usr/bin/chromium)")
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM),
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                     "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync"]}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 390, "height": 844},
            "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
