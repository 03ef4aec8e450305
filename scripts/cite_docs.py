"""Point every citation of the old, external product spec at the repository's own docs.

The code, tests and docs once cited numbered sections of a specification kept outside the
repository ("SPEC 4", "SPEC section 8", "SPEC 2/4", "(SPEC 4, 6)", "SPEC sections 3, 4, 9",
"SPEC§8", "SPEC 4.2", a bare "(SPEC)") and an architecture note beside it (../shared/ARCHITECTURE.md).
A clone has neither. This script rewrites them:

- a numbered section n becomes `docs/product.md#<anchor>` (table SECTION_ANCHORS below, the same
  table docs/product.md opens with; "n.m" goes to the anchor of n);
- a bare "SPEC" becomes `docs/product.md`, with the anchor of a phrase found on its line when one
  is known (BARE_PHRASES), e.g. "server maintenance popup" -> #errors;
- ../shared/ARCHITECTURE.md becomes docs/architecture.md, ../shared/SPEC.md docs/product.md;
- in Markdown files the citation becomes a link, relative to the file's folder.

    python3 scripts/cite_docs.py           # rewrite in place; prints files and citations changed
    python3 scripts/cite_docs.py --check   # rewrite nothing; exit 1 when a citation still points outside
    python3 scripts/cite_docs.py --root DIR

Running it twice changes nothing the second time. The files that define the mapping (this script,
its tests, docs/product.md) are left alone.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

PRODUCT = "docs/product.md"
ARCHITECTURE = "docs/architecture.md"

# Old section number -> anchor in docs/product.md. Keep in step with the table at the top of that file.
SECTION_ANCHORS = {
    1: "overview",
    2: "screens",
    3: "entities",
    4: "flows",
    5: "validation",
    6: "roles",
    7: "api",
    8: "errors",
    9: "constants",
}

# A bare "SPEC" (no number): the anchor of the first phrase of this list found on the same line.
BARE_PHRASES = (
    ("holiday modal", "screens"),
    ("maintenance", "errors"),
    ("local storage", "entities"),
    ("session storage", "entities"),
)

# Citations that do not name the spec, only its section ("what section 4 says"): rewritten where they are.
IMPLICIT = {
    "webapp/src/lib/session/storage.ts": (
        ("what section 4 says", "what docs/product.md#flows says"),
        (
            "needed by section 4's logout and profile rules",
            "needed by the logout and profile rules of docs/product.md#flows",
        ),
    ),
}

# Files that name the old citations on purpose: never rewritten, never checked.
EXCLUDED = frozenset(
    {
        "scripts/cite_docs.py",
        "tests/test_cite_docs.py",
        "tests/test_docs_stand_alone.py",
        "tests/test_docs_stand_alone.py.pending",
        PRODUCT,
    }
)
SKIPPED_DIRS = frozenset(
    {
        ".git",
        "node_modules",
        ".venv",
        "venv",
        "__pycache__",
        "var",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
    }
)
MAX_BYTES = 2_000_000

_NUMBER = r"\d+(?:\.\d+)?"
_SEPARATOR = r"(?:\s*,\s*and\s+|\s*,\s*|\s*/\s*|\s*&\s*|\s+and\s+)"
# A further number must be a section (1-9) and must not start a phrase of its own ("SPEC 9, 2 months").
_MORE = rf"{_SEPARATOR}[1-9](?:\.\d+)?(?!\w|\.\d)(?!\s+(?!and\b)[A-Za-z])"
_LEAD = r"(?:\s*§\s*|\s+(?:sections?|sec\.|§)\s*§?\s*|\s+)"
NUMBERED = re.compile(rf"(?<![\w./-])SPEC{_LEAD}(?P<numbers>{_NUMBER}(?![\w])(?:{_MORE})*)")
BARE = re.compile(r"(?<![\w./#-])SPEC(?![\w.]|\s*[=(\[]|\s*§|\s*\d|\s+sections?\b|\s+sec\.)")
SHARED = re.compile(r"`?(?:(?:\.\./|/work/)+)?shared/(?P<name>ARCHITECTURE|SPEC)\.md`?")
LOOSE_SPEC_FILE = re.compile(r"(?<![\w/.-])`?SPEC\.md`?")
# What --check still calls an outside citation (the four above, plus any other file of ../shared/).
OUTSIDE = (NUMBERED, BARE, SHARED, LOOSE_SPEC_FILE, re.compile(r"(?:\.\./|/work/)shared/[\w.-]+"))


@dataclass
class Outcome:
    text: str
    count: int


def _target(doc: str, anchor: str | None, path: str) -> str:
    """The citation as written in `path`: plain in code, a relative link in Markdown."""
    ref = doc + (f"#{anchor}" if anchor else "")
    if not path.endswith(".md"):
        return ref
    folder = os.path.dirname(path)
    relative = os.path.relpath(doc, folder or ".").replace(os.sep, "/") + (
        f"#{anchor}" if anchor else ""
    )
    return f"[{ref}]({relative})"


def _section(number: str) -> str:
    major = int(number.split(".")[0])
    if major not in SECTION_ANCHORS:
        raise ValueError(f"no section {number} in the old spec (known: 1-{max(SECTION_ANCHORS)})")
    return SECTION_ANCHORS[major]


def _numbered(match: re.Match, path: str) -> str:
    raw = match.group("numbers")
    numbers = re.findall(_NUMBER, raw)
    anchors = list(dict.fromkeys(_section(n) for n in numbers))
    refs = [_target(PRODUCT, a, path) for a in anchors]
    if len(refs) == 1:
        return refs[0]
    joiner = " and " if re.search(r"\band\b", raw) else ", "
    return ", ".join(refs[:-1]) + joiner + refs[-1]


def _bare(line: str, path: str) -> str:
    lowered = line.lower()
    anchor = next((a for phrase, a in BARE_PHRASES if phrase in lowered), None)
    return _target(PRODUCT, anchor, path)


def rewrite(text: str, path: str) -> Outcome:
    """`text` (the content of the repository file `path`, relative to the root) with every old
    citation replaced, and how many were."""
    count = 0

    def shared(match: re.Match) -> str:
        nonlocal count
        count += 1
        return _target(
            ARCHITECTURE if match.group("name") == "ARCHITECTURE" else PRODUCT, None, path
        )

    def spec_file(match: re.Match) -> str:
        nonlocal count
        count += 1
        return _target(PRODUCT, None, path)

    def numbered(match: re.Match) -> str:
        nonlocal count
        try:
            replaced = _numbered(match, path)
        except ValueError:  # no such section: left for --check to report
            return match.group(0)
        count += 1
        return replaced

    for old, new in IMPLICIT.get(path, ()):
        count += text.count(old)
        text = text.replace(old, new)
    text = SHARED.sub(shared, text)
    text = LOOSE_SPEC_FILE.sub(spec_file, text)
    text = NUMBERED.sub(numbered, text)
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if BARE.search(line):
            replaced, n = BARE.subn(lambda m, line=line: _bare(line, path), line)
            lines[i] = replaced
            count += n
    return Outcome("\n".join(lines), count)


def outside_citations(text: str, path: str = "") -> list[tuple[int, str]]:
    """(line number, line) of every citation that still points outside the repository."""
    found = []
    implicit = [old for old, _ in IMPLICIT.get(path, ())]
    for number, line in enumerate(text.split("\n"), start=1):
        if any(p.search(line) for p in OUTSIDE) or any(old in line for old in implicit):
            found.append((number, line.strip()))
    return found


def repository_files(root: Path) -> list[str]:
    """Tracked and new (not ignored) files, relative to `root`; a plain walk outside a git checkout."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=root,
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")
        paths = sorted({p for p in listed.split("\0") if p})
        if paths and (root / paths[0]).exists():
            return [p for p in paths if not set(Path(p).parts) & SKIPPED_DIRS]
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in SKIPPED_DIRS and not d.startswith(".next"))
        for name in sorted(files):
            found.append(os.path.relpath(os.path.join(folder, name), root).replace(os.sep, "/"))
    return found


def _read(path: Path) -> str | None:
    try:
        if not path.is_file() or path.stat().st_size > MAX_BYTES:
            return None
        data = path.read_bytes()
    except OSError:
        return None
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def candidates(root: Path):
    for relative in repository_files(root):
        if relative in EXCLUDED:
            continue
        text = _read(root / relative)
        if text is not None:
            yield relative, text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if any citation points outside"
    )
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    args = parser.parse_args(argv)
    root = args.root.resolve()
    if args.check:
        problems = [
            (path, n, line)
            for path, text in candidates(root)
            for n, line in outside_citations(text, path)
        ]
        for path, n, line in problems:
            print(f"{path}:{n}: {line}")
        if problems:
            print(
                f"{len(problems)} citation(s) point outside the repository: run python3 scripts/cite_docs.py",
                file=sys.stderr,
            )
            return 1
        print("every citation points inside the repository")
        return 0
    files = citations = 0
    for path, text in candidates(root):
        outcome = rewrite(text, path)
        if outcome.count and outcome.text != text:
            (root / path).write_text(outcome.text, encoding="utf-8")
            files += 1
            citations += outcome.count
            print(f"{path}: {outcome.count}")
    print(f"rewrote {citations} citation(s) in {files} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
