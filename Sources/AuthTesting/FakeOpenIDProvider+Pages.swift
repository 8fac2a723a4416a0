// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthSession

/// The pages a person (or `curl`) uses through ``FakeProviderServer``: the sign-in page at `GET /authorize`
/// (RFC 6749 §4.1.1) and the device verification page at `/device` (RFC 8628 §3.3). Every value from a
/// request is HTML-escaped. There are no passwords: the person picks a configured user, as in a test.
extension FakeOpenIDProvider {
    /// `GET /authorize?…`: the request is checked as `authorize(_:as:counted:)` does, and the page offers
    /// the configured users with Approve and Deny. A request that cannot be redirected gets an error page.
    func authorizationPage(_ request: TransportRequest) -> TransportResponse {
        guard let uri = try? URI(parsing: request.url) else {
            return Self.page(400, "Bad request", "The authorization URL does not parse.")
        }
        let query = uri.query ?? ""
        let parameters = (try? uri.queryParameters()) ?? []
        let client = parameters.first { $0.name == "client_id" }?.value ?? "(none)"
        // As a real provider does, an unknown client or redirect URI gets an error page, never a redirect
        // (RFC 6749 §4.1.2.1). A pushed request (request_uri) is checked when the page is submitted; a
        // request object (RFC 9101) is verified first, and its redirect_uri is the one checked.
        if parameters.contains(where: { $0.name == "request" }) {
            do {
                let inner = try requestObjectParameters(parameters)
                guard let registered = self.client(client),
                    let redirectURI = inner.first(where: { $0.name == "redirect_uri" })?.value,
                    Self.redirectURI(redirectURI, isAmong: registered.redirectURIs)
                else {
                    return Self.page(400, "Sign-in refused", "The redirect_uri is not registered for this client.")
                }
            } catch {
                return Self.page(400, "Sign-in refused", "invalid_request_object: \(Self.escape(error.reason))")
            }
        } else if !parameters.contains(where: { $0.name == "request_uri" }) {
            guard let registered = self.client(client) else {
                return Self.page(400, "Sign-in refused", "Unknown client_id \(Self.escape(client)).")
            }
            guard let redirectURI = parameters.first(where: { $0.name == "redirect_uri" })?.value,
                Self.redirectURI(redirectURI, isAmong: registered.redirectURIs)
            else {
                return Self.page(400, "Sign-in refused", "The redirect_uri is not registered for this client.")
            }
        }
        let scope = parameters.first { $0.name == "scope" }?.value ?? ""
        return Self.page(
            200, "Sign in to the fake provider",
            """
            <p>The app <b>\(Self.escape(client))</b> asks for: <code>\(Self.escape(scope))</code></p>
            \(decisionForm(action: "/authorize", field: "<input type=\"hidden\" name=\"query\" value=\"\(Self.escape(query))\">"))
            """)
    }

    /// `POST /authorize` (`query`, `user`, `decision`): the redirect back to the app, as a 302 — or an error
    /// page when the request cannot be redirected (unknown client or redirect URI, RFC 6749 §4.1.2.1).
    func submitAuthorizationPage(_ request: TransportRequest) -> TransportResponse {
        let form = (try? FormParameter.parse(request.body)) ?? []
        func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
        let base = request.url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request.url
        guard let uri = try? URI(parsing: base + "?" + (value("query") ?? "")) else {
            return Self.page(400, "Bad request", "The authorization request does not parse.")
        }
        let authorization: Authorization = value("decision") == "approve" ? .approve(subject: value("user") ?? "") : .deny
        do {
            let (location, formBody) = try authorize(uri, as: authorization, counted: false)
            guard let formBody else {
                return TransportResponse(status: 302, headerFields: [HeaderField(name: "Location", value: location)])
            }
            // form_post and form_post.jwt (OAuth 2.0 Form Post Response Mode §2): a form the browser submits.
            let fields = ((try? FormParameter.parse(formBody)) ?? []).map {
                "<input type=\"hidden\" name=\"\(Self.escape($0.name))\" value=\"\(Self.escape($0.value))\">"
            }
            return Self.page(
                200, "Signing you in",
                """
                <form method="post" action="\(Self.escape(location))">\(fields.joined())<button>Continue</button></form>
                <script>document.forms[0].submit()</script>
                """)
        } catch {
            return Self.page(400, "Sign-in refused", Self.escape("\(error)"))
        }
    }

    /// `GET /device[?user_code=…]`: a form to enter (or confirm) the user code and approve or deny.
    func deviceVerificationPage(_ request: TransportRequest) -> TransportResponse {
        let parameters = (try? URI(parsing: request.url).queryParameters()) ?? []
        let code = parameters.first { $0.name == "user_code" }?.value ?? ""
        return Self.page(
            200, "Connect a device",
            """
            <p>Enter the code shown on your device. Only enter a code from a screen you are holding (RFC 8628 §5.4).</p>
            \(decisionForm(action: "/device", field: "<input name=\"user_code\" value=\"\(Self.escape(code))\" autocomplete=\"off\">"))
            """)
    }

    /// `POST /device` (`user_code`, `user`, `decision`): approves or denies that device login.
    func submitDeviceVerificationPage(_ request: TransportRequest) -> TransportResponse {
        let form = (try? FormParameter.parse(request.body)) ?? []
        func value(_ name: String) -> String? { form.first { $0.name == name }?.value }
        let code = value("user_code") ?? ""
        if value("decision") == "approve" {
            let user = value("user") ?? ""
            guard configuration.users[user] != nil else { return Self.page(400, "Unknown user", "No user '\(Self.escape(user))'.") }
            return approveDevice(userCode: code, as: user)
                ? Self.page(200, "Device connected", "Signed in as \(Self.escape(user)). Return to your device.")
                : Self.page(400, "Unknown code", "No device is waiting for the code \(Self.escape(code)).")
        }
        return denyDevice(userCode: code)
            ? Self.page(200, "Request denied", "The device was not connected.")
            : Self.page(400, "Unknown code", "No device is waiting for the code \(Self.escape(code)).")
    }

    /// A form posting to `action` with `field`, a choice of the configured users, and Approve / Deny.
    private func decisionForm(action: String, field: String) -> String {
        let options = configuration.users.keys.sorted().map { "<option>\(Self.escape($0))</option>" }.joined()
        return """
            <form method="post" action="\(action)">
            \(field)
            <label>User <select name="user">\(options)</select></label>
            <button name="decision" value="approve">Approve</button> <button name="decision" value="deny">Deny</button>
            </form>
            """
    }

    private static func escape(_ text: String) -> String { HTTPRequest.escapingHTML(text) }

    private static func page(_ status: Int, _ title: String, _ body: String) -> TransportResponse {
        let html =
            "<!doctype html><html><head><meta charset=\"utf-8\"><title>\(title)</title></head><body><h1>\(title)</h1>\(body)</body></html>"
        return TransportResponse(
            status: status,
            headerFields: [
                HeaderField(name: "Content-Type", value: "text/html; charset=utf-8"), HeaderField(name: "Cache-Control", value: "no-store"),
                HeaderField(name: "X-Frame-Options", value: "DENY"),
            ],
            body: Array(html.utf8))
    }
}
