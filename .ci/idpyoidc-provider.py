# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""An OpenID provider made of IdentityPython's idpyoidc server (PyPI `idpyoidc`, pinned in
.ci/idpyoidc-requirements.txt), served over plain HTTP on 127.0.0.1 for .ci/interop-logout.

Usage: idpyoidc-provider.py PORT RP_PORT

idpyoidc is a library without a web server (its repository's example is a Flask app); this file is the
HTTP glue only, as that example does it: each route hands the request to an idpyoidc endpoint
(`parse_request`, `process_request`, `do_response`) and writes back what it returns. Everything the
interop checks is idpyoidc's own code: discovery, the JWK Set, the authorization and token endpoints, the
ID token (with `sid`), the end-session endpoint (OpenID Connect RP-Initiated Logout 1.0), and the logout
that follows (`Session.do_verified_logout`): the logout token it signs and POSTs to each client's
`backchannel_logout_uri` (Back-Channel Logout 1.0), and the iframes it returns for each client's
`frontchannel_logout_uri` (Front-Channel Logout 1.0).

What this glue adds, as the example app does: the user is authenticated by idpyoidc's `NoAuthn` (always
"diana", no login page); the "do you want to log out" page that idpyoidc's end-session endpoint redirects to
(`logout_verify_url`, the app's own page) is confirmed at once: with the extra query parameter `all=1` on
the end-session request it logs out of every client of the session (`do_verified_logout(alla=True)`, the
example form's "log out of all" button), else of the requesting client only.

Five clients are registered (client_secret_basic, secret "idpy-secret"), each with the redirect URI
com.example.authflow:/callback and the post-logout redirect URI http://127.0.0.1:RP_PORT/after-logout:
  authflow-rp, authflow-tamper, authflow-all-a   ID tokens (and so logout tokens) ES256,
  authflow-all-b                                  RS256, each with backchannel_logout_uri
                                                  http://127.0.0.1:RP_PORT/backchannel-logout/<rp|tamper|all-a|all-b>
  authflow-fc     frontchannel_logout_uri http://127.0.0.1:RP_PORT/frontchannel-logout,
                  frontchannel_logout_session_required, ID tokens RS256
The RP side (RP_PORT) is the Swift test's server: Tests/AuthURLSessionTests/IdpyOIDCLogoutInteropTests.swift.
"""

import http.server
import json
import logging
import os
import shutil
import signal
import sys
import tempfile
import traceback
import urllib.parse

from cryptojwt.key_jar import build_keyjar
from idpyoidc.message.oauth2 import ResponseMessage
from idpyoidc.message.oidc import AccessTokenRequest
from idpyoidc.server import Server
from idpyoidc.server.configure import OPConfiguration
from idpyoidc.server.cookie_handler import CookieHandler
from idpyoidc.server.oidc.authorization import Authorization
from idpyoidc.server.oidc.provider_config import ProviderConfiguration
from idpyoidc.server.oidc.session import Session
from idpyoidc.server.oidc.token import Token
from idpyoidc.server.oidc.userinfo import UserInfo as UserInfoEndpoint
from idpyoidc.server.user_authn.authn_context import INTERNETPROTOCOLPASSWORD
from idpyoidc.server.user_info import UserInfo

port, rp_port = int(sys.argv[1]), int(sys.argv[2])
ISSUER = f"http://127.0.0.1:{port}"
RP = f"http://127.0.0.1:{rp_port}"
SECRET = "idpy-secret"
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
log = logging.getLogger("idpyoidc-provider")


class EndSession(Session):
    """idpyoidc's end-session endpoint, with one repair. RP-Initiated Logout 1.0 §2 authenticates no client
    (the browser brings the request), but idpyoidc 5.0.0's `Session.parse_request` runs client authentication
    and then reads `auth_info["token"]` whenever a method matched, and its "none" method always matches: every
    end-session request failed with KeyError('token') (found by this interop). With no client authentication
    its own `if not auth_info: pass` branch runs, and everything else is idpyoidc's: the id_token_hint's
    signature, then (process_request) its aud and sub against the session cookie's, and the registered
    post_logout_redirect_uri."""

    def client_authentication(self, request, http_info=None, **kwargs):
        return {}


workdir = tempfile.mkdtemp(prefix="idpyoidc-provider-")
os.chdir(workdir)
CRYPT_CONFIG = {
    "kwargs": {
        "keys": {
            "key_defs": [
                {"type": "OCT", "use": ["enc"], "kid": "password"},
                {"type": "OCT", "use": ["enc"], "kid": "salt"},
            ]
        },
        "iterations": 1,
    }
}
KEYDEFS = [{"type": "RSA", "use": ["sig"]}, {"type": "EC", "crv": "P-256", "use": ["sig"]}]
keyjar = build_keyjar(KEYDEFS)
keyjar.import_jwks(keyjar.export_jwks(private=True), ISSUER)
users = {"diana": {"sub": "diana", "name": "Diana Krall", "email": "diana@example.org", "email_verified": True}}

conf = {
    "issuer": ISSUER,
    "password": "mycket hemlig zebra",
    "verify_ssl": False,
    "httpc_params": {"verify": False, "timeout": 10},
    "keys": {"uri_path": "jwks", "key_defs": KEYDEFS},
    "preferences": {
        "response_types_supported": ["code"],
        "token_endpoint_auth_methods_supported": ["client_secret_basic"],
        "subject_types_supported": ["public"],
        "grant_types_supported": ["authorization_code"],
        "id_token_signing_alg_values_supported": ["RS256", "ES256"],
    },
    "endpoint": {
        "provider_config": {
            "path": ".well-known/openid-configuration",
            "class": ProviderConfiguration,
            "kwargs": {"client_authn_method": None},
        },
        "authorization": {"path": "authorization", "class": Authorization, "kwargs": {"client_authn_method": None}},
        "token": {"path": "token", "class": Token, "kwargs": {"client_authn_method": ["client_secret_basic"]}},
        "userinfo": {"path": "userinfo", "class": UserInfoEndpoint, "kwargs": {}},
        "session": {
            "path": "end_session",
            "class": EndSession,
            "kwargs": {
                "post_logout_uri_path": "post_logout",
                "signing_alg": "ES256",
                "logout_verify_url": f"{ISSUER}/verify_logout",
                "client_authn_method": None,
            },
        },
    },
    "authentication": {
        "anon": {
            "acr": INTERNETPROTOCOLPASSWORD,
            "class": "idpyoidc.server.user_authn.user.NoAuthn",
            "kwargs": {"user": "diana"},
        }
    },
    "userinfo": {"class": UserInfo, "kwargs": {"db": users}},
    "token_handler_args": {
        "jwks_def": {
            "private_path": "private/token_jwks.json",
            "read_only": False,
            "key_defs": [{"type": "oct", "bytes": "24", "use": ["enc"], "kid": "code"}],
        },
        "code": {"lifetime": 600, "kwargs": {"crypt_conf": CRYPT_CONFIG}},
        "token": {
            "class": "idpyoidc.server.token.jwt_token.JWTToken",
            "kwargs": {"lifetime": 3600, "add_claims_by_scope": True},
        },
        "id_token": {"class": "idpyoidc.server.token.id_token.IDToken", "kwargs": {}},
    },
    "session_params": {"encrypter": CRYPT_CONFIG},
}


cookie_handler = CookieHandler(
    sign_key="ghsNKDDLshZTPn974nOsIGhedULrsqnsGoBFBLwUKuJhE2ch",
    name={"session": "oidc_op", "register": "oidc_op_reg", "session_management": "oidc_op_sman"},
)
server = Server(OPConfiguration(conf=conf, base_path=workdir), cwd=workdir, cookie_handler=cookie_handler, keyjar=keyjar)
context = server.context


def client(client_id, alg, **logout):
    return {
        "client_id": client_id,
        "client_secret": SECRET,
        "redirect_uris": [("com.example.authflow:/callback", None)],
        "client_salt": "salted",
        "token_endpoint_auth_method": "client_secret_basic",
        "response_types_supported": ["code"],
        "post_logout_redirect_uri": (f"{RP}/after-logout", None),
        "allowed_scopes": ["openid", "profile", "email"],
        "id_token_signed_response_alg": alg,
        **logout,
    }


context.cdb = {
    "authflow-rp": client("authflow-rp", "ES256", backchannel_logout_uri=f"{RP}/backchannel-logout/rp"),
    "authflow-tamper": client("authflow-tamper", "ES256", backchannel_logout_uri=f"{RP}/backchannel-logout/tamper"),
    "authflow-all-a": client("authflow-all-a", "ES256", backchannel_logout_uri=f"{RP}/backchannel-logout/all-a"),
    "authflow-all-b": client("authflow-all-b", "RS256", backchannel_logout_uri=f"{RP}/backchannel-logout/all-b"),
    "authflow-fc": client(
        "authflow-fc", "RS256", frontchannel_logout_uri=f"{RP}/frontchannel-logout", frontchannel_logout_session_required=True
    ),
}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        log.info("%s %s", self.address_string(), format % args)

    def send(self, status, body=b"", content_type="text/plain", headers=()):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def cookies(self):
        header = self.headers.get("Cookie", "")
        pairs = [part.strip().split("=", 1) for part in header.split(";") if "=" in part]
        return [{"name": name, "value": value} for name, value in pairs]

    def http_info(self):
        return {
            "headers": {k.lower(): v for k, v in self.headers.items() if k.lower() not in ("cookie", "user-agent")},
            "method": self.command,
            "url": ISSUER + self.path,
            "cookie": self.cookies(),
        }

    def set_cookie_headers(self, specs):
        if isinstance(specs, dict):
            specs = [specs]
        headers = []
        for spec in specs or []:
            value = f"{spec['name']}={spec['value']}; Path=/"
            if spec.get("expires"):
                value += f"; Expires={spec['expires'].rstrip(';')}"
            headers.append(("Set-Cookie", value))
        return headers

    def do_GET(self):
        self.route()

    def do_POST(self):
        self.route()

    def route(self):
        try:
            url = urllib.parse.urlsplit(self.path)
            query = dict(urllib.parse.parse_qsl(url.query))
            if url.path == "/.well-known/openid-configuration":
                return self.endpoint("provider_config", query)
            if url.path == "/jwks":
                return self.send(200, json.dumps(context.keyjar.export_jwks(issuer_id=ISSUER)), "application/json")
            if url.path == "/authorization":
                return self.endpoint("authorization", query)
            if url.path == "/token":
                length = int(self.headers.get("Content-Length", "0"))
                form = dict(urllib.parse.parse_qsl(self.rfile.read(length).decode()))
                return self.endpoint("token", form)
            if url.path == "/end_session":
                return self.endpoint("session", query)
            if url.path == "/verify_logout":
                return self.verify_logout(query)
            self.send(404, "not found")
        except Exception:
            log.error("%s", traceback.format_exc())
            self.send(500, "internal error", headers=[("Connection", "close")])

    def endpoint(self, name, arguments):
        endpoint = server.get_endpoint(name)
        info = self.http_info()
        try:
            request = endpoint.parse_request(arguments, http_info=info)
        except Exception as error:
            log.info("%s: parse_request refused: %r", name, error)
            return self.send(400, json.dumps({"error": "invalid_request", "error_description": str(error)}), "application/json")
        if isinstance(request, ResponseMessage) and "error" in request:
            return self.send(400, request.to_json(), "application/json")
        try:
            if name == "token":
                args = endpoint.process_request(AccessTokenRequest(**request), http_info=info)
            else:
                args = endpoint.process_request(request, http_info=info)
        except Exception as error:
            log.info("%s: process_request refused: %s", name, traceback.format_exc())
            return self.send(400, json.dumps({"error": "invalid_request", "error_description": str(error)}), "application/json")
        if isinstance(args, ResponseMessage) and "error" in args:
            return self.send(400, args.to_json(), "application/json")
        if "redirect_location" in args:
            location = args["redirect_location"]
            if name == "session" and arguments.get("all") == "1":
                # The end-session request's extra parameter all=1 picks "log out of every client" on the
                # confirmation page below (idpyoidc's example asks the user with a form).
                location += "&all=1"
            return self.send(302, headers=[("Location", location)])
        response = endpoint.do_response(request=request, **args)
        headers = list(response.get("http_headers", []))
        headers += self.set_cookie_headers(response.get("cookie"))
        placement = response.get("response_placement", endpoint.response_placement)
        if placement == "url":
            headers.append(("Location", response["response"]))
            return self.send(302, headers=[h for h in headers if h[0].lower() != "content-type"])
        content_type = dict((k.lower(), v) for k, v in headers).get("content-type", "application/json")
        headers = [h for h in headers if h[0].lower() != "content-type"]
        return self.send(response.get("response_code", 200), response["response"], content_type, headers)

    def verify_logout(self, query):
        """The example app's confirmation page, confirmed at once: idpyoidc's signed `sjwt` says which session
        (sid) and where to go afterwards; do_verified_logout POSTs the logout tokens and returns the iframes."""
        endpoint = server.get_endpoint("session")
        info = endpoint.unpack_signed_jwt(query["sjwt"])
        frames = list(endpoint.do_verified_logout(alla=query.get("all") == "1", **info))
        cookies = []
        for spec in endpoint.kill_cookies():
            cookies += self.set_cookie_headers(spec)
        if frames:
            page = "<html><body>{}</body></html>".format(" ".join(frames))
            redirect = info["redirect_uri"]
            return self.send(200, page + f"<!-- then {redirect} -->", "text/html", cookies)
        return self.send(302, headers=[("Location", info["redirect_uri"])] + cookies)


httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
log.info("idpyoidc provider at %s, relying party at %s", ISSUER, RP)
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
try:
    httpd.serve_forever()
finally:
    shutil.rmtree(workdir, ignore_errors=True)
