"""A page that changed is rendered by one request: the first poll to find
its version not rendered claims the render, and every other poll is sent
the newest body kept until it is rendered, instead of going on through the
app to wait for the same render (a leaderboard's crowd, after each hand)."""

from __future__ import annotations

import threading

import pytest
from werkzeug.datastructures import ETags

from scorekeeper.services.board import Board, Head
from scorekeeper.views import rendered
from scorekeeper.views.rendered import Rendered
from scorekeeper.views.viewers.live import Kept, LiveViewer


def elsewhere(work):  # type: ignore[no-untyped-def]
    """``work()`` run in another thread (another request), and its result."""
    found = []
    thread = threading.Thread(target=lambda: found.append(work()))
    thread.start()
    thread.join()
    return found[0]


def test_one_request_claims_a_render_and_the_others_see_it_rendering() -> None:
    kept = Rendered()
    assert kept.claim("page") is True
    assert kept.rendering("page") is False  # to the request that claimed it: its own
    assert elsewhere(lambda: kept.rendering("page")) is True
    assert elsewhere(lambda: kept.claim("page")) is False
    assert kept.claim("page") is True  # the claimant, asked again in its own request


def test_rendering_ends_the_claim() -> None:
    kept = Rendered()
    assert kept.claim("page")
    assert kept.get("page", lambda: "<p>1</p>") == b"<p>1</p>"
    assert elsewhere(lambda: kept.rendering("page")) is False
    assert elsewhere(lambda: kept.claim("page")) is True


def test_a_claim_never_rendered_lapses(monkeypatch: pytest.MonkeyPatch) -> None:
    kept, now = Rendered(), [100.0]
    monkeypatch.setattr(rendered.time, "monotonic", lambda: now[0])
    assert kept.claim("page")
    now[0] += rendered.CLAIM_SECONDS - 0.1
    assert elsewhere(lambda: kept.claim("page")) is False
    now[0] += 0.2
    assert elsewhere(lambda: kept.claim("page")) is True


def test_claims_kept_are_bounded() -> None:
    kept = Rendered()
    for n in range(rendered.CLAIMS_KEPT + 10):
        assert kept.claim(("page", n))
    assert elsewhere(lambda: kept.claim(("page", 0))) is True  # the oldest went first
    assert elsewhere(lambda: kept.claim(("page", rendered.CLAIMS_KEPT + 9))) is False


def test_the_crowd_is_sent_the_newest_page_while_one_poll_renders_the_new_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kept = Rendered()
    monkeypatch.setattr("scorekeeper.views.viewers.live.RENDERED", kept)
    watchers: LiveViewer[object] = LiveViewer("v", Board("table"), lambda token: object(),
                                              lambda owner: (1, False))
    old_key = watchers._key("tok", 1, False, "live", ())
    kept.get(old_key, lambda: "<p>version 1</p>")
    watchers._kept_newest(("tok", "live", ()), 1, False)
    head = Head(2, False, 0.0)

    def poll() -> Kept | None:
        return watchers.from_memory("tok", "live", (), ETags(), head, poll=True)
    assert poll() is None  # the first to find version 2 not rendered renders it
    sent = elsewhere(poll)
    assert sent is not None and sent.body == b"<p>version 1</p>"
    assert sent.etag == watchers.tag("tok", 1, False, ())
