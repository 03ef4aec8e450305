"""No secret in the repository, and production refuses to start on development values."""

import re
import subprocess

import pytest

from core.settings import (
    DEV_ANALYTICS_KEY,
    DEV_LINK_PIN_PEPPER,
    DEV_STAFF_TOTP_KEY,
    ROOT,
    Settings,
    check_production,
    from_environment,
    production_problems,
)

# What a leaked credential looks like. A value made only of placeholders (…, <…>, ${…}, xxx) is fine.
SECRET_PATTERNS = {
    "private key": re.compile(
        r"-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY( BLOCK)?-----"
    ),
    "AWS access key id": re.compile(r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b"),
    "AWS secret access key": re.compile(r"aws_secret_access_key\s*[=:]\s*['\"]?[A-Za-z0-9/+=]{40}"),
    "Braintree private key": re.compile(
        r"BRAINTREE_PRIVATE_KEY\s*[=:]\s*['\"]?(?!['\"]?\s*$)([^\s'\"…<$]{8,})"
    ),
    "Braintree access token": re.compile(
        r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}"
    ),
    "GitHub token": re.compile(r"\bgh[pousr]_[A-Za-z0-9]{36}\b"),
    "Slack token": re.compile(r"\bxox[abprs]-[A-Za-z0-9-]{10,}"),
    "Google API key": re.compile(r"\bAIza[0-9A-Za-z_\-]{35}\b"),
    "Stripe live key": re.compile(r"\b[sr]k_live_[0-9A-Za-z]{16,}"),
    "password in a URL": re.compile(
        r"\b(?:postgres(?:ql)?|redis|smtps?|amqp)(?:\+\w+)?://[^:/\s@]+:(?!pass@|…|\*)[^@\s/]{6,}@"
    ),
}
BINARY = (".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".woff", ".woff2", ".pdf", ".zip")


def repository_files() -> list[str]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
            timeout=60,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git work tree")
    this_file = "tests/security/test_secrets_and_startup.py"  # its samples are meant to match
    return [f for f in listed if not f.endswith(BINARY) and f != this_file and (ROOT / f).is_file()]


def test_no_secret_is_committed():
    files = repository_files()
    assert len(files) > 100  # the scan did see the tree
    found = []
    for name in files:
        text = (ROOT / name).read_text(encoding="utf-8", errors="ignore")
        found += [
            f"{name}: {kind}" for kind, pattern in SECRET_PATTERNS.items() if pattern.search(text)
        ]
    assert found == []


@pytest.mark.parametrize(
    "kind, sample",
    [
        ("private key", "-----BEGIN RSA PRIVATE KEY-----"),
        ("AWS access key id", "key = AKIAIOSFODNN7EXAMPLE"),
        ("Braintree private key", "BRAINTREE_PRIVATE_KEY=8f1e2d3c4b5a69788f1e2d3c4b5a6978"),
        ("GitHub token", "ghp_" + "a" * 36),
        ("password in a URL", "DATABASE_URL=postgresql://lumo:s3cretpassw0rd@db.internal/lumo"),
    ],
)
def test_the_patterns_catch_what_they_should(kind, sample):
    assert SECRET_PATTERNS[kind].search(sample)


@pytest.mark.parametrize(
    "sample",
    [
        "BRAINTREE_PRIVATE_KEY=…",
        "BRAINTREE_PRIVATE_KEY=",
        'BRAINTREE_PRIVATE_KEY: ""',
        "BRAINTREE_PRIVATE_KEY=${BRAINTREE_PRIVATE_KEY}",
        "smtp://user:pass@host:port",
    ],
)
def test_placeholders_are_not_secrets(sample):
    assert not any(p.search(sample) for p in SECRET_PATTERNS.values())


PRODUCTION_TOTP_KEY = "8vQ2cX3y1QqkLqv0y7r0lJmYtq0mS6q4Vd0b2D3E4fA="
PRODUCTION = {
    "LUMO_ENV": "production",
    "ANALYTICS_API_KEYS": "web-prod-1,apps-prod-2",
    "LINK_PIN_PEPPER": "a-long-random-production-pepper",
    "PAYMENT_GATEWAY": "braintree",
    "BRAINTREE_ENVIRONMENT": "production",
    "BRAINTREE_MERCHANT_ID": "m",
    "BRAINTREE_PUBLIC_KEY": "pub",
    "BRAINTREE_PRIVATE_KEY": "priv",
    "PUBLIC_URL": "https://www.lumo.example",
    "BRAINTREE_MERCHANT_ACCOUNTS": "EUR=lumo_eur,CHF=lumo_chf,USD=lumo_usd",
    "STAFF_TOTP_KEY": PRODUCTION_TOTP_KEY,
    "SELLER_NAME": "Lumo Kids Media GmbH",
    "SELLER_ADDRESS": "Bahnhofstrasse 10, 8001 Zürich, Switzerland",
    "SELLER_VAT_NUMBER": "EU372012345",
}


def test_a_complete_production_configuration_starts():
    settings = from_environment(PRODUCTION)
    assert production_problems(settings) == []
    check_production(settings)


@pytest.mark.parametrize(
    "change, problem",
    [
        ({"ANALYTICS_API_KEYS": DEV_ANALYTICS_KEY}, "ANALYTICS_API_KEYS"),
        ({"ANALYTICS_API_KEYS": ""}, "ANALYTICS_API_KEYS"),
        ({"LINK_PIN_PEPPER": DEV_LINK_PIN_PEPPER}, "LINK_PIN_PEPPER"),
        ({"LINK_PIN_PEPPER": ""}, "LINK_PIN_PEPPER"),
        ({"STAFF_TOTP_KEY": ""}, "STAFF_TOTP_KEY"),
        ({"STAFF_TOTP_KEY": DEV_STAFF_TOTP_KEY}, "STAFF_TOTP_KEY"),
        ({"STAFF_TOTP_KEY": f"{PRODUCTION_TOTP_KEY},{DEV_STAFF_TOTP_KEY}"}, "STAFF_TOTP_KEY"),
        ({"PAYMENT_GATEWAY": "sandbox"}, "PAYMENT_GATEWAY"),
        ({"BRAINTREE_ENVIRONMENT": "sandbox"}, "BRAINTREE_ENVIRONMENT"),
        ({"BRAINTREE_PRIVATE_KEY": ""}, "BRAINTREE_PRIVATE_KEY"),
        ({"BRAINTREE_MERCHANT_ID": " "}, "BRAINTREE_MERCHANT_ID"),
        ({"PUBLIC_URL": "http://www.lumo.example"}, "PUBLIC_URL"),
        ({"BRAINTREE_MERCHANT_ACCOUNTS": ""}, "no merchant account for CHF, EUR, USD"),
        (
            {"BRAINTREE_MERCHANT_ACCOUNTS": "EUR=lumo_eur,USD=lumo_usd"},
            "no merchant account for CHF$",
        ),
        ({"SELLER_NAME": "Lumo Kids Media GmbH (placeholder)"}, "SELLER_NAME"),
        ({"SELLER_ADDRESS": ""}, None),  # the default: the placeholder address
        ({"SELLER_VAT_NUMBER": "EU000000000 (placeholder)"}, "SELLER_VAT_NUMBER"),
    ],
)
def test_production_refuses_development_values_and_missing_secrets(change, problem):
    environment = {**PRODUCTION, **change}
    if problem is None:  # the variable left out: its development default
        environment = {k: v for k, v in environment.items() if k not in change}
        problem = next(iter(change))
    settings = from_environment(environment)
    with pytest.raises(RuntimeError, match=problem):
        check_production(settings)


def test_the_api_and_the_worker_both_run_the_check():
    from bff import create_app
    from tasks.celery_app import create_celery

    unsafe = Settings(env="production", database_url="sqlite://")
    for start in (create_app, create_celery):
        with pytest.raises(RuntimeError, match="refuses to start"):
            start(unsafe)


def test_development_and_test_modes_need_nothing():
    assert production_problems(Settings()) == [] and production_problems(Settings(env="test")) == []
