// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An error from the AuthPKCE module: a verifier, challenge, state or nonce that breaks its rules.
///
/// Each case has a stable numeric ``code`` that never changes across releases. Descriptions name the
/// rule and the RFC section but never repeat a verifier, state or nonce, which are secrets.
public enum AuthPKCEError: Error, Hashable, Sendable {
    /// A verifier (or a requested verifier length) of this many characters; RFC 7636 §4.1 allows 43...128.
    case invalidVerifierLength(Int)
    /// A verifier character at `offset` (UTF-8 bytes) outside `A–Z a–z 0–9 - . _ ~` (RFC 7636 §4.1).
    case invalidVerifierCharacter(offset: Int)
    /// A challenge method other than `S256` or `plain` was asked to compute or accept a challenge.
    case unsupportedChallengeMethod(CodeChallengeMethod)
    /// A received challenge that is not valid for its method (RFC 7636 §4.2).
    case invalidChallenge(method: CodeChallengeMethod)
    /// An empty `state`.
    case emptyState
    /// A `state` character at `offset` outside printable ASCII (RFC 6749 Appendix A.5).
    case invalidStateCharacter(offset: Int)
    /// An empty `nonce`.
    case emptyNonce
    /// A `nonce` character at `offset` outside printable ASCII.
    case invalidNonceCharacter(offset: Int)

    /// A stable number for the case: 3001 and up.
    public var code: Int {
        switch self {
        case .invalidVerifierLength: 3001
        case .invalidVerifierCharacter: 3002
        case .unsupportedChallengeMethod: 3003
        case .invalidChallenge: 3004
        case .emptyState: 3005
        case .invalidStateCharacter: 3006
        case .emptyNonce: 3007
        case .invalidNonceCharacter: 3008
        }
    }
}

extension AuthPKCEError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .invalidVerifierLength(let length):
                "a code verifier must be 43 to 128 characters long (RFC 7636 §4.1), not \(length)"
            case .invalidVerifierCharacter(let offset):
                "the code verifier character at byte offset \(offset) is not one of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1)"
            case .unsupportedChallengeMethod(let method):
                "code challenge method '\(method.rawValue)' is not supported; use S256 (or plain, explicitly)"
            case .invalidChallenge(let method):
                method == .s256
                    ? "an S256 code challenge must be 43 base64url characters encoding 32 bytes (RFC 7636 §4.2)"
                    : "a plain code challenge must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.2)"
            case .emptyState:
                "the state value is empty"
            case .invalidStateCharacter(let offset):
                "the state character at byte offset \(offset) is not printable ASCII (RFC 6749 Appendix A.5)"
            case .emptyNonce:
                "the nonce value is empty"
            case .invalidNonceCharacter(let offset):
                "the nonce character at byte offset \(offset) is not printable ASCII"
            }
        return "AuthPKCEError \(code): \(reason)"
    }
}
