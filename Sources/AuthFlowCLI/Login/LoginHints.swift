// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthSession

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A login's mistakes end quickly and say what to do: a loopback port that cannot be bound, a provider that
/// cannot be reached or refuses the authorization request before anyone signs in, and a wait that ends
/// without a redirect.
enum LoginHints {
    /// Why the loopback listener could not start, in words, with what to do.
    static func listenFailure(_ error: AuthSessionError, port: UInt16) -> String {
        let base = "cannot listen on 127.0.0.1 port \(port) for the redirect"
        if case .socketFailure("bind", let number) = error {
            if number == EADDRINUSE {
                return "\(base): the port is in use by another program (\(error)); choose another with --port PORT, "
                    + "or free it (a login still waiting in another terminal?)"
            }
            if number == EACCES {
                return "\(base): not permitted (\(error)); ports below 1024 need privileges: choose one above 1023 with --port PORT"
            }
        }
        return "\(base): \(error)"
    }

    /// Sends the authorization request once, without a browser and without following a redirect, so that a
    /// provider that cannot be reached (with a discovery document from the cache) or that refuses the request
    /// before any sign-in — an unknown client id, an unregistered redirect URI: an error page with 4xx (RFC 6749
    /// §4.1.2.1) — ends the login now, not after the wait. A URL with a PAR `request_uri` is not sent: it may be
    /// for one use only (RFC 9126 §4). Any answer that is not an error lets the login go on.
    static func checkAuthorizationEndpoint(
        _ url: String, endpoint: String, clientID: String, redirectURI: String, environment: LoginEnvironment
    ) throws(CLIError) {
        guard !url.contains("request_uri=") else { return }
        let request = TransportRequest(method: .get, url: url, headerFields: [HeaderField(name: "Accept", value: "text/html")])
        let transport = environment.transport
        let result = runBlocking { () async -> Result<TransportResponse, AuthHTTPError> in
            await Result { () async throws(AuthHTTPError) in try await transport.send(request) }
        }
        let shown = ServerText.printable(endpoint)
        switch result {
        case .failure(.transportFailed(let failure)):
            throw .failure(
                "cannot reach the provider's authorization endpoint \(shown) (\(ServerText.printable("\(failure)"))): check the "
                    + "network and the issuer, or try again when the provider is up; no browser was opened")
        case .failure:
            return
        case .success(let response) where (400..<500).contains(response.status) && response.status != 429:
            throw .failure(
                "the provider refused the authorization request before any sign-in (HTTP \(response.status) from \(shown)): "
                    + registrationHint(clientID: clientID, redirectURI: redirectURI) + "; no browser was opened")
        case .success(let response) where response.status >= 500:
            throw .failure(
                "the provider's authorization endpoint \(shown) answered HTTP \(response.status): it is failing; try again later")
        case .success:
            return
        }
    }

    /// The message of a wait that ended without a redirect of this login.
    static func timedOut(_ timeout: Duration, clientID: String, redirectURI: String) -> String {
        "no redirect of this login arrived within \(timeout.components.seconds) s [\(AuthSessionError.timedOut.code)]. If the "
            + "browser showed an error page of the provider: " + registrationHint(clientID: clientID, redirectURI: redirectURI)
            + ". To wait longer, give --timeout SECONDS"
    }

    /// What to check when the provider does not accept the client or its redirect URI.
    static func registrationHint(clientID: String, redirectURI: String) -> String {
        "check the client id '\(ServerText.printable(clientID))' and that the redirect URI \(redirectURI) is registered for it; "
            + "a provider that matches redirect URIs exactly (not any loopback port, RFC 8252 §7.3) needs a fixed port: "
            + "register http://127.0.0.1:PORT/callback and log in with --port PORT"
    }
}
