"""The spoken-hand parser is pure like the rules engine: importing it (and
collecting its tests) loads no web framework, ORM or form library."""

from __future__ import annotations

from tests.modules_loaded import forbidden, modules_loaded


def test_the_parser_loads_no_web_framework() -> None:
    loaded = modules_loaded("import scorekeeper.spoken\n"
                            "import scorekeeper.spoken.grammar, scorekeeper.spoken.hearing\n")
    assert "scorekeeper.spoken.grammar" in loaded and "jellyfish" in loaded
    assert forbidden(loaded) == []


def test_collecting_the_parsers_tests_loads_no_web_framework() -> None:
    loaded = modules_loaded(
        "import sys, pytest\n"
        "sys.exit(pytest.main(['--collect-only', '-q', '-p', 'no:cacheprovider', "
        "'tests/spoken']))\n")
    assert "tests.spoken.test_phrasings" in loaded
    assert forbidden(loaded) == []
