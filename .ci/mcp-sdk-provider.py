#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""An OAuth 2.0 authorization server without OpenID Connect, and an MCP server it protects, both made of the
reference MCP Python SDK (PyPI `mcp`) for .ci/interop-mcp: what the SDK's "simple-auth" example serves,
written here (the example is not shipped in the package), on one port.

- Authorization server: the SDK's own routes (mcp.server.auth.routes.create_auth_routes) over the in-memory
  provider below: RFC 8414 metadata at /.well-known/oauth-authorization-server (no jwks_uri, no
  openid-configuration, scopes_supported ["user"]), dynamic registration (RFC 7591) at /register, /authorize
  (PKCE S256 only), /token, /revoke. The SDK refuses a scope the client was not registered with, so a request
  for `openid` gets `invalid_scope`; no ID token is ever issued.
- Protected resource: the SDK's MCPServer with its Streamable HTTP app at /mcp behind its
  RequireAuthMiddleware (401 with `WWW-Authenticate: Bearer resource_metadata="…"`), its RFC 9728 metadata at
  /.well-known/oauth-protected-resource/mcp, and validate_token_resource=True: a token is accepted only if it
  was issued for this resource (RFC 8707 `resource` on the authorization request).

The authorize step needs no human: the provider approves at once for the user "alice" and redirects to the
client's redirect URI with the code and state, as the .ci/fake-browser-* scripts' users would.

With MCP_SDK_REQUIRED_SCOPES="user files" (space-separated; default "user") the MCP server requires those
scopes, lists them as its RFC 9728 `scopes_supported`, and registers clients with all of them: a token for
"user" alone gets the SDK's 403 `insufficient_scope`, which names the missing scope only in
`error_description` — what the scope step-up of MCPSDKInteropTests runs against.

Usage: mcp-sdk-provider.py PORT   (serves http://127.0.0.1:PORT; logs to stderr)
"""
import os
import secrets
import sys
import time

import uvicorn
from mcp.server.auth.provider import (
    AccessToken,
    AuthorizationCode,
    AuthorizationParams,
    OAuthAuthorizationServerProvider,
    RefreshToken,
    construct_redirect_uri,
)
from mcp.server.auth.settings import AuthSettings, ClientRegistrationOptions, RevocationOptions
from mcp.server.mcpserver import MCPServer
from mcp.shared.auth import OAuthClientInformationFull, OAuthToken

SCOPE = "user"
REQUIRED_SCOPES = os.environ.get("MCP_SDK_REQUIRED_SCOPES", SCOPE).split()
CODE_LIFETIME = 300
# MCP_SDK_TOKEN_LIFETIME shortens it: .ci/interop-mcp's `authflow token --resource` check sees a refresh.
TOKEN_LIFETIME = int(os.environ.get("MCP_SDK_TOKEN_LIFETIME", "3600"))


class InMemoryProvider(OAuthAuthorizationServerProvider[AuthorizationCode, RefreshToken, AccessToken]):
    """Clients, codes and tokens in dictionaries; every authorization approved for "alice"."""

    def __init__(self) -> None:
        self.clients: dict[str, OAuthClientInformationFull] = {}
        self.codes: dict[str, AuthorizationCode] = {}
        self.access_tokens: dict[str, AccessToken] = {}
        self.refresh_tokens: dict[str, RefreshToken] = {}

    async def get_client(self, client_id: str) -> OAuthClientInformationFull | None:
        return self.clients.get(client_id)

    async def register_client(self, client_info: OAuthClientInformationFull) -> None:
        self.clients[client_info.client_id] = client_info

    async def authorize(self, client: OAuthClientInformationFull, params: AuthorizationParams) -> str:
        # The SDK's handler has checked the client, the redirect URI, the scopes and PKCE S256 already.
        code = secrets.token_urlsafe(32)
        self.codes[code] = AuthorizationCode(
            code=code,
            scopes=params.scopes or [SCOPE],
            expires_at=time.time() + CODE_LIFETIME,
            client_id=client.client_id,
            code_challenge=params.code_challenge,
            redirect_uri=params.redirect_uri,
            redirect_uri_provided_explicitly=params.redirect_uri_provided_explicitly,
            resource=params.resource,
            subject="alice",
        )
        return construct_redirect_uri(str(params.redirect_uri), code=code, state=params.state)

    async def load_authorization_code(self, client: OAuthClientInformationFull, authorization_code: str) -> AuthorizationCode | None:
        code = self.codes.get(authorization_code)
        return code if code is not None and code.client_id == client.client_id else None

    async def exchange_authorization_code(self, client: OAuthClientInformationFull, authorization_code: AuthorizationCode) -> OAuthToken:
        del self.codes[authorization_code.code]  # a code works once (RFC 6749 §4.1.2)
        return self._issue(client.client_id, authorization_code.scopes, authorization_code.resource, authorization_code.subject)

    async def load_refresh_token(self, client: OAuthClientInformationFull, refresh_token: str) -> RefreshToken | None:
        token = self.refresh_tokens.get(refresh_token)
        return token if token is not None and token.client_id == client.client_id else None

    async def exchange_refresh_token(self, client: OAuthClientInformationFull, refresh_token: RefreshToken, scopes: list[str]) -> OAuthToken:
        del self.refresh_tokens[refresh_token.token]  # rotated
        return self._issue(client.client_id, scopes, refresh_token.resource, refresh_token.subject)

    async def load_access_token(self, token: str) -> AccessToken | None:
        access = self.access_tokens.get(token)
        if access is None or (access.expires_at is not None and access.expires_at < time.time()):
            return None
        return access

    async def revoke_token(self, token: AccessToken | RefreshToken) -> None:
        self.access_tokens.pop(token.token, None)
        self.refresh_tokens.pop(token.token, None)

    def _access_token(self, client_id: str, scopes: list[str], resource: str | None, subject: str | None, now: int) -> str:
        """An opaque access token; .ci/mcp-sdk-authorization-server.py mints RFC 9068 JWTs instead."""
        return secrets.token_urlsafe(32)

    def _issue(self, client_id: str, scopes: list[str], resource: str | None, subject: str | None) -> OAuthToken:
        now = int(time.time())
        access, refresh = self._access_token(client_id, scopes, resource, subject, now), secrets.token_urlsafe(32)
        self.access_tokens[access] = AccessToken(
            token=access, client_id=client_id, scopes=scopes, expires_at=now + TOKEN_LIFETIME, resource=resource, subject=subject)
        self.refresh_tokens[refresh] = RefreshToken(token=refresh, client_id=client_id, scopes=scopes, resource=resource, subject=subject)
        return OAuthToken(access_token=access, token_type="Bearer", expires_in=TOKEN_LIFETIME, scope=" ".join(scopes), refresh_token=refresh)


def main() -> None:
    port = int(sys.argv[1])
    issuer = f"http://127.0.0.1:{port}"
    server = MCPServer(
        name="AuthFlow interop",
        auth_server_provider=InMemoryProvider(),
        auth=AuthSettings(
            issuer_url=issuer,
            resource_server_url=issuer + "/mcp",
            required_scopes=REQUIRED_SCOPES,
            client_registration_options=ClientRegistrationOptions(
                enabled=True, valid_scopes=REQUIRED_SCOPES, default_scopes=REQUIRED_SCOPES),
            revocation_options=RevocationOptions(enabled=True),
            validate_token_resource=True,
        ),
    )

    @server.tool()
    def whoami() -> str:
        """The user the access token was issued for."""
        return "alice"

    app = server.streamable_http_app(json_response=True, stateless_http=True)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
