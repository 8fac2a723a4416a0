#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""The reference MCP Python SDK's client (PyPI `mcp`: mcp.client.auth.OAuthClientProvider, ClientSession over
streamable_http_client) against a protected MCP server, for .ci/interop-resource-server. Checks, each printed
as `ok    resource-server: …` or `FAIL …` (exit status 1 on any failure):

(a) an MCP request with no token is refused with 401 and a `WWW-Authenticate: Bearer` challenge whose
    `resource_metadata` (RFC 9728 §5.1) names a document for this very resource and its issuer;
(b) the SDK's OAuth client, given only the MCP URL, follows that challenge (the metadata URL is among the
    requests it makes), registers, logs in at the issuer (the authorization redirect is driven headless:
    the issuer approves at once and its 302 carries the code) and then lists and calls the server's tool;
(c) a token the issuer made for another resource is refused with 401 `invalid_token`, a token without the
    required scope with 403 `insufficient_scope` naming it, a token the issuer never made with 401.

Usage: mcp-sdk-client.py MCP_URL TOOL EXPECTED_TEXT REQUIRED_SCOPE
"""
import asyncio
import base64
import hashlib
import re
import secrets
import sys
from urllib.parse import parse_qs, urlencode, urlparse

import httpx2
from mcp import ClientSession
from mcp.client.auth import OAuthClientProvider
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.auth import AuthorizationCodeResult, OAuthClientInformationFull, OAuthClientMetadata, OAuthToken

REDIRECT_URI = "http://127.0.0.1:1/callback"  # never served: the issuer's 302 is read, not followed
INITIALIZE = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}}}
HEADERS = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
failures = 0


def check(condition: bool, name: str, detail: str = "") -> None:
    global failures
    if condition:
        print(f"ok    resource-server: {name}")
    else:
        failures += 1
        print(f"FAIL  resource-server: {name} {detail}")


def challenge_parameters(header: str) -> dict[str, str]:
    return dict(re.findall(r'([A-Za-z_]+)="((?:[^"\\]|\\.)*)"', header))


class MemoryStorage:
    def __init__(self) -> None:
        self.tokens: OAuthToken | None = None
        self.client: OAuthClientInformationFull | None = None

    async def get_tokens(self) -> OAuthToken | None:
        return self.tokens

    async def set_tokens(self, tokens: OAuthToken) -> None:
        self.tokens = tokens

    async def get_client_info(self) -> OAuthClientInformationFull | None:
        return self.client

    async def set_client_info(self, client_info: OAuthClientInformationFull) -> None:
        self.client = client_info


async def approve(http: httpx2.AsyncClient, authorization_url: str) -> AuthorizationCodeResult:
    """The browser's part: the issuer approves at once and redirects to the client with the code."""
    response = await http.get(authorization_url, follow_redirects=False)
    location = response.headers.get("location", "")
    query = parse_qs(urlparse(location).query)
    if response.status_code not in (302, 303) or "code" not in query:
        raise RuntimeError(f"the authorization endpoint answered {response.status_code}, not a redirect with a code")
    return AuthorizationCodeResult(code=query["code"][0], state=query.get("state", [None])[0])


async def token_for(http: httpx2.AsyncClient, issuer: str, resource: str, scope: str) -> str:
    """A token from the same issuer by hand (RFC 7591 registration, code + PKCE S256, RFC 8707 resource)."""
    metadata = (await http.get(issuer.rstrip("/") + "/.well-known/oauth-authorization-server")).json()
    client = (await http.post(metadata["registration_endpoint"], json={
        "redirect_uris": [REDIRECT_URI], "scope": "user other", "token_endpoint_auth_method": "none",
        "grant_types": ["authorization_code"], "response_types": ["code"]})).json()
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = {"response_type": "code", "client_id": client["client_id"], "redirect_uri": REDIRECT_URI, "scope": scope,
             "state": secrets.token_urlsafe(8), "code_challenge": challenge, "code_challenge_method": "S256", "resource": resource}
    code = (await approve(http, metadata["authorization_endpoint"] + "?" + urlencode(query))).code
    answer = await http.post(metadata["token_endpoint"], data={
        "grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT_URI, "client_id": client["client_id"],
        "code_verifier": verifier, "resource": resource})
    answer.raise_for_status()
    return answer.json()["access_token"]


