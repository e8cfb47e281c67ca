"""Reading a refused page as a screen reader meets it (templates/_errors.html):
each field's error and its words, the summary of problems at the top, and the
check that every error is tied to its control and linked from the summary."""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: What a field error says first, to a screen reader only.
ERROR_PREFIX = '<span class="visually-hidden">Error: </span>'
#: Where a field error's words start: after its tag and its "Error: ".
FIELD_ERROR = r'class="field-error"[^>]*>' + re.escape(ERROR_PREFIX)
_SUMMARY = re.compile(r'<div class="error-summary".*?</div>', re.S)


def field_errors(page: str) -> list[str]:
    """The words of each field error on the page, in its order."""
    return re.findall(FIELD_ERROR + r"([^<]+)<", page)


def without_summary(page: str) -> str:
    """The page without its summary of problems (which repeats each error)."""
    return _SUMMARY.sub("", page)


def summary_of(page: str) -> str:
    """The summary of problems at the top of the page ("" if none)."""
    found = _SUMMARY.search(page)
    return found.group(0) if found else ""


class _Marks(HTMLParser):
    """Ids, field errors, the ids controls are described by, the summary's links."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.errors: list[str | None] = []
        self.described: set[str] = set()
        self.links: list[str] = []
        self.title = ""
        self._summary = 0  # depth inside the summary's box
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        if "field-error" in a.get("class", "").split():
            self.errors.append(a.get("id"))
        self.described.update(a.get("aria-describedby", "").split())
        if self._summary:
            self._summary += tag == "div"
            if tag == "a":
                self.links.append(a.get("href", ""))
        elif "error-summary" in a.get("class", "").split():
            self._summary = 1
        self._in_title = tag == "title"

    def handle_endtag(self, tag: str) -> None:
        if self._summary and tag == "div":
            self._summary -= 1
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title += data


def problems_in(page: str) -> list[str]:
    """What a refused page leaves a screen reader or a keyboard without: its
    title not starting "Error: ", no summary, a field error without an id or
    not describing a control, or not linked from the summary to an element
    that exists.  Empty when the page is whole."""
    marks = _Marks()
    marks.feed(page)
    wrong = [] if marks.title.startswith("Error: ") else [f"title {marks.title!r}"]
    if not marks.links:
        wrong.append("no summary of problems")
    targets = [link[1:] for link in marks.links]
    wrong += [f"summary link {link!r} to nothing" for link in marks.links
              if not link.startswith("#") or link[1:] not in marks.ids]
    for error in marks.errors:
        if not error:
            wrong.append("a field error without an id")
        elif error not in marks.described:
            wrong.append(f"{error} describes no control")
        elif error.removesuffix("-error") not in targets:
            wrong.append(f"{error} not in the summary")
    return wrong
