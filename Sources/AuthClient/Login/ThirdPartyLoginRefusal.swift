// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Why a third-party-initiated login request (OpenID Connect Core §4) was refused: carried by
/// ``AuthClientError/thirdPartyLoginRefused(_:)``.
///
/// ```swift
/// catch .thirdPartyLoginRefused(.untrustedTarget(let target)) { log("open redirect attempt to \(target)") }
/// ```
public enum ThirdPartyLoginRefusal: Hashable, Sendable {
    /// The request cannot be read: no `iss`, a parameter repeated, or an unreadable query or body.
    case malformed(String)
    /// `iss` is not one of the issuers the app trusts.
    case untrustedIssuer(String)
    /// `target_link_uri` is not on the app's list: following it would make the app an open redirector (§4).
    case untrustedTarget(String)
}

extension ThirdPartyLoginRefusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .malformed(let reason): "the request is malformed: \(reason)"
        case .untrustedIssuer(let issuer): "the issuer '\(issuer)' is not one the app trusts"
        case .untrustedTarget(let target): "target_link_uri '\(target)' is not on the app's list (an open redirect)"
        }
    }
}
