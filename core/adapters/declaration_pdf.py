"""The PDF copy of a public declaration (docs/consumer-law.md#the-pdf-copy), written with fpdf2.

fpdf2 is pure Python, maintained, and shapes complex scripts through HarfBuzz (uharfbuzz) when text shaping is
on: Arabic letters take their joined forms and right-to-left runs are ordered, which a PDF writer without a shaper
gets wrong (isolated letters, reversed words). The fonts are the site's own, as TrueType files in
core/adapters/fonts/ (SIL Open Font License): Nunito for Latin, its Cyrillic subset, Tajawal for Arabic; fpdf2
takes a glyph from the next font when one lacks it and embeds only the glyphs used.
"""

from __future__ import annotations

from pathlib import Path

from fpdf import FPDF
from fpdf.enums import XPos, YPos

FONTS = Path(__file__).resolve().parent / "fonts"
FACES = (
    ("nunito", "Nunito-Latin-400.ttf"),
    ("nunito-cyrillic", "Nunito-Cyrillic-400.ttf"),
    ("tajawal", "Tajawal-Arabic-400.ttf"),
)


def declaration_pdf(
    title: str, rows: list[tuple[str, str]], outcome: list[str], note: str, language: str
) -> bytes:
    """A one-page A4 document: the title, each (label, value) of the declaration, what becomes of the contract,
    and a closing note. Right-to-left for Arabic."""
    pdf = FPDF(format="A4")
    pdf.set_title(title)
    pdf.set_author("Lumo")
    pdf.set_creator("Lumo")
    pdf.set_lang(language)
    for family, file in FACES:
        pdf.add_font(family, fname=str(FONTS / file))
    arabic = language == "ar"
    main = "tajawal" if arabic else "nunito"
    pdf.set_fallback_fonts([f for f, _ in FACES if f != main])
    pdf.set_text_shaping(
        use_shaping_engine=True,
        direction="rtl" if arabic else "ltr",
        script=None,
        language=language,
    )
    pdf.add_page()
    align = "R" if arabic else "L"
    pdf.set_font(main, size=16)
    pdf.multi_cell(0, 10, title, align=align, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    pdf.set_font(main, size=11)
    for label, value in rows:
        pdf.multi_cell(0, 7, f"{label}: {value}", align=align, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    for line in outcome:
        pdf.multi_cell(0, 7, line, align=align, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(4)
    pdf.set_font(main, size=9)
    pdf.multi_cell(0, 6, note, align=align, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    return bytes(pdf.output())
