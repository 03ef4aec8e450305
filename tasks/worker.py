"""Entry point for `celery -A tasks.worker worker|beat`."""

from tasks.celery_app import create_celery

app = create_celery()
