# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""An OAuth 2.0 / OpenID Connect authorization server made of Authlib's own parts (Flask integration, the
authorization code grant with PKCE, its RFC 9101 extension `JWTAuthenticationRequest`, its OpenID Connect
`OpenIDCode` ID tokens and `UserInfoEndpoint`) for .ci/interop: AuthFlow's signed request objects are verified
by Authlib, and AuthFlow verifies the ID tokens and signed userinfo Authlib writes. Nobody here wrote Authlib.

Usage: authlib-jar-provider.py PORT CLIENT_JWKS_FILE
- RFC 8414 metadata at /.well-known/oauth-authorization-server: require_signed_request_object true,
  request_object_signing_alg_values_supported ["ES256"], PKCE S256.
- One public client, "authflow-jar", redirect URI com.example.authflow:/callback; its public keys are read from
  CLIENT_JWKS_FILE (a JWK Set the test writes) at each request.
- /authorize (GET or POST) approves at once as user "alice": the test plays the browser. An error Authlib raises
  from its RFC 9101 hook is redirected to the registered redirect URI with its state.
Everything else is Authlib's: it refuses a plain request, an unverifiable request object (invalid_request_object),
a client_id inside that differs from the one outside.

OpenID Connect (scope openid): RFC 8414 and OpenID discovery documents, ID tokens signed ES256 by Authlib's
`OpenIDCode` with the server key published at /jwks, and /userinfo, Authlib's `UserInfoEndpoint`. More public
clients, each with the same redirect URI and request-object keys as "authflow-jar":
- "authflow-userinfo-signed" registered userinfo_signed_response_alg ES256: Authlib answers application/jwt
  signed with the published key (kid set by joserfc), iss and aud added by Authlib;
- "authflow-userinfo-rogue" the same, but the userinfo JWT is signed by a second key that /jwks does not list;
- "authflow-userinfo-other-sub": signed as the first, with userinfo sub "mallory" while the ID token says "alice";
- "authflow-userinfo" registered nothing: plain JSON, and its token is accepted ONLY in the form body of a POST
  (RFC 6750 §2.2). Authlib 1.9's ResourceProtector.parse_request_authorization reads the Authorization header
  alone, so the body reading is this file's (BodyOrHeaderProtector); Werkzeug parses the form, Authlib's
  BearerTokenValidator checks the token.
"""
import json
import secrets
import sys
import time

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector
from authlib.oauth2.rfc6749 import ClientMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator, InvalidTokenError
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc9101 import JWTAuthenticationRequest
from authlib.oauth2 import OAuth2Error
from authlib.oidc.core import UserInfo, UserInfoEndpoint
from authlib.oidc.core.grants import OpenIDCode
from flask import Flask, g, jsonify, redirect, request as flask_request
from joserfc.jwk import ECKey, KeySet
from urllib.parse import urlencode

PORT, JWKS_FILE = int(sys.argv[1]), sys.argv[2]
ISSUER = f"http://127.0.0.1:{PORT}"
CLIENT_ID, REDIRECT_URI = "authflow-jar", "com.example.authflow:/callback"
codes, tokens = {}, {}
SERVER_KEYS = KeySet([ECKey.generate_key("P-256", parameters={"kid": "authlib-server-1", "use": "sig"})])
ROGUE_KEYS = KeySet([ECKey.generate_key("P-256", parameters={"kid": "authlib-rogue-1", "use": "sig"})])
SIGNED = {"userinfo_signed_response_alg": "ES256"}
CLIENTS = {CLIENT_ID: {}, "authflow-userinfo-signed": SIGNED, "authflow-userinfo-rogue": SIGNED,
           "authflow-userinfo-other-sub": SIGNED, "authflow-userinfo": {}}
BODY_ONLY_CLIENT = "authflow-userinfo"


class Client(ClientMixin):
    def __init__(self, client_id): self.client_id, self.client_metadata = client_id, CLIENTS[client_id]
    def get_client_id(self): return self.client_id
    def get_default_redirect_uri(self): return REDIRECT_URI
    def get_allowed_scope(self, scope): return scope or ""
    def check_redirect_uri(self, redirect_uri): return redirect_uri == REDIRECT_URI
    def check_client_secret(self, client_secret): return False
    def check_endpoint_auth_method(self, method, endpoint): return method == "none"
    def check_response_type(self, response_type): return response_type == "code"
    def check_grant_type(self, grant_type): return grant_type == "authorization_code"


class Code:
    def __init__(self, code, request):
        self.code, self.user = code, request.user
        self.redirect_uri, self.scope = request.payload.redirect_uri, request.payload.scope or ""
        self.code_challenge = request.payload.data.get("code_challenge")
        self.code_challenge_method = request.payload.data.get("code_challenge_method")
        self.nonce, self.auth_time = request.payload.data.get("nonce"), int(time.time())
        self.expires_at = time.time() + 60

    def get_redirect_uri(self): return self.redirect_uri
    def get_scope(self): return self.scope
    def get_nonce(self): return self.nonce
    def get_auth_time(self): return self.auth_time
    def get_acr(self): return None
    def get_amr(self): return None


class Token:
    def __init__(self, token, request):
        self.client, self.user, self.scope = request.client, request.user, token.get("scope", "")
        self.expires_at = time.time() + token["expires_in"]

    def get_client(self): return self.client
    def get_user(self): return self.user
    def get_scope(self): return self.scope
    def is_expired(self): return time.time() > self.expires_at
    def is_revoked(self): return False


class IDTokens(OpenIDCode):
    def exists_nonce(self, nonce, request): return False
    def resolve_client_private_key(self, client): return SERVER_KEYS
    def get_client_algorithm(self, client): return "ES256"
    def get_client_claims(self, client): return {"iss": ISSUER, "aud": [client.get_client_id()]}
    def generate_user_info(self, user, scope): return UserInfo(sub=user.id)


class CodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["none"]

    def save_authorization_code(self, code, request): codes[code] = Code(code, request)

    def query_authorization_code(self, code, client):
        found = codes.get(code)
        return found if found and found.expires_at > time.time() else None

    def delete_authorization_code(self, authorization_code): codes.pop(authorization_code.code, None)
    def authenticate_user(self, authorization_code): return authorization_code.user


METADATA = {
    "issuer": ISSUER, "authorization_endpoint": ISSUER + "/authorize", "token_endpoint": ISSUER + "/token",
    "response_types_supported": ["code"], "grant_types_supported": ["authorization_code"],
    "code_challenge_methods_supported": ["S256"], "token_endpoint_auth_methods_supported": ["none"],
    "request_parameter_supported": True, "request_uri_parameter_supported": False,
    "require_signed_request_object": True, "request_object_signing_alg_values_supported": ["ES256"],
    "scopes_supported": ["openid"], "jwks_uri": ISSUER + "/jwks", "userinfo_endpoint": ISSUER + "/userinfo",
    "subject_types_supported": ["public"], "id_token_signing_alg_values_supported": ["ES256"],
    "userinfo_signing_alg_values_supported": ["ES256"],
}


class SignedRequests(JWTAuthenticationRequest):
    def resolve_client_public_key(self, client):
        with open(JWKS_FILE, encoding="utf-8") as file:
            return json.load(file)

    def get_server_metadata(self): return METADATA
    def get_client_require_signed_request_object(self, client): return True


class User:
    id = "alice"


class Tokens(BearerTokenValidator):
    def authenticate_token(self, token_string): return tokens.get(token_string)


class BodyOrHeaderProtector(ResourceProtector):
    """Authlib's protector reads the Authorization header only; RFC 6750 §2.2 (a form-encoded POST body's
    access_token) is added here, for BODY_ONLY_CLIENT's tokens alone, which the header may not carry."""

    def parse_request_authorization(self, request):
        body = flask_request.form.get("access_token") if flask_request.method == "POST" and \
            flask_request.mimetype == "application/x-www-form-urlencoded" else None
        header = flask_request.headers.get("Authorization")
        if body is not None and header is None and "access_token" not in flask_request.args:
            return self.get_token_validator("bearer"), body
        validator, token_string = super().parse_request_authorization(request)
        found = tokens.get(token_string)
        if found is not None and found.client.client_id == BODY_ONLY_CLIENT:
            raise InvalidTokenError(description="this client's token is accepted in the form body only")
        return validator, token_string


