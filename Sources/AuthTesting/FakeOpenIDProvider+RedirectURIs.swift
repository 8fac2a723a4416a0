// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

extension FakeOpenIDProvider {
    /// Whether `redirectURI` is one of the configured `redirectURIs` — exactly, or, for a registered
    /// loopback `http` redirect URI (`http://127.0.0.1/callback`, `http://[::1]:8080/cb`), with any port:
    /// RFC 8252 §7.3 says the authorization server MUST allow any port at request time, since a native app
    /// binds whichever port is free. Scheme, host and path (and query) must still match exactly;
    /// `localhost` gets no such allowance (§8.3).
    ///
    /// ```swift
    /// configuration.redirectURIs = ["http://127.0.0.1/callback"]
    /// provider.isRegisteredRedirectURI("http://127.0.0.1:53124/callback")   // true
    /// provider.isRegisteredRedirectURI("http://127.0.0.1:53124/other")      // false
    /// ```
    public func isRegisteredRedirectURI(_ redirectURI: String) -> Bool {
        Self.redirectURI(redirectURI, isAmong: configuration.redirectURIs)
    }

    /// Whether `redirectURI` is one of `registered`, a loopback one on any port (RFC 8252 §7.3).
    static func redirectURI(_ redirectURI: String, isAmong registered: [String]) -> Bool {
        if registered.contains(redirectURI) { return true }
        guard let requested = loopbackWithoutPort(redirectURI) else { return false }
        return registered.contains { loopbackWithoutPort($0) == requested }
    }

    /// A loopback http URI with its port removed, or nil for any other URI.
    private static func loopbackWithoutPort(_ text: String) -> String? {
        guard let uri = try? URI(parsing: text), uri.scheme == "http", uri.fragment == nil,
            let host = uri.host, host == "127.0.0.1" || host == "[::1]" || host == "::1"
        else { return nil }
        return "http://\(host)\(uri.path)" + (uri.query.map { "?" + $0 } ?? "")
    }
}
