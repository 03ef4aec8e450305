"""Pure domain: standard library only."""