class UserInfoAnswers(UserInfoEndpoint):
    def get_issuer(self): return ISSUER
    def get_supported_algorithms(self): return ["ES256"]

    def generate_user_info(self, user, scope):
        other = g.authlib_server_oauth2_token.get_client().client_id == "authflow-userinfo-other-sub"
        return UserInfo(sub="mallory" if other else user.id, name="Alice Example")

    def resolve_private_key(self):
        rogue = g.authlib_server_oauth2_token.get_client().client_id == "authflow-userinfo-rogue"
        return ROGUE_KEYS if rogue else SERVER_KEYS


app = Flask(__name__)
server = AuthorizationServer(
    app, query_client=lambda client_id: Client(client_id) if client_id in CLIENTS else None,
    save_token=lambda token, request: tokens.__setitem__(token["access_token"], Token(token, request)))
server.register_grant(CodeGrant, [CodeChallenge(required=True), IDTokens()])
protector = BodyOrHeaderProtector()
protector.register_token_validator(Tokens())
server.register_endpoint(UserInfoAnswers(resource_protector=protector))
server.register_extension(SignedRequests(support_request=True, support_request_uri=False))
app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {"authorization_code": 300}
app.config["OAUTH2_ACCESS_TOKEN_GENERATOR"] = lambda *args, **kwargs: secrets.token_urlsafe(24)


@app.get("/.well-known/oauth-authorization-server")
@app.get("/.well-known/openid-configuration")
def metadata(): return jsonify(METADATA)


@app.get("/jwks")
def jwks(): return jsonify(SERVER_KEYS.as_dict(private=False))


@app.route("/userinfo", methods=["GET", "POST"])
def userinfo(): return server.create_endpoint_response("userinfo")


@app.route("/authorize", methods=["GET", "POST"])
def authorize():
    try:
        return server.create_authorization_response(grant_user=User())
    except OAuth2Error as error:
        # Authlib's RFC 9101 hook raises before the grant can redirect; the one client has one registered
        # redirect URI, so the error goes there, with the state Authlib read (RFC 6749 §4.1.2.1).
        answer = [("error", error.error)] + ([("error_description", error.description)] if error.description else [])
        return redirect(REDIRECT_URI + "?" + urlencode(answer + ([("state", error.state)] if error.state else [])))


@app.post("/token")
def token(): return server.create_token_response()


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=PORT)
