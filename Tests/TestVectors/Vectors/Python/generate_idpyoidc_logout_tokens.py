# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Logout tokens issued by IdentityPython's idpyoidc 5.0.0, recorded as it POSTed them (Back-Channel Logout 1.0).

Run, from the repository root, with the venv of .ci/interop-logout (`pip install -r .ci/idpyoidc-requirements.txt`):
    .build/logout-interop-venv/bin/python Tests/TestVectors/Vectors/Python/generate_idpyoidc_logout_tokens.py \\
        > Tests/TestVectors/Vectors/Python/idpyoidc-logout-tokens.json
New keys, sessions and times on every run. It starts .ci/idpyoidc-provider.py (idpyoidc's endpoints behind HTTP glue)
on 127.0.0.1, listens on the relying-party port its clients are registered with, logs "diana" in to three clients
(authorization code + PKCE at idpyoidc's endpoints, as a browser with a cookie would), then asks idpyoidc's
end-session endpoint to log out of every client: idpyoidc signs a logout token for each back-channel client and
POSTs it to that client's backchannel_logout_uri, where this script records the form body as it arrived. Nothing
in a token is written here: each case is what idpyoidc sent, with the ID token idpyoidc issued to that client (its
`sid` is the session the logout token must name), the provider's public JWK Set from its jwks_uri, and the time
the token was issued (`now` = its iat) at which AuthFlow validates it.
"""
import base64, hashlib, http.server, json, os, secrets, socket, subprocess, sys, threading, time
import urllib.error, urllib.parse, urllib.request

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "..", ".."))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


port, rp_port = free_port(), free_port()
ISSUER = f"http://127.0.0.1:{port}"
received = []


class RelyingParty(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        received.append((self.path, body))
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


rp = http.server.ThreadingHTTPServer(("127.0.0.1", rp_port), RelyingParty)
threading.Thread(target=rp.serve_forever, daemon=True).start()
provider = subprocess.Popen(
    [sys.executable, os.path.join(ROOT, ".ci", "idpyoidc-provider.py"), str(port), str(rp_port)],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


opener = urllib.request.build_opener(NoRedirect)
cookies = {}


def get(url, data=None, headers=None, browser=True):
    """A GET (or a POST with data) with the browser's cookies, or without any (browser=False: the client's own
    request to the token endpoint, whose answer sets a cookie of its own that no browser sees)."""
    request = urllib.request.Request(url, data=data, headers=dict(headers or {}))
    if cookies and browser:
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in cookies.items()))
    try:
        response = opener.open(request, timeout=20)
    except urllib.error.HTTPError as error:
        response = error
    for header in (response.headers.get_all("Set-Cookie") or []) if browser else []:
        name, _, value = header.split(";")[0].partition("=")
        if value:
            cookies[name] = value
        else:
            cookies.pop(name, None)
    return response.status, response.headers.get("Location"), response.read().decode()


def login(client_id):
    verifier = secrets.token_urlsafe(32)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    query = {"response_type": "code", "client_id": client_id, "redirect_uri": "com.example.authflow:/callback",
             "scope": "openid", "state": secrets.token_urlsafe(8), "nonce": secrets.token_urlsafe(8),
             "code_challenge": challenge, "code_challenge_method": "S256"}
    status, location, _ = get(ISSUER + "/authorization?" + urllib.parse.urlencode(query))
    code = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))["code"]
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": "com.example.authflow:/callback",
            "code_verifier": verifier}
    basic = base64.b64encode(f"{client_id}:idpy-secret".encode()).decode()
    status, _, body = get(ISSUER + "/token", urllib.parse.urlencode(form).encode(),
                          {"Authorization": "Basic " + basic, "Content-Type": "application/x-www-form-urlencoded"}, browser=False)
    assert status == 200, body
    return json.loads(body)["id_token"]


try:
    for _ in range(150):
        try:
            urllib.request.urlopen(ISSUER + "/.well-known/openid-configuration", timeout=1).read()
            break
        except Exception:
            time.sleep(0.2)
    id_tokens = {client: login(client) for client in ("authflow-all-a", "authflow-all-b", "authflow-fc")}
    end = {"id_token_hint": id_tokens["authflow-fc"], "post_logout_redirect_uri": f"http://127.0.0.1:{rp_port}/after-logout",
           "all": "1"}
    status, location, body = get(ISSUER + "/end_session?" + urllib.parse.urlencode(end))
    assert status == 302, body
    get(location)
    jwks = json.loads(urllib.request.urlopen(ISSUER + "/jwks", timeout=5).read())
finally:
    provider.terminate()
    provider.wait()
    rp.shutdown()


def claims(jwt):
    return json.loads(base64.urlsafe_b64decode(jwt.split(".")[1] + "=="))


cases = []
for path, body in sorted(received):
    token = dict(urllib.parse.parse_qsl(body))["logout_token"]
    client = path.rsplit("/", 1)[1]
    client_id = {"all-a": "authflow-all-a", "all-b": "authflow-all-b"}[client]
    header = json.loads(base64.urlsafe_b64decode(token.split(".")[0] + "=="))
    cases.append({"name": f"{header['alg']} logout token for {client_id}", "clientID": client_id, "form": body,
                  "token": token, "idToken": id_tokens[client_id], "now": claims(token)["iat"]})
assert len(cases) == 2, received
json.dump({"source": "idpyoidc 5.0.0 (IdentityPython, PyPI), POSTed over HTTP; "
                     "Tests/TestVectors/Vectors/Python/generate_idpyoidc_logout_tokens.py",
           "issuer": ISSUER, "jwks": jwks, "cases": cases}, sys.stdout, indent=1)
print()
