"""The repository stands alone: no citation points outside it, and every cited anchor exists.

PENDING: collected only once the lead has run `python3 scripts/cite_docs.py` on the merged main
(it rewrites the old "SPEC n" citations and ../shared/ARCHITECTURE.md); then rename this file to
tests/test_docs_stand_alone.py. Before the rewrite the first test fails, by design.
"""

from __future__ import annotations

import re
import subprocess
import sys

from tests.docs_support import ROOT, anchors, cite_docs

# docs/<name>.md#anchor anywhere (code, tests, docs), written from the repository root.
_PLAIN = re.compile(r"(?<![\w/.-])docs/(?P<doc>[\w.-]+\.md)(?:#(?P<anchor>[\w-]+))?")
# A Markdown link to a file of docs/ or to a fragment of the same file, relative to the linking file.
_LINK = re.compile(r"\]\((?P<target>[^)\s#]*?\.md)?(?:#(?P<anchor>[\w-]+))?\)")


def test_no_citation_points_outside_the_repository():
    check = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "cite_docs.py"), "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert check.returncode == 0, check.stdout + check.stderr


def _citations():
    """(citing file, cited file, anchor or None) for every reference to a Markdown file of docs/."""
    for path, text in cite_docs().candidates(ROOT):
        for match in _PLAIN.finditer(text):
            yield path, ROOT / "docs" / match.group("doc"), match.group("anchor")
        if path.endswith(".md"):
            for match in _LINK.finditer(text):
                target = match.group("target")
                cited = (ROOT / path).parent / target if target else ROOT / path
                if target and "docs" not in cited.resolve().relative_to(ROOT).parts[:1]:
                    continue  # a link to another Markdown file of the repository, not to docs/
                if target or match.group("anchor"):
                    yield path, cited.resolve(), match.group("anchor")


def test_every_cited_document_and_anchor_exists():
    known: dict = {}
    missing = []
    cited = 0
    for path, doc, anchor in _citations():
        cited += 1
        if not doc.is_file():
            missing.append(f"{path}: {doc.relative_to(ROOT)} does not exist")
            continue
        if anchor is None:
            continue
        if doc not in known:
            known[doc] = anchors(doc.read_text(encoding="utf-8"))
        if anchor not in known[doc]:
            missing.append(f"{path}: {doc.relative_to(ROOT)}#{anchor} is no anchor of that file")
    assert cited > 100  # the old spec citations now point here
    assert not missing, "\n".join(missing)
