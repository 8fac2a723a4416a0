# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""An OAuth 2.0 authorization server made of Authlib's own parts (Flask integration, the authorization code
grant with PKCE, and its RFC 9101 extension `JWTAuthenticationRequest`) for .ci/interop: AuthFlow's signed
request objects are verified by Authlib, which nobody here wrote.

Usage: authlib-jar-provider.py PORT CLIENT_JWKS_FILE
- RFC 8414 metadata at /.well-known/oauth-authorization-server: require_signed_request_object true,
  request_object_signing_alg_values_supported ["ES256"], PKCE S256.
- One public client, "authflow-jar", redirect URI com.example.authflow:/callback; its public keys are read from
  CLIENT_JWKS_FILE (a JWK Set the test writes) at each request.
- /authorize (GET or POST) approves at once as user "alice": the test plays the browser. An error Authlib raises
  from its RFC 9101 hook is redirected to the registered redirect URI with its state.
Everything else is Authlib's: it refuses a plain request, an unverifiable request object (invalid_request_object),
a client_id inside that differs from the one outside.
"""
import json
import secrets
import sys
import time

from authlib.integrations.flask_oauth2 import AuthorizationServer
from authlib.oauth2.rfc6749 import ClientMixin, grants
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc9101 import JWTAuthenticationRequest
from authlib.oauth2 import OAuth2Error
from flask import Flask, jsonify, redirect
from urllib.parse import urlencode

PORT, JWKS_FILE = int(sys.argv[1]), sys.argv[2]
ISSUER = f"http://127.0.0.1:{PORT}"
CLIENT_ID, REDIRECT_URI = "authflow-jar", "com.example.authflow:/callback"
codes, tokens = {}, {}


class Client(ClientMixin):
    client_id = CLIENT_ID

    def get_client_id(self): return CLIENT_ID
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
        self.expires_at = time.time() + 60

    def get_redirect_uri(self): return self.redirect_uri
    def get_scope(self): return self.scope


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
}


class SignedRequests(JWTAuthenticationRequest):
    def resolve_client_public_key(self, client):
        with open(JWKS_FILE, encoding="utf-8") as file:
            return json.load(file)

    def get_server_metadata(self): return METADATA
    def get_client_require_signed_request_object(self, client): return True


class User:
    id = "alice"


app = Flask(__name__)
server = AuthorizationServer(
    app, query_client=lambda client_id: Client() if client_id == CLIENT_ID else None,
    save_token=lambda token, request: tokens.__setitem__(token["access_token"], request.user.id))
server.register_grant(CodeGrant, [CodeChallenge(required=True)])
server.register_extension(SignedRequests(support_request=True, support_request_uri=False))
app.config["OAUTH2_TOKEN_EXPIRES_IN"] = {"authorization_code": 300}
app.config["OAUTH2_ACCESS_TOKEN_GENERATOR"] = lambda *args, **kwargs: secrets.token_urlsafe(24)


@app.get("/.well-known/oauth-authorization-server")
def metadata(): return jsonify(METADATA)


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
