"""Background jobs (Celery). Thin: arguments in, one service call."""
