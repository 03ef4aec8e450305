"""The operator console's API: /ops/v1/… (docs/operator-console.md). Staff tokens only."""
