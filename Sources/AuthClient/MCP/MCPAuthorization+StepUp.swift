// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
public import AuthSession

extension MCPAuthorization {
    /// How many scope step-ups one ``send(_:as:stepUpWith:using:)`` makes at most ("no more than a few
    /// times", MCP 2025-11-25 "Step-Up Authorization Flow" step 4).
    static let maximumStepUps = 3

    /// Sends `request` with `user`'s tokens and answers a 403 `insufficient_scope` (RFC 6750 §3.1) with the
    /// MCP step-up authorization flow (2025-11-25, "Scope Challenge Handling"): a new login for the union of
    /// the scopes the grant has and the scopes the challenge asks for, then the request once more.
    ///
    /// ```swift
    /// let response = try await mcp.send(TransportRequest(method: .post, url: mcp.resource, body: call), as: user,
    ///                                   stepUpWith: SystemBrowser())
    /// ```
    ///
    /// The scopes asked for follow the specification's Scope Selection Strategy: the challenge's `scope`
    /// (authoritative for the request), else — when the server names none, as the MCP Python SDK's bearer
    /// middleware does, putting the scope in `error_description` only — the resource's `scopes_supported`
    /// (``resourceMetadata``). The `error_description` is never parsed: RFC 6750 §3 makes it human-readable
    /// text. The union keeps the grant's scopes first (its granted `scope`, else the scopes the client asked
    /// for), so a step-up never drops a permission already given. The new tokens replace the old ones under the
    /// same grant; `user` is the same object afterwards, holding them.
    ///
    /// Loop guard: one step-up per scope set. A second `insufficient_scope` for a set already stepped up
    /// for, a step-up that would ask for nothing the grant does not already have, or more than three step-ups
    /// in one call throw ``AuthClientError/stepUpRefused(scope:)``; nothing else is re-authorized then.
    /// Any other answer is returned as it came, and any other refusal is thrown as ``User/send(_:)`` throws it.
    public func send(
        _ request: TransportRequest, as user: User, stepUpWith userAgent: some UserAgent, using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> TransportResponse {
        var steppedUp: Set<Set<String>> = []
        var user = user
        while true {
            let challenged: [String]
            do {
                return try await user.send(request)
            } catch .insufficientScope(let scope) {
                challenged = scope
            }
            let needed = challenged.isEmpty ? (resourceMetadata.scopesSupported ?? []) : challenged
            let granted = try await grantedScopes(of: user)
            let union = granted + needed.filter { !granted.contains($0) }
            guard union.count > granted.count, steppedUp.count < Self.maximumStepUps, steppedUp.insert(Set(needed)).inserted else {
                throw .stepUpRefused(scope: union)
            }
            var options = AuthorizationRequest.Options(extraScopes: union.map(Scope.init(rawValue:)))
            options.resources = [resource]
            // The retry goes as the user the step-up signed in: the same object for the same account.
            user = try await client.login(with: userAgent, options: options, using: &generator)
        }
    }

    /// ``send(_:as:stepUpWith:using:)`` with the system's secure random number generator.
    public func send(_ request: TransportRequest, as user: User, stepUpWith userAgent: some UserAgent) async throws(AuthClientError)
        -> TransportResponse
    {
        var generator = SystemRandomNumberGenerator()
        return try await send(request, as: user, stepUpWith: userAgent, using: &generator)
    }

    /// The scopes the user's grant has: the token response's `scope` when the server sent one (RFC 6749
    /// §5.1), else the scopes the client asked for.
    private func grantedScopes(of user: User) async throws(AuthClientError) -> [String] {
        let tokens = try await user.validTokens()
        return tokens.scopes ?? client.configuration.scopes.map(\.rawValue)
    }
}
