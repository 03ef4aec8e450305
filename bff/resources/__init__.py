"""One blueprint per resource, registered from this one list."""

from bff.resources.account_data.routes import blp as account_data
from bff.resources.accounts.routes import blp as accounts
from bff.resources.analytics.routes import blp as analytics
from bff.resources.billing.routes import blp as billing
from bff.resources.braintree.routes import blp as braintree
from bff.resources.children.routes import blp as children
from bff.resources.consents.routes import blp as consents
from bff.resources.contract_cancellations.routes import blp as contract_cancellations
from bff.resources.country.routes import blp as country
from bff.resources.coupons.routes import blp as coupons
from bff.resources.health.routes import blp as health
from bff.resources.licenses.routes import blp as licenses

# The console's route modules add their routes to its one blueprint, in this order (the OpenAPI document's).
# isort: off
from bff.resources.ops import admin_routes  # noqa: F401
from bff.resources.ops import session_routes  # noqa: F401
from bff.resources.ops import parent_routes  # noqa: F401
from bff.resources.ops import money_routes  # noqa: F401
from bff.resources.ops import operations_routes  # noqa: F401
from bff.resources.ops import revenue_routes  # noqa: F401
from bff.resources.ops import campaign_routes  # noqa: F401
from bff.resources.ops import declaration_routes  # noqa: F401
from bff.resources.ops import grant_routes  # noqa: F401

# isort: on
from bff.resources.ops.blueprint import blp as ops
from bff.resources.partners.routes import blp as partners
from bff.resources.payment_methods.routes import blp as payment_methods
from bff.resources.plans.routes import blp as plans
from bff.resources.quotes.routes import blp as quotes
from bff.resources.redirect.routes import blp as redirect
from bff.resources.site.routes import blp as site
from bff.resources.subscriptions.routes import blp as subscriptions
from bff.resources.tv_link.routes import blp as tv_link
from bff.resources.users.routes import blp as users
from bff.resources.withdrawals.routes import blp as withdrawals

BLUEPRINTS = [
    accounts,
    users,
    redirect,
    country,
    subscriptions,
    plans,
    coupons,
    braintree,
    payment_methods,
    quotes,
    partners,
    licenses,
    analytics,
    children,
    tv_link,
    consents,
    account_data,
    site,
    contract_cancellations,
    withdrawals,
    billing,
    health,
    ops,
]
