"""Writes webapp/src/lib/fonts/fallback.css: the local fallback faces shown while Nunito loads.

    .venv/bin/python scripts/font_fallbacks.py --web http://localhost:3000

Needs a running web app (`make run`, or any build) and, on this machine, the fonts the faces stand in
for: Liberation Sans (Debian's fonts-liberation, metric-compatible with Arial and Arimo) and Roboto
(fonts-roboto-unhinted; Android's system font). For each weight the site uses, Chromium measures the
landing page's texts of every catalogue but Arabic (Tajawal has its own fallback) set in Nunito and
in the local font; `size-adjust` is the ratio of the two widths, so a line of fallback text is as long
as the same line in Nunito, and the ascent and descent overrides are Nunito's (Next's font metrics
table, which next/font's own fallbacks use) over `size-adjust`, so lines stand where Nunito's will.
docs/brand.md, "Fonts", says why next/font's own fallback (one local Arial, regular only) was not
enough.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "webapp" / "src" / "lib" / "fonts" / "fallback.css"
METRICS = (
    ROOT / "webapp" / "node_modules" / "next" / "dist" / "server" / "capsize-font-metrics.json"
)
# font-weight values in the site's CSS: 400 (and 500, unused) regular, 600, 700 and 800 bold.
WEIGHTS = {400: "100 500", 600: "600", 700: "700", 800: "800 1000"}
# The family names lib/fonts/stack.ts lists, and the local fonts each stands in with, regular and bold
# (full and PostScript names: local() matches either). The first font found is the one measured.
FAMILIES = {
    "Lumo Fallback": (
        ["Arial", "ArialMT", "Arimo", "Liberation Sans"],
        ["Arial Bold", "Arial-BoldMT", "Arimo Bold", "Liberation Sans Bold"],
        ("Liberation Sans", "Liberation Sans Bold"),
    ),
    "Lumo Fallback Roboto": (
        ["Roboto", "Roboto-Regular"],
        # Android's Roboto is one variable font named "Roboto": last, its bold comes from the weight axis.
        ["Roboto Bold", "Roboto-Bold", "Roboto"],
        ("Roboto", "Roboto Bold"),
    ),
}
NUNITO = "nunitoLatin, nunitoCyrillic"  # lib/fonts/fonts.ts's faces, as the page names them
REGULAR = 400  # the one regular weight of WEIGHTS; the others are set in the bold fonts


def probe(family: int, weight: int) -> str:
    """The page's name for the local font measured for FAMILIES' `family`-th entry at `weight`."""
    return f"probe{family}{'R' if weight == REGULAR else 'B'}"


MEASURE = """async ({ sample, families, weights }) => {
  const widths = {};
  for (const weight of weights)
    for (const family of families) {
      const span = document.createElement('span');
      span.style.font = `${weight} 20px ${family}`;
      span.style.whiteSpace = 'nowrap';
      span.textContent = sample;
      document.body.append(span);
      const faces = await document.fonts.load(span.style.font, sample.slice(0, 40));
      if (!faces.length) throw new Error(`no face for ${span.style.font}`);
      widths[`${weight} ${family}`] = span.getBoundingClientRect().width;
      span.remove();
    }
  return widths;
}"""


def landing_texts() -> str:
    def strings(value):
        if isinstance(value, dict):
            for item in value.values():
                yield from strings(item)
        elif isinstance(value, str) and "{" not in value:
            yield value

    catalogues = sorted((ROOT / "locales").glob("*.json"))
    return " ".join(
        text
        for path in catalogues
        if path.stem != "ar"
        for text in strings(json.loads(path.read_text())["HomePage"])
    )


def measure(web: str) -> dict[str, float]:
    probes = {
        probe(n, weight): name
        for n, (_, _, measured) in enumerate(FAMILIES.values())
        for weight, name in zip((REGULAR, 700), measured, strict=True)
    }
    css = "".join(
        f"@font-face{{font-family:{p};src:local('{name}')}}" for p, name in probes.items()
    )
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--headless=new", "--no-sandbox"]
        )
        page = browser.new_page()
        page.goto(f"{web}/homePage", wait_until="networkidle")
        page.add_style_tag(content=css)
        try:
            widths = page.evaluate(
                MEASURE,
                {
                    "sample": landing_texts(),
                    "families": [NUNITO, *probes],
                    "weights": list(WEIGHTS),
                },
            )
        except Exception as error:
            raise SystemExit(
                f"{error}\nInstall the fonts measured: apt-get install fonts-liberation fonts-roboto-unhinted"
            ) from None
        browser.close()
    return widths


def stylesheet(widths: dict[str, float]) -> str:
    nunito = json.loads(METRICS.read_text())["nunito"]
    ascent = nunito["ascent"] / nunito["unitsPerEm"]
    descent = -nunito["descent"] / nunito["unitsPerEm"]
    gap = nunito["lineGap"] / nunito["unitsPerEm"]
    rules = [
        "/* Written by scripts/font_fallbacks.py (its docstring says how); do not edit by hand.\n"
        '   lib/fonts/stack.ts lists these families after the web fonts; docs/brand.md, "Fonts". */'
    ]
    for n, (family, (regular, bold, _)) in enumerate(FAMILIES.items()):
        for weight, weights in WEIGHTS.items():
            size = widths[f"{weight} {NUNITO}"] / widths[f"{weight} {probe(n, weight)}"]
            names = ", ".join(
                f"local('{name}')" for name in (regular if weight == REGULAR else bold)
            )
            rules.append(
                f"@font-face {{\n  font-family: '{family}';\n  font-weight: {weights};\n"
                f"  src: {names};\n  size-adjust: {100 * size:.2f}%;\n"
                f"  ascent-override: {100 * ascent / size:.2f}%;\n"
                f"  descent-override: {100 * descent / size:.2f}%;\n"
                f"  line-gap-override: {100 * gap / size:.2f}%;\n}}"
            )
    return "\n".join(rules) + "\n"


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", required=True, help="the running web app's address")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    args.out.write_text(stylesheet(measure(args.web.rstrip("/"))))
    # In the web app's own style (make lint checks it).
    prettier = ROOT / "webapp" / "node_modules" / ".bin" / "prettier"
    subprocess.run([str(prettier), "--write", str(args.out)], cwd=ROOT / "webapp", check=True)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main(sys.argv[1:])
