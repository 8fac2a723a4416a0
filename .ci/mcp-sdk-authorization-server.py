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
import importlib.util
import secrets
import sys
import time
from pathlib import Path

import uvicorn
from joserfc import jwt
from joserfc.jwk import ECKey, KeySet
from mcp.server.auth.routes import build_metadata, create_auth_routes
from mcp.server.auth.settings import ClientRegistrationOptions, RevocationOptions
from pydantic import AnyHttpUrl
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

SCOPES = ["user", "other"]
TOKEN_LIFETIME = 3600
INTROSPECTION_CLIENT = "mcp-resource-server"


# The provider of .ci/mcp-sdk-provider.py (clients, codes and tokens in dictionaries, every authorization
# approved for "alice"), loaded from its file, with RFC 9068 JWT access tokens when given a key.
_spec = importlib.util.spec_from_file_location("mcp_sdk_provider", Path(__file__).with_name("mcp-sdk-provider.py"))
assert _spec is not None and _spec.loader is not None
mcp_sdk_provider = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(mcp_sdk_provider)


class InMemoryProvider(mcp_sdk_provider.InMemoryProvider):
    """mcp-sdk-provider.py's provider; its access tokens are ES256 JWTs (RFC 9068) when `jwt_key` is given."""

    def __init__(self, issuer: str, jwt_key: ECKey | None) -> None:
        super().__init__()
        self.issuer = issuer
        self.jwt_key = jwt_key

    def _access_token(self, client_id: str, scopes: list[str], resource: str | None, subject: str | None, now: int) -> str:
        if self.jwt_key is None:
            return super()._access_token(client_id, scopes, resource, subject, now)
        # RFC 9068 §2: typ at+jwt; iss, exp, aud, sub, client_id, iat, jti; scope
        claims = {"iss": self.issuer, "sub": subject, "client_id": client_id, "scope": " ".join(scopes), "iat": now,
                  "exp": now + TOKEN_LIFETIME, "jti": secrets.token_urlsafe(16)}
        if resource is not None:
            claims["aud"] = resource
        return jwt.encode({"typ": "at+jwt", "alg": "ES256", "kid": self.jwt_key.kid}, claims, self.jwt_key)


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
