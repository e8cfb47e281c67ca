"""Texts the schema-driven fuzzing found to break the lexer, kept."""

from __future__ import annotations

from scorekeeper.spoken.lexer import lex


def test_a_name_whose_words_run_past_the_text_is_read_without_failing() -> None:
    """"ticket_version" at a table of Version and Ticket V: a name's last
    word was looked for past the text's end (a 500 on /words)."""
    items, _ = lex("ticket_version", ["Version", "Ticket V"])
    assert [item.player for item in items] == [None, "Version"]
