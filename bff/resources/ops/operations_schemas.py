"""The operations screens' answers: the audit log, outbox dead letters and the webhook log."""

from __future__ import annotations

from bff.resources.ops.answer_fields import (
    integer,
    many,
    money_text,
    nullable_text,
    required_text,
    timestamp,
)
from bff.resources.ops.parent_schemas import OpsAuditEntrySchema
from bff.schemas import CamelSchema


class OpsAuditEntriesSchema(CamelSchema):
    entries = many(OpsAuditEntrySchema, metadata={"description": "Newest first"})


class OpsDeadLetterSchema(CamelSchema):
    id = integer()
    kind = required_text()
    topic = required_text()
    account_id = integer(allow_none=True)
    attempts = integer()
    last_error = nullable_text()
    created_at = timestamp()
    dead_at = timestamp()


class OpsDeadLettersSchema(CamelSchema):
    entries = many(OpsDeadLetterSchema)


class OpsWebhookEventSchema(CamelSchema):
    id = integer()
    kind = required_text()
    gateway_id = required_text()
    transaction_id = nullable_text()
    amount = money_text(nullable=True)
    currency = nullable_text()
    occurred_at = timestamp()
    received_at = timestamp()
    outcome = nullable_text(
        metadata={"description": "applied, out_of_order, or ignored (kind other)"}
    )
    replays = integer()
    provider_kind = nullable_text(
        metadata={"description": "The gateway's own kind (64 characters at most); kind is ours"}
    )


class OpsWebhookEventsSchema(CamelSchema):
    entries = many(OpsWebhookEventSchema)
