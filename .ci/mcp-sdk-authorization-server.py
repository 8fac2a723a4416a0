#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""The issuer of .ci/interop-resource-server: an OAuth 2.0 authorization server made of the reference MCP
Python SDK's own routes (PyPI `mcp`, mcp.server.auth.routes.create_auth_routes: RFC 8414 metadata, RFC 7591
registration, /authorize with PKCE S256, /token, /revoke), with what the SDK's "simple-auth" example adds
for a separate resource server, written here (the example is not shipped in the package):

- RFC 7662 introspection at /introspect, for the resource server only (HTTP Basic with the client
  `mcp-resource-server` and the secret given on the command line): `active`, `client_id`, `scope`, `sub`,
  `aud` (the RFC 8707 resource the token was issued for), `iss`, `exp`, `iat`, `token_type`.
- With `--tokens jwt`: access tokens are RFC 9068 JWTs (`typ: at+jwt`, ES256) minted by joserfc, an
  implementation nobody here wrote, with the public key at /jwks. With `--tokens opaque` (the SDK example's
  format): random strings the resource server must introspect.
- The RFC 8414 metadata is the SDK's (build_metadata) plus `introspection_endpoint` and `jwks_uri`.

The authorize step needs no human: every authorization is approved at once for the user "alice" and
redirected to the client's redirect URI with the code and state.

