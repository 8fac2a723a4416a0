// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthURLSession
import Foundation

/// The test user's browser on DOT's device pages, over plain HTTP as a browser does it: Django's sign-in
/// form, then DOT's user-code form and its accept/deny form, each POST with the `csrftoken` and
/// `sessionid` cookies and the form's `csrfmiddlewaretoken`. Redirects are read, not followed.
struct DjangoBrowser {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let issuer: String
    let username: String
    let password: String
    let transport = URLSessionTransport(timeout: 10)
    private(set) var cookies: [String: String] = [:]

    init(issuer: String, username: String, password: String) {
        self.issuer = issuer
        self.username = username
        self.password = password
    }

    /// Django's sign-in page (`/accounts/login/`), on to DOT's user-code page.
    mutating func signIn() async throws {
        let page = try await send(.get, "/accounts/login/?next=/device/", expecting: 200)
        let answer = try await send(
            .post, "/accounts/login/",
            form: [
                FormParameter(name: "csrfmiddlewaretoken", value: try Self.csrfToken(in: page)),
                FormParameter(name: "username", value: username), FormParameter(name: "password", value: password),
                FormParameter(name: "next", value: "/device/"),
            ], expecting: 302)
        guard answer.header("Location") == "/device/", cookies["sessionid"] != nil else {
            throw Failure(description: "the sign-in did not start a session (Location \(answer.header("Location") ?? "none"))")
        }
    }

    /// Opens `verification_uri_complete`, submits the user code, then `action` ("accept" or "deny") on
    /// the confirmation page it leads to.
    mutating func decide(userCode: String, entering authorization: DeviceAuthorization, action: String) async throws {
        let url = authorization.verificationURIComplete ?? authorization.verificationURI
        let page = try await send(.get, url, expecting: 200)
        let submitted = try await send(
            .post, authorization.verificationURI,
            form: [
                FormParameter(name: "csrfmiddlewaretoken", value: try Self.csrfToken(in: page)),
                FormParameter(name: "user_code", value: userCode),
            ], expecting: 302)
        guard let confirm = submitted.header("Location"), confirm.contains(userCode) else {
            throw Failure(description: "the user code was not accepted")
        }
        let confirmation = try await send(.get, confirm, expecting: 200)
        let decided = try await send(
            .post, confirm,
            form: [
                FormParameter(name: "csrfmiddlewaretoken", value: try Self.csrfToken(in: confirmation)),
                FormParameter(name: "action", value: action),
            ], expecting: 302)
        guard decided.header("Location")?.contains("device-grant-status") == true else {
            throw Failure(description: "the \(action) was not recorded")
        }
    }

    private mutating func send(
        _ method: TransportRequest.Method, _ path: String, form: [FormParameter]? = nil, expecting status: Int
    ) async throws -> TransportResponse {
        var request = TransportRequest(method: method, url: path.hasPrefix("/") ? issuer + path : path)
        if !cookies.isEmpty {
            request.setHeader("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
        }
        if let form {
            request.setHeader("Content-Type", "application/x-www-form-urlencoded")
            request.body = Array(FormParameter.encode(form).utf8)
        }
        let response = try await transport.send(request)
        for field in response.headerFields where field.hasName("Set-Cookie") {
            for name in ["csrftoken", "sessionid"] { if let value = Self.cookie(name, in: field.value) { cookies[name] = value } }
        }
        guard response.status == status else {
            throw Failure(description: "\(method.rawValue) \(path) answered \(response.status), expected \(status)")
        }
        return response
    }

    /// The value of cookie `name` in a `Set-Cookie` field (which URLSession may have joined with commas).
    static func cookie(_ name: String, in field: String) -> String? {
        guard let start = field.range(of: name + "=")?.upperBound else { return nil }
        let value = field[start...].prefix { $0 != ";" && $0 != "," && $0 != " " }
        return value.isEmpty ? nil : String(value)
    }

    /// The hidden `csrfmiddlewaretoken` of the page's form.
    static func csrfToken(in page: TransportResponse) throws -> String {
        let html = String(decoding: page.body, as: UTF8.self)
        guard let start = html.range(of: #"name="csrfmiddlewaretoken" value=""#)?.upperBound,
            let end = html[start...].firstIndex(of: "\"")
        else { throw Failure(description: "the page has no CSRF token") }
        return String(html[start..<end])
    }
}
