"""Use cases of the operator console (docs/operator-console.md): staff sign-in, the audit trail,
parent search and page, support actions, operations. Every action writes its audit entry."""
