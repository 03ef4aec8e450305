"""Lumo core: domain, use cases and adapters. No HTTP, no Celery here."""
