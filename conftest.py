"""The project's top-level pytest plugins (the fixtures are in tests/conftest.py):
every test starts with the app's caches empty (:mod:`tests.fresh_caches`)."""

pytest_plugins = ["tests.fresh_caches"]
