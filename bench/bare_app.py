"""The baselines, served by the same gunicorn setup as the API: the smallest Flask JSON endpoint, and
the same endpoint plus the one round trip a hot read cannot avoid — one PostgreSQL statement (what
`GET /v5/subscriptions` needs: the session and the account's billing in one query), and one more
Redis command (what the coupon check adds: its rate limit). Plain drivers, no ORM, no framework: the
floor of any endpoint that reads the database (docs/benchmarks.md)."""

import os

from flask import Flask


def _database_url() -> str:
    return os.environ["DATABASE_URL"].replace("postgresql+psycopg://", "postgresql://", 1)


def create_app() -> Flask:
    app = Flask("bare")
    connections: dict = {}  # one per worker process, opened on first use (after gunicorn forks)

    def database():
        import psycopg

        if "pg" not in connections:
            connections["pg"] = psycopg.connect(_database_url(), autocommit=True)
        return connections["pg"]

    def redis_client():
        import redis

        if "redis" not in connections:
            connections["redis"] = redis.Redis.from_url(os.environ["REDIS_URL"])
        return connections["redis"]

    @app.get("/json")
    def json_endpoint():
        return {"status": "ok"}

    @app.get("/one-query")
    def one_query():
        value = database().execute("SELECT 1").fetchone()[0]
        return {"status": "ok", "value": value}

    @app.get("/one-query-redis")
    def one_query_and_redis():
        value = database().execute("SELECT 1").fetchone()[0]
        count = redis_client().incr("bench:bare:calls")
        return {"status": "ok", "value": value, "count": count}

    return app
