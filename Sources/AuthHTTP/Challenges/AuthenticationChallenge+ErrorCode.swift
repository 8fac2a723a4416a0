// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthenticationChallenge {
    /// An OAuth error code in a challenge (RFC 6750 §3.1 and the RFCs that extend it).
    ///
    /// An open set: a server may send any code, and ``rawValue`` keeps it exactly as sent.
    ///
    /// ```swift
    /// if challenge.error == .insufficientUserAuthentication { /* log in again with challenge.acrValues */ }
    /// ```
    public struct ErrorCode: RawRepresentable, Hashable, Sendable {
        /// The code as the server sent it.
        public var rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }

        /// The request is malformed (RFC 6750 §3.1): HTTP 400.
        public static let invalidRequest = ErrorCode(rawValue: "invalid_request")
        /// The access token is expired, revoked or malformed (RFC 6750 §3.1): refresh and retry once.
        public static let invalidToken = ErrorCode(rawValue: "invalid_token")
        /// The token lacks the scope the request needs (RFC 6750 §3.1): HTTP 403, `scope` says which.
        public static let insufficientScope = ErrorCode(rawValue: "insufficient_scope")
        /// The user's authentication is too weak or too old (RFC 9470 §3): log in again with the
        /// challenge's `acr_values` and `max_age`.
        public static let insufficientUserAuthentication = ErrorCode(rawValue: "insufficient_user_authentication")
        /// The DPoP proof is invalid (RFC 9449 §7.1).
        public static let invalidDPoPProof = ErrorCode(rawValue: "invalid_dpop_proof")
        /// The resource wants a DPoP proof carrying the nonce in its `DPoP-Nonce` header (RFC 9449 §9).
        public static let useDPoPNonce = ErrorCode(rawValue: "use_dpop_nonce")
    }
}
