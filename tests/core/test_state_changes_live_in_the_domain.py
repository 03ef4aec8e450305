"""A subscription's state changes only in core/domain (docs/architecture.md#subscription-states): a use case asks
`Subscription.apply` (or a factory: `purchase_started`, `granted_free`) and carries out the effects it
answers with core/services/subscription_effects.py. This scan of the code outside the domain fails on
any other way to set a state: an assignment to `.payment_state_id`, a call passing `payment_state_id=`
(a constructor, an UPDATE's values), `setattr(…, "payment_state_id", …)`, an SQL string that sets it,
or a call of the domain's private transition steps."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("core", "bff", "tasks")
DOMAIN = ROOT / "core" / "domain"
FIELD = "payment_state_id"
PRIVATE_STEPS = {"_cancel", "_charged", "_expire"}  # Subscription's own, behind apply
SQL_SET = re.compile(rf"\bSET\b[^;]*\b{FIELD}\s*=", re.IGNORECASE | re.DOTALL)


def _targets(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Assign):
        found = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        found = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while found:
        target = found.pop()
        if isinstance(target, (ast.Tuple, ast.List)):
            found.extend(target.elts)
        elif isinstance(target, ast.Starred):
            found.append(target.value)
        else:
            flat.append(target)
    return flat


def state_changes(source: str) -> list[tuple[int, str]]:
    """(line, what) for every way the source sets a subscription's state."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        for target in _targets(node):
            if isinstance(target, ast.Attribute) and target.attr == FIELD:
                found.append((node.lineno, f"assigns .{FIELD}"))
        if isinstance(node, ast.Call):
            if any(k.arg == FIELD for k in node.keywords):
                found.append((node.lineno, f"passes {FIELD}="))
            func = node.func
            if (
                isinstance(func, ast.Name)
                and func.id == "setattr"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value == FIELD
            ):
                found.append((node.lineno, f'setattr(…, "{FIELD}", …)'))
            if isinstance(func, ast.Attribute) and func.attr in PRIVATE_STEPS:
                found.append((node.lineno, f"calls {func.attr}()"))
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and SQL_SET.search(node.value)
        ):
            found.append((node.lineno, f"SQL that sets {FIELD}"))
    return found


def _outside_the_domain() -> list[Path]:
    files = [p for top in SCANNED for p in sorted((ROOT / top).rglob("*.py"))]
    return [p for p in files if DOMAIN not in p.parents]


def test_no_code_outside_the_domain_sets_a_subscription_state():
    files = _outside_the_domain()
    assert (
        len(files) > 100
    )  # the scan sees the code base (core/services, core/adapters, bff, tasks)
    offences = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in files
        for line, what in state_changes(path.read_text(encoding="utf-8"))
    ]
    assert offences == [], (
        "go through Subscription.apply (core/domain/subscriptions.py):\n" + "\n".join(offences)
    )


def test_the_scan_finds_each_way_of_setting_a_state():
    source = """
sub.payment_state_id = "Active"
a.x, sub.payment_state_id = 1, State.FAILED
sub.payment_state_id: str = "Trial"
Subscription(account_id=1, payment_state_id=State.PENDING)
session.execute(update(SubscriptionRow).values(payment_state_id="Expired"))
setattr(sub, "payment_state_id", "Cancelled")
sub._expire(now)
conn.exec_driver_sql("UPDATE subscriptions SET is_renewing = false, payment_state_id = 'Expired'")
"""
    assert sorted(line for line, _ in state_changes(source)) == [2, 3, 4, 5, 6, 7, 8, 9]


def test_reading_a_state_is_no_change():
    source = """
if sub.payment_state_id == State.PENDING:
    state = sub.payment_state_id
select(SubscriptionRow).where(SubscriptionRow.payment_state_id.in_(LIVE))
fields = ("payment_state_id", "end_date")
text("SELECT payment_state_id FROM subscriptions WHERE payment_state_id <> 'Expired'")
Subscription(**{name: row[name] for name in names})
"""
    assert state_changes(source) == []
