// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension OAuthErrorCode {
    // OpenID Client-Initiated Backchannel Authentication Core 1.0 §13 (authentication error response);
    // `invalid_request`, `invalid_scope`, `invalid_client`, `unauthorized_client` and `access_denied` as
    // RFC 6749 defines them, and §11's token errors as RFC 8628 does (`authorization_pending`, `slow_down`,
    // `expired_token`).
    /// `expired_login_hint_token`: the `login_hint_token` has expired.
    public static let expiredLoginHintToken = OAuthErrorCode(rawValue: "expired_login_hint_token")
    /// `unknown_user_id`: the provider could not identify the user from the hint.
    public static let unknownUserID = OAuthErrorCode(rawValue: "unknown_user_id")
    /// `missing_user_code`: the provider requires a `user_code` and the request had none.
    public static let missingUserCode = OAuthErrorCode(rawValue: "missing_user_code")
    /// `invalid_user_code`: the `user_code` is not the user's.
    public static let invalidUserCode = OAuthErrorCode(rawValue: "invalid_user_code")
    /// `invalid_binding_message`: the `binding_message` is not acceptable (too long, characters the
    /// authentication device cannot show).
    public static let invalidBindingMessage = OAuthErrorCode(rawValue: "invalid_binding_message")
    /// `transaction_failed` (§12, ping and push only): the authentication ended unsuccessfully.
    public static let transactionFailed = OAuthErrorCode(rawValue: "transaction_failed")

    /// Every code CIBA §13 adds for the backchannel authentication endpoint.
    public static let backchannelAuthenticationCodes: [OAuthErrorCode] = [
        .expiredLoginHintToken, .unknownUserID, .missingUserCode, .invalidUserCode, .invalidBindingMessage,
    ]
}
