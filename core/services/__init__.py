"""Use cases: short functions over ports. No framework code."""