Usage: mcp-sdk-authorization-server.py PORT INTROSPECTION_SECRET [--tokens opaque|jwt]
"""
import base64
import secrets
import sys
import time

import uvicorn
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    OAuthAuthorizationServerProvider,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.routes import build_metadata, create_auth_routes
from mcp.server.auth.settings import ClientRegistrationOptions, RevocationOptions
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

SCOPES = ["user", "other"]
CODE_LIFETIME = 300
TOKEN_LIFETIME = 3600
INTROSPECTION_CLIENT = "mcp-resource-server"


class InMemoryProvider(OAuthAuthorizationServerProvider[AuthorizationCode, RefreshToken, AccessToken]):
    """Clients, codes and tokens in dictionaries; every authorization approved for "alice"."""

    def __init__(self, issuer: str, jwt_key: ECKey | None) -> None:
        self.issuer = issuer
        self.jwt_key = jwt_key
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access_tokens: dict[str, AccessToken] = {}
        self.refresh_tokens: dict[str, RefreshToken] = {}

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        code = secrets.token_urlsafe(32)
        self.codes[code] = AuthorizationCode(
            code=code, scopes=params.scopes or ["user"], expires_at=time.time() + CODE_LIFETIME, client_id=client.client_id,
            code_challenge=params.code_challenge, redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly, resource=params.resource, subject="alice")
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(self, client: OAuthClientInformationFull, authorization_code: str) -> AuthorizationCode | None:
        code = self.codes.get(authorization_code)
        return code if code is not None and code.client_id == client.client_id else None

    async def exchange_authorization_code(self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode) -> OAuthToken:
        del self.codes[authorization_code.code]
        return self._issue(client.client_id, authorization_code.scopes, authorization_code.resource, authorization_code.subject)

    async def load_refresh_token(self, client: OAuthClientInformationFull, refresh_token: str) -> RefreshToken | None:
        token = self.refresh_tokens.get(refresh_token)
        return token if token is not None and token.client_id == client.client_id else None

    async def exchange_refresh_token(self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]) -> OAuthToken:
        del self.refresh_tokens[refresh_token.token]
        return self._issue(client.client_id, scopes, refresh_token.resource, refresh_token.subject)

    async def load_access_token(self, token: str) -> AccessToken | None:
        access = self.access_tokens.get(token)
        if access is None or (access.expires_at is not None and access.expires_at < time.time()):
            return None
        return access

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.access_tokens.pop(token.token, None)
        self.refresh_tokens.pop(token.token, None)

    def _issue(self, client_id: str, scopes: list[str], resource: str | None, subject: str | None) -> OAuthToken:
        now = int(time.time())
        if self.jwt_key is None:
            access = secrets.token_urlsafe(32)
        else:  # RFC 9068 §2: typ at+jwt; iss, exp, aud, sub, client_id, iat, jti; scope
            claims = {"iss": self.issuer, "sub": subject, "client_id": client_id, "scope": " ".join(scopes), "iat": now,
                      "exp": now + TOKEN_LIFETIME, "jti": secrets.token_urlsafe(16)}
            if resource is not None:
                claims["aud"] = resource
            access = jwt.encode({"typ": "at+jwt", "alg": "ES256", "kid": self.jwt_key.kid}, claims, self.jwt_key)
        refresh = secrets.token_urlsafe(32)
        self.access_tokens[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes, expires_at=now + TOKEN_LIFETIME, resource=resource, subject=subject)
        self.refresh_tokens[refresh] = RefreshToken(token=refresh, client_id=client_id, scopes=scopes, resource=resource, subject=subject)
        return OAuthToken(access_token=access, token_type="Bearer", expires_in=TOKEN_LIFETIME, scope=" ".join(scopes), refresh_token=refresh)


def main() -> None:
    port, introspection_secret = int(sys.argv[1]), sys.argv[2]
    token_format = sys.argv[4] if len(sys.argv) > 4 and sys.argv[3] == "--tokens" else "opaque"
    base = f"http://127.0.0.1:{port}"
    issuer = str(AnyHttpUrl(base))  # the SDK's metadata says "http://127.0.0.1:PORT/" (pydantic adds the slash): iss is the same string
    jwt_key = None
    if token_format == "jwt":
        jwt_key = ECKey.generate_key("P-256", parameters={"kid": "as-" + secrets.token_hex(4), "use": "sig", "alg": "ES256"})
    provider = InMemoryProvider(issuer, jwt_key)
    registration = ClientRegistrationOptions(enabled=True, valid_scopes=SCOPES, default_scopes=["user"])
    revocation = RevocationOptions(enabled=True)
    expected_basic = "Basic " + base64.b64encode(f"{INTROSPECTION_CLIENT}:{introspection_secret}".encode()).decode()

    async def metadata(_: Request) -> Response:
        document = build_metadata(AnyHttpUrl(issuer), None, registration, revocation).model_dump(mode="json", exclude_none=True)
        document["introspection_endpoint"] = base + "/introspect"
        document["introspection_endpoint_auth_methods_supported"] = ["client_secret_basic"]
        if jwt_key is not None:
            document["jwks_uri"] = base + "/jwks"
        return JSONResponse(document)

    async def jwks(_: Request) -> Response:
        return JSONResponse(KeySet([jwt_key]).as_dict(private=False) if jwt_key is not None else {"keys": []})

    async def introspect(request: Request) -> Response:  # RFC 7662 §2
        if not secrets.compare_digest(request.headers.get("authorization", ""), expected_basic):
            return JSONResponse({"error": "invalid_client"}, status_code=401, headers={"WWW-Authenticate": "Basic"})
        form = await request.form()
        access = await provider.load_access_token(str(form.get("token", "")))
        if access is None:
            return JSONResponse({"active": False})
        answer = {"active": True, "client_id": access.client_id, "scope": " ".join(access.scopes), "sub": access.subject,
                  "iss": issuer, "exp": access.expires_at, "iat": (access.expires_at or TOKEN_LIFETIME) - TOKEN_LIFETIME,
                  "token_type": "Bearer"}
        if access.resource is not None:
            answer["aud"] = access.resource
        return JSONResponse(answer, headers={"Cache-Control": "no-store"})

    routes = [  # ours first: Starlette serves the first route that matches
        Route("/.well-known/oauth-authorization-server", metadata, methods=["GET"]),
        Route("/introspect", introspect, methods=["POST"]),
        Route("/jwks", jwks, methods=["GET"]),
    ] + create_auth_routes(provider, AnyHttpUrl(issuer), client_registration_options=registration, revocation_options=revocation)
    uvicorn.run(Starlette(routes=routes), host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
