from marshmallow import Schema, fields, validate

from bff.schemas import CLIENT_HASH, InputSchema
from core.domain.accounts import LANGUAGES


class EmailQuerySchema(InputSchema):
    email = fields.String(load_default="", validate=validate.Length(max=320))


class ChangePasswordSchema(InputSchema):
    oldPass = fields.String(required=True, validate=validate.Length(min=1, max=128))
    newPass = fields.String(required=True, validate=CLIENT_HASH)


class ChangeEmailSchema(InputSchema):
    email = fields.String(load_default="", validate=validate.Length(max=320))


class ChangeNameSchema(InputSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=100))


class ResetPasswordSchema(InputSchema):
    token = fields.String(required=True, validate=validate.Length(min=1, max=200))
    newPass = fields.String(required=True, validate=CLIENT_HASH)


class LinkTokenQuerySchema(InputSchema):
    token = fields.String(required=True, validate=validate.Length(min=1, max=200))


class EmailLanguageSchema(InputSchema):
    language = fields.String(required=True, validate=validate.OneOf(LANGUAGES))
    explicit = fields.Boolean(
        load_default=False,
        metadata={
            "description": "true: the parent chose it in the profile (it wins); false: the site language, "
            "applied only while the parent has not chosen one"
        },
    )


class EmailLanguageAnswerSchema(Schema):
    language = fields.String(required=True)
    chosen = fields.Boolean(required=True)
