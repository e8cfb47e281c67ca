"""Every relative link in README.md and docs/*.md leads somewhere: the file
(or folder) it names exists, and a ``#section`` it names is a heading of the
Markdown file it points at (GitHub's anchors: lower case, punctuation
dropped, spaces as hyphens).  Links inside code are not links; absolute
URLs are not checked.  Standard library only: no app loaded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: ``[text](target)`` and ``![alt](target)``; the target ends at a space (a title) or ")".
LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE = re.compile(r"(`+).+?\1", re.S)
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _prose(text: str) -> str:
    """The page without its code blocks and inline code."""
    return CODE.sub("", FENCE.sub("", text))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a Markdown page's headings."""
    found: set[str] = set()
    for title in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        title = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)  # a link: its text
        slug = re.sub(r"[^\w\- ]", "", title.lower().replace("`", "")).replace(" ", "-")
        candidate, n = slug, 0
        while candidate in found:
            n += 1
            candidate = f"{slug}-{n}"
        found.add(candidate)
    return found


def links(page: Path) -> list[str]:
    return LINK.findall(_prose(page.read_text(encoding="utf-8")))


def relative(target: str) -> bool:
    return not re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) and not target.startswith("//")


CASES = [(page, target) for page in PAGES for target in links(page) if relative(target)]


def test_the_pages_have_relative_links() -> None:
    assert (ROOT / "README.md").exists() and len(PAGES) > 1
    assert len(CASES) > 20


@pytest.mark.parametrize(("page", "target"), CASES,
                         ids=[f"{p.relative_to(ROOT)}->{t}" for p, t in CASES])
def test_a_relative_link_resolves(page: Path, target: str) -> None:
    path, _, anchor = target.partition("#")
    goal = (page.parent / path).resolve() if path else page
    assert goal.exists(), f"{page.relative_to(ROOT)} links to {target}: no such file"
    if anchor and goal.suffix == ".md":
        assert anchor in anchors(goal), (
            f"{page.relative_to(ROOT)} links to {target}: no heading with that anchor")
