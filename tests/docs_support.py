"""Shared by the documentation tests: scripts/cite_docs.py as a module, and the anchors of a Markdown file."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cite_docs():
    """scripts/cite_docs.py (scripts/ is not a package)."""
    if "cite_docs" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "cite_docs", ROOT / "scripts" / "cite_docs.py"
        )
        module = importlib.util.module_from_spec(spec)
        sys.modules["cite_docs"] = (
            module  # dataclasses look their module up while the class is built
        )
        spec.loader.exec_module(module)
    return sys.modules["cite_docs"]


_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^ {0,3}#{1,6}\s+(?P<text>.+?)\s*#*\s*$")
_EXPLICIT = re.compile(r"\{#(?P<id>[\w-]+)\}")
_HTML_ID = re.compile(r"<a\s+(?:id|name)=\"(?P<id>[\w-]+)\"")


def github_slug(text: str) -> str:
    """The id GitHub gives a heading: its text lower-cased, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`([^`]*)`", r"\1", text)  # code spans keep their text
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # links keep their text
    text = re.sub(r"<[^>]+>", "", text)
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    """Every fragment a link may name in this file: explicit {#ids}, <a id>, and headings' GitHub slugs."""
    found: set[str] = set()
    seen: dict[str, int] = {}
    in_fence = False
    for line in markdown.split("\n"):
        if _FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        found.update(m.group("id") for m in _HTML_ID.finditer(line))
        heading = _HEADING.match(line)
        if not heading:
            continue
        text = heading.group("text")
        found.update(m.group("id") for m in _EXPLICIT.finditer(text))
        slug = github_slug(_EXPLICIT.sub("", text))
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else f"{slug}-{n}")
    return found
