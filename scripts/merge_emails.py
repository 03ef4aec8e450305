"""Merge scripts/emails_i18n.json into the "Emails" namespace of locales/<lang>.json."""

import json
from pathlib import Path

root = Path(__file__).resolve().parent.parent
emails = json.loads((root / "scripts/emails_i18n.json").read_text(encoding="utf-8"))
for language, texts in emails.items():
    path = root / "locales" / f"{language}.json"
    catalogue = json.loads(path.read_text(encoding="utf-8"))
    catalogue["Emails"] = texts
    path.write_text(json.dumps(catalogue, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    print(language, "ok")
