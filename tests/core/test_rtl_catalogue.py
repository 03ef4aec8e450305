"""Right-to-left catalogues: a Latin term that starts with a digit ("3-D Secure") is isolated left to right
(U+2066 … U+2069), or the bidirectional algorithm shows it as "D Secure-3" in Arabic
(docs/accessibility.md#right-to-left)."""

import json
import re

import pytest

from core.settings import ROOT

RTL = ["ar"]
LRI, PDI = "\u2066", "\u2069"
# A number joined by punctuation to Latin letters, or letters joined to a number: weak and neutral
# characters the algorithm would attach to the Arabic around them.
MIXED = re.compile(r"[0-9][0-9A-Za-z]*[-‐/:.][A-Za-z]|[A-Za-z][-‐][0-9]")


def _texts(node, key=""):
    if isinstance(node, dict):
        for name, child in node.items():
            yield from _texts(child, f"{key}.{name}" if key else name)
    elif isinstance(node, str):
        yield key, node


def _isolated(text: str, start: int, end: int) -> bool:
    opened = text.rfind(LRI, 0, start)
    return opened != -1 and PDI not in text[opened:start] and PDI in text[end:]


def unisolated(catalogue: dict) -> list[tuple[str, str]]:
    return [
        (key, match.group())
        for key, text in _texts(catalogue)
        for match in MIXED.finditer(text)
        if not _isolated(text, match.start(), match.end())
    ]


@pytest.mark.parametrize("language", RTL)
def test_mixed_latin_terms_are_isolated_in_right_to_left_catalogues(language):
    catalogue = json.loads((ROOT / "locales" / f"{language}.json").read_text(encoding="utf-8"))
    assert unisolated(catalogue) == []


def test_the_check_finds_a_term_left_bare():
    assert unisolated({"a": {"b": "مشفّر ومع 3-D Secure."}}) == [("a.b", "3-D")]
    assert unisolated({"a": f"مشفّر ومع {LRI}3-D Secure{PDI}."}) == []
