// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where WebFinger issuer discovery (OpenID Connect Discovery 1.0 §2, RFC 7033) stopped: carried by
/// ``AuthClientError/webFinger(_:)``.
///
/// ```swift
/// do {
///     let issuer = try await AuthClient.discoverIssuer(for: "joe@example.com", transport: transport)
/// } catch .webFinger(.noIssuerLink) {
///     askForTheProvider()
/// }
/// ```
public enum WebFingerRefusal: Hashable, Sendable {
    /// The user's input cannot be normalized (§2.1.2): empty, an XRI, no host (or an acct host that is not
    /// just a host and port), or not a URI.
    case invalidInput(String)
    /// The WebFinger resource answered with this HTTP status instead of 200.
    case status(Int)
    /// The answer is not a JSON Resource Descriptor (RFC 7033 §4.4): the reason says why.
    case invalidJSON(String)
    /// The JRD has no link with `rel` `http://openid.net/specs/connect/1.0/issuer` and an `href`.
    case noIssuerLink
    /// The issuer link is not an https URL with a host and without userinfo, query or fragment (Discovery §3).
    case insecureIssuer(String)
}

extension WebFingerRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .invalidInput(let reason): "the identifier cannot be normalized (§2.1.2): \(reason)"
        case .status(let status): "the WebFinger resource answered HTTP \(status)"
        case .invalidJSON(let reason): "the answer is not a JSON Resource Descriptor (RFC 7033 §4.4): \(reason)"
        case .noIssuerLink: "the answer has no http://openid.net/specs/connect/1.0/issuer link with an href"
        case .insecureIssuer(let issuer): "the issuer '\(issuer)' is not an https URL without userinfo, query or fragment"
        }
    }
}
