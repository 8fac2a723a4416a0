// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// A login started by someone else (OpenID Connect Core §4, third-party-initiated login): a provider or
/// another site sends the browser to the app's `initiate_login_uri` with `iss`, and optionally `login_hint`
/// and `target_link_uri`; the app checks them and starts an ordinary login at that issuer.
///
/// ```swift
/// let request = try ThirdPartyLoginRequest(
///     url: URI(parsing: incomingURL), trustedIssuers: ["https://login.example.com"],
///     allowedTargets: ["https://app.example.com/"])
/// let user = try await client.login(with: browser, options: request.loginOptions)
/// if let target = request.targetLinkURI { open(target) }      // on the allow-list: not an open redirect
/// ```
///
/// Checked: `iss` present once and one of `trustedIssuers` exactly (byte for byte); `login_hint` and
/// `target_link_uri` at most once; `target_link_uri`, when present, equal to an entry of `allowedTargets`, or
/// under an entry that ends with `/` (a prefix that ends at a path boundary, so `https://app.example.com/`
/// allows `https://app.example.com/orders/7` but not `https://app.example.com.evil.example/`), and free of
/// userinfo and backslashes, with a path that has no `.` or `..` segment (percent-encoded ones included) and
/// no encoded `/` or `\` (`%2f`, `%5c`), which would step out of the allowed prefix once resolved. Not
/// checked: that the request came from the provider (it is unauthenticated by design; the login that follows
/// authenticates the user).
public struct ThirdPartyLoginRequest: Hashable, Sendable {
    /// `iss`: the issuer to log in at.
    public let issuer: String
    /// `login_hint`: who the user probably is, passed on to the authorization request.
    public let loginHint: String?
    /// `target_link_uri`: where the app should take the user after the login; on the allow-list.
    public let targetLinkURI: String?

    /// Reads the parameters of a GET (query) or POST (form body) request and checks them (see the type's documentation).
    public init(parameters: [FormParameter], trustedIssuers: [String], allowedTargets: [String]) throws(AuthClientError) {
        func single(_ name: String) throws(AuthClientError) -> String? {
            let values = parameters.filter { $0.name == name }
            guard values.count <= 1 else { throw .thirdPartyLoginRefused(.malformed("\(name) is repeated")) }
            return values.first.map(\.value)
        }
        guard let issuer = try single("iss"), !issuer.isEmpty else { throw .thirdPartyLoginRefused(.malformed("no iss")) }
        guard trustedIssuers.contains(where: { $0.utf8.elementsEqual(issuer.utf8) }) else {
            throw .thirdPartyLoginRefused(.untrustedIssuer(issuer))
        }
        let target = try single("target_link_uri")
        if let target {
            guard Self.isAllowed(target, allowedTargets) else { throw .thirdPartyLoginRefused(.untrustedTarget(target)) }
        }
        self.issuer = issuer
        loginHint = try single("login_hint").flatMap { $0.isEmpty ? nil : $0 }
        targetLinkURI = target
    }

    /// The parameters of `url`'s query (a GET to the `initiate_login_uri`).
    public init(url: URI, trustedIssuers: [String], allowedTargets: [String]) throws(AuthClientError) {
        let parameters: [FormParameter]
        do {
            parameters = try url.queryParameters()
        } catch {
            throw .thirdPartyLoginRefused(.malformed("the query cannot be read"))
        }
        try self.init(parameters: parameters, trustedIssuers: trustedIssuers, allowedTargets: allowedTargets)
    }

    /// The options for the login to start: the `login_hint`, when there is one.
    public var loginOptions: LoginOptions {
        LoginOptions(loginHint: loginHint)
    }

    private static func isAllowed(_ target: String, _ allowed: [String]) -> Bool {
        guard !target.contains("\\"), let uri = try? URI(parsing: target), uri.userinfo == nil, uri.host != nil,
            isPlainPath(uri.path)
        else { return false }
        return allowed.contains { entry in
            target.utf8.elementsEqual(entry.utf8) || (entry.hasSuffix("/") && target.utf8.starts(with: entry.utf8))
        }
    }

    /// A path a browser or server will not move out of the allowed prefix: no `.` or `..` segment (RFC 3986
    /// §5.2.4 removes them after our prefix check), percent-encoded ones (`%2e`, any case) included, and no
    /// encoded `/` or `\` (`%2f`, `%5c`), which some servers decode into segment separators.
    private static func isPlainPath(_ path: String) -> Bool {
        let lowered = path.lowercased()
        guard !lowered.contains("%2f"), !lowered.contains("%5c") else { return false }
        return !lowered.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
            let decoded = segment.replacing("%2e", with: ".")
            return decoded == "." || decoded == ".."
        }
    }
}
