"""Implementations of the domain's ports: the only code that touches the outside world."""
