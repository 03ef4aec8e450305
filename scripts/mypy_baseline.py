"""Print the [[tool.mypy.overrides]] blocks that silence today's mypy findings module by module.

The baseline: the error codes still found in a module are switched off for that module
alone, so `make lint` is green and every other module (and every other error code) is checked. Fix a
module, delete its block, run `.venv/bin/mypy`. Usage: .venv/bin/mypy | python scripts/mypy_baseline.py
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict

LINE = re.compile(r"^(?P<path>[\w/]+)\.py:\d+: error: .*\[(?P<code>[a-z-]+)\]$")


def main() -> None:
    codes: dict[str, set[str]] = defaultdict(set)
    for line in sys.stdin:
        match = LINE.match(line.strip())
        if match:
            module = match["path"].replace("/", ".").removesuffix(".__init__")
            codes[module].add(match["code"])
    for module in sorted(codes):
        print("[[tool.mypy.overrides]]")
        print(f'module = "{module}"')
        print(f"disable_error_code = {sorted(codes[module])!r}".replace("'", '"'))
        print()


if __name__ == "__main__":
    main()
