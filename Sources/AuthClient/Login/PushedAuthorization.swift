// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Whether an authorization request's parameters are pushed to the provider first (RFC 9126), so that the
/// browser only carries `client_id` and a `request_uri`.
///
/// ```swift
/// let user = try await client.login(with: browser, options: .init(pushedAuthorization: .always))
/// ```
///
/// Whatever the choice, a provider that says `require_pushed_authorization_requests: true` (RFC 9126 §5)
/// gets a pushed request or none at all: the client never downgrades to a plain one.
public enum PushedAuthorization: Hashable, Sendable {
    /// Push when the provider requires it; otherwise send the parameters in the URL.
    case automatic
    /// Always push; a provider without a (secure) `pushed_authorization_request_endpoint` is an error
    /// (`AuthClientError.pushedAuthorizationUnavailable(_:)`).
    case always
    /// Never push; a provider that requires it is an error, not a silent downgrade.
    case never
}
