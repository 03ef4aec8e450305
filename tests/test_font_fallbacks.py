"""scripts/font_fallbacks.py and the stylesheet it wrote (webapp/src/lib/fonts/fallback.css): each face's
size-adjust is Nunito's width over the local font's, and its line metrics are Nunito's over that factor
(docs/brand.md, "Fonts"). The browser tests check what it is for: nothing moves when the font arrives."""

from __future__ import annotations

import json
import re

import pytest

from scripts import font_fallbacks

NUNITO = json.loads(font_fallbacks.METRICS.read_text())["nunito"]
ASCENT = 100 * NUNITO["ascent"] / NUNITO["unitsPerEm"]
DESCENT = -100 * NUNITO["descent"] / NUNITO["unitsPerEm"]


def faces(css: str) -> list[dict[str, str]]:
    return [
        dict(re.findall(r"([a-z-]+):\s*([^;]+);", body))
        for body in re.findall(r"@font-face \{([^}]*)\}", css)
    ]


def percent(value: str) -> float:
    return float(value.rstrip("%"))


def test_each_face_is_sized_by_the_measured_widths_and_keeps_nunitos_lines():
    widths = {f"{w} {font_fallbacks.NUNITO}": 1000.0 + w for w in (400, 600, 700, 800)}
    widths |= {
        f"{w} {font_fallbacks.probe(n, w)}": 1000.0 for w in (400, 600, 700, 800) for n in (0, 1)
    }
    written = faces(font_fallbacks.stylesheet(widths))
    assert [(f["font-family"], f["font-weight"]) for f in written] == [
        (f"'{family}'", weights)
        for family in ("Lumo Fallback", "Lumo Fallback Roboto")
        for weights in ("100 500", "600", "700", "800 1000")
    ]
    for face, weight in zip(written, [400, 600, 700, 800] * 2, strict=True):
        size = (1000 + weight) / 1000
        assert percent(face["size-adjust"]) == pytest.approx(100 * size, abs=0.01)
        assert percent(face["ascent-override"]) == pytest.approx(ASCENT / size, abs=0.01)
        assert percent(face["descent-override"]) == pytest.approx(DESCENT / size, abs=0.01)
    assert "local('Liberation Sans Bold')" in written[2]["src"]
    assert written[4]["src"].startswith("local('Roboto')")
    # Android's Roboto is one variable font: the bold faces end with it (bold from its weight axis).
    assert all(face["src"].endswith("local('Roboto')") for face in written[5:])


def test_the_committed_stylesheet_is_consistent_with_nunitos_metrics():
    written = faces(font_fallbacks.OUT.read_text())
    assert len(written) == 8
    for face in written:
        size = percent(face["size-adjust"]) / 100
        assert 0.85 < size < 1.15, face  # a local font of about Nunito's width, as measured
        assert percent(face["ascent-override"]) * size == pytest.approx(ASCENT, abs=0.05)
        assert percent(face["descent-override"]) * size == pytest.approx(DESCENT, abs=0.05)


def test_the_measured_texts_are_the_landing_pages_of_every_catalogue_but_arabic():
    texts = font_fallbacks.landing_texts()
    english = json.loads((font_fallbacks.ROOT / "locales" / "en.json").read_text())
    assert english["HomePage"]["hero"]["heading"] in texts
    assert not re.search("[\u0600-\u06ff]", texts)
    assert re.search("[\u0400-\u04ff]", texts)  # Russian: Nunito's Cyrillic face
