"""scripts/cite_docs.py: how old "SPEC n" citations become docs/product.md anchors, and the anchor table."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.docs_support import ROOT, anchors, cite_docs, github_slug

PRODUCT = "docs/product.md#"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("# SPEC 4: x", f"# {PRODUCT}flows: x"),
        ("(SPEC 8)", f"({PRODUCT}errors)"),
        ("SPEC section 3 plus", f"{PRODUCT}entities plus"),
        ("SPEC§8 x", f"{PRODUCT}errors x"),
        ("SPEC 4.2.", f"{PRODUCT}flows."),
        ("(SPEC 4, 6.)", f"({PRODUCT}flows, {PRODUCT}roles.)"),
        ("SPEC 2/9:", f"{PRODUCT}screens, {PRODUCT}constants:"),
        ("SPEC 2, 4 and 6)", f"{PRODUCT}screens, {PRODUCT}flows and {PRODUCT}roles)"),
        ("SPEC sections 3, 4, 9", f"{PRODUCT}entities, {PRODUCT}flows, {PRODUCT}constants"),
        ("SPEC sections 4.1 and 4.3", f"{PRODUCT}flows"),
        (
            "SPEC 9, 2 months free",
            f"{PRODUCT}constants, 2 months free",
        ),  # "2" is not a section here
        ('SPEC 4 "Payment success (200)"', f'{PRODUCT}flows "Payment success (200)"'),
        ("(SPEC: server maintenance popup)", f"({PRODUCT}errors: server maintenance popup)"),
        ("lives in local storage (SPEC), so", f"lives in local storage ({PRODUCT}entities), so"),
        ("as the SPEC says", "as the docs/product.md says"),
        ("Read `../shared/ARCHITECTURE.md` for", "Read docs/architecture.md for"),
        ("see /work/shared/SPEC.md", "see docs/product.md"),
    ],
)
def test_citations_in_code_become_repository_paths(old, new):
    assert cite_docs().rewrite(old, "core/domain/x.py").text == new


@pytest.mark.parametrize(
    "text",
    [
        "OPENAPI_SPEC = load()",
        "SPEC = {}",
        "SPEC_URL",
        "spec 4 of the fuzzer",
        "schemathesis SPEC.yaml",
        "the SPEC 10 does not exist",  # no such section: left for --check to report
    ],
)
def test_what_is_not_a_citation_is_left_alone(text):
    assert cite_docs().rewrite(text, "core/x.py").text == text


def test_markdown_gets_links_relative_to_its_folder():
    tool = cite_docs()
    assert (
        tool.rewrite("every field of SPEC section 3.", "README.md").text
        == "every field of [docs/product.md#entities](docs/product.md#entities)."
    )
    assert (
        tool.rewrite("Read `../shared/ARCHITECTURE.md`.", "README.md").text
        == "Read [docs/architecture.md](docs/architecture.md)."
    )
    assert (
        tool.rewrite("(SPEC 8)", "docs/api.md").text
        == "([docs/product.md#errors](product.md#errors))"
    )
    assert (
        tool.rewrite("(SPEC 8)", "webapp/README.md").text
        == "([docs/product.md#errors](../docs/product.md#errors))"
    )


def test_a_second_run_changes_nothing():
    tool = cite_docs()
    text = "SPEC 2, 4 and 6; (SPEC); `../shared/ARCHITECTURE.md`; SPEC section 8 (0 if none)\nSPEC 9: x\n"
    for path in ("a.py", "README.md", "docs/x.md"):
        once = tool.rewrite(text, path)
        assert once.count == 5
        twice = tool.rewrite(once.text, path)
        assert (twice.text, twice.count) == (once.text, 0)
        assert tool.outside_citations(once.text) == []
        assert len(tool.outside_citations(text)) == 2  # both lines


def test_rewrite_and_check_on_a_copy(tmp_path):
    (tmp_path / "core").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "core" / "a.py").write_text(
        '"""Coupons (SPEC sections 3, 4)."""\n', encoding="utf-8"
    )
    (tmp_path / "README.md").write_text("Read `../shared/ARCHITECTURE.md`.\n", encoding="utf-8")
    (tmp_path / "docs" / "product.md").write_text(
        "| SPEC 4 | #flows |\n", encoding="utf-8"
    )  # excluded
    script = [sys.executable, str(ROOT / "scripts" / "cite_docs.py"), "--root", str(tmp_path)]
    assert subprocess.run([*script, "--check"], capture_output=True).returncode == 1
    done = subprocess.run(script, capture_output=True, text=True, check=True)
    assert "rewrote 2 citation(s) in 2 file(s)" in done.stdout
    assert subprocess.run([*script, "--check"], capture_output=True).returncode == 0
    assert (tmp_path / "core" / "a.py").read_text(
        encoding="utf-8"
    ) == '"""Coupons (docs/product.md#entities, docs/product.md#flows)."""\n'
    assert (tmp_path / "docs" / "product.md").read_text(encoding="utf-8") == "| SPEC 4 | #flows |\n"
    again = subprocess.run(script, capture_output=True, text=True, check=True)
    assert "rewrote 0 citation(s) in 0 file(s)" in again.stdout


def test_the_section_table_of_product_md_is_the_scripts_table():
    """docs/product.md opens with old section -> anchor; the script uses the same, and each anchor exists."""
    text = (ROOT / "docs" / "product.md").read_text(encoding="utf-8")
    table = {
        int(n): a
        for n, a in re.findall(
            r"^\| *§ ?(\d+) *\|[^|]*\| *\[#([\w-]+)\]\(#[\w-]+\) *\|", text, re.M
        )
    }
    assert table == cite_docs().SECTION_ANCHORS
    assert set(table.values()) <= anchors(text)


def test_github_slugs():
    assert github_slug("Errors") == "errors"
    assert github_slug("Units of work") == "units-of-work"
    assert github_slug("The `bff/` edge (Flask)") == "the-bff-edge-flask"
    assert anchors("# A\n## A\n```\n# not a heading\n```\n## B {#b-id}\n") == {
        "a",
        "a-1",
        "b-id",
        "b",
    }
