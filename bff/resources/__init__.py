"""One blueprint per resource, registered from this one list."""
from bff.resources.accounts.routes import blp as accounts
from bff.resources.country.routes import blp as country
from bff.resources.health.routes import blp as health
from bff.resources.redirect.routes import blp as redirect
from bff.resources.subscriptions.routes import blp as subscriptions
from bff.resources.users.routes import blp as users

BLUEPRINTS = [accounts, users, redirect, country, subscriptions, health]