async def main() -> None:
    mcp_url, tool, expected, required_scope = sys.argv[1:5]
    async with httpx2.AsyncClient(timeout=30) as http:
        # (a) no token: 401 and a challenge the client can follow
        refused = await http.post(mcp_url, json=INITIALIZE, headers=HEADERS)
        challenge = refused.headers.get("www-authenticate", "")
        parameters = challenge_parameters(challenge)
        check(refused.status_code == 401 and challenge.lower().startswith("bearer"), "no token: 401 with a Bearer challenge",
              f"({refused.status_code}, {challenge!r})")
        metadata_url = parameters.get("resource_metadata", "")
        check(metadata_url.startswith("http"), "the challenge carries resource_metadata (RFC 9728 §5.1)", repr(challenge))
        metadata = (await http.get(metadata_url)).json() if metadata_url else {}
        check(metadata.get("resource") == mcp_url and bool(metadata.get("authorization_servers")),
              "the metadata names this resource and its issuer (RFC 9728 §3.3)", repr(metadata))
        issuer = (metadata.get("authorization_servers") or [""])[0]

        # (b) the SDK's OAuth client: challenge → metadata → registration → login → token → tools
        requested: list[str] = []

        async def record(request: httpx2.Request) -> None:
            requested.append(str(request.url))

        storage = MemoryStorage()
        login = http  # the browser's part uses the plain client: its redirects are read, not followed

        async def redirect_handler(url: str) -> None:
            pending.append(await approve(login, url))

        async def callback_handler() -> AuthorizationCodeResult:
            return pending.pop()

        pending: list[AuthorizationCodeResult] = []
        auth = OAuthClientProvider(
            server_url=mcp_url,
            client_metadata=OAuthClientMetadata(redirect_uris=[REDIRECT_URI], client_name="mcp-sdk interop", grant_types=[
                "authorization_code", "refresh_token"], response_types=["code"], token_endpoint_auth_method="none"),
            storage=storage, redirect_handler=redirect_handler, callback_handler=callback_handler)
        async with httpx2.AsyncClient(auth=auth, timeout=30, event_hooks={"request": [record]}) as client:
            async with streamable_http_client(mcp_url, http_client=client, terminate_on_close=False) as streams:
                async with ClientSession(streams[0], streams[1]) as session:
                    await session.initialize()
                    check(metadata_url in requested, "the SDK's client followed resource_metadata from the 401",
                          repr(requested))
                    check(storage.tokens is not None, "the SDK's client logged in at the issuer and holds a token")
                    tools = await session.list_tools()
                    check(tool in [t.name for t in tools.tools], f"tools/list with the token lists {tool}", repr(tools))
                    result = await session.call_tool(tool, {})
                    text = " ".join(getattr(c, "text", "") for c in result.content)
                    check(not result.is_error and expected in text, f"tools/call {tool} with the token answers {expected!r}",
                          repr(result))

        # (c) tokens from the same issuer that this resource must refuse
        other = await token_for(http, issuer, mcp_url.rsplit("/", 1)[0] + "/other-resource", required_scope)
        answer = await http.post(mcp_url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {other}"})
        parameters = challenge_parameters(answer.headers.get("www-authenticate", ""))
        check(answer.status_code == 401 and parameters.get("error") == "invalid_token",
              "a token for another resource: 401 invalid_token", f"({answer.status_code}, {answer.headers.get('www-authenticate')!r})")
        narrow = await token_for(http, issuer, mcp_url, "other")
        answer = await http.post(mcp_url, json=INITIALIZE, headers={**HEADERS, "Authorization": f"Bearer {narrow}"})
        parameters = challenge_parameters(answer.headers.get("www-authenticate", ""))
        check(answer.status_code == 403 and parameters.get("error") == "insufficient_scope"
              and required_scope in parameters.get("scope", "").split(),
              f"a token without scope {required_scope}: 403 insufficient_scope naming it",
              f"({answer.status_code}, {answer.headers.get('www-authenticate')!r})")
        answer = await http.post(mcp_url, json=INITIALIZE, headers={**HEADERS, "Authorization": "Bearer not-a-token-of-this-issuer"})
        parameters = challenge_parameters(answer.headers.get("www-authenticate", ""))
        check(answer.status_code == 401 and parameters.get("error") == "invalid_token", "an unknown token: 401 invalid_token",
              f"({answer.status_code}, {answer.headers.get('www-authenticate')!r})")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    asyncio.run(main())
