"""A pytest plugin (loaded by the top-level conftest.py): every
test starts with every cache of the app empty, as its database is, so no
test is served what an earlier one kept.  The caches are the ones
:mod:`scorekeeper.services.caches` registers."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from scorekeeper.services import caches


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """Empty every registered cache before the test."""
    caches.clear_all()
    yield
