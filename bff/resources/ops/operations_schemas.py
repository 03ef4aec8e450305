"""The operations screens' answers: the audit log, outbox dead letters and the webhook log."""

from __future__ import annotations

from bff.resources.ops.answer_fields import _at, _i, _many, _money, _n, _s
from bff.resources.ops.parent_schemas import OpsAuditEntrySchema
from bff.schemas import CamelSchema


class OpsAuditEntriesSchema(CamelSchema):
    entries = _many(OpsAuditEntrySchema, metadata={"description": "Newest first"})


class OpsDeadLetterSchema(CamelSchema):
    id = _i()
    kind = _s()
    topic = _s()
    account_id = _i(allow_none=True)
    attempts = _i()
    last_error = _n()
    created_at = _at()
    dead_at = _at()


class OpsDeadLettersSchema(CamelSchema):
    entries = _many(OpsDeadLetterSchema)


class OpsWebhookEventSchema(CamelSchema):
    id = _i()
    kind = _s()
    gateway_id = _s()
    transaction_id = _n()
    amount = _money(nullable=True)
    currency = _n()
    occurred_at = _at()
    received_at = _at()
    outcome = _n(metadata={"description": "applied, out_of_order, or ignored (kind other)"})
    replays = _i()
    provider_kind = _n(
        metadata={"description": "The gateway's own kind (64 characters at most); kind is ours"}
    )


class OpsWebhookEventsSchema(CamelSchema):
    entries = _many(OpsWebhookEventSchema)
