// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension FakeOpenIDProvider {
    /// Ways the CIBA side misbehaves (``Configuration/backchannelMisbehaviour``), each a rule of OpenID CIBA
    /// Core 1.0 broken, for a client's failing-first tests.
    ///
    /// ```swift
    /// var configuration = FakeOpenIDProvider.Configuration()
    /// configuration.backchannelMisbehaviour = .namesAnotherRequestInIDToken
    /// ```
    public enum BackchannelMisbehaviour: Sendable, Hashable, CaseIterable {
        /// The acknowledgement has no `auth_req_id` (§7.3 requires it).
        case omitsAuthRequestID
        /// The acknowledgement has no `expires_in` (§7.3 requires it).
        case omitsExpiresIn
        /// The metadata lists only `ping` in `backchannel_token_delivery_modes_supported` (§4), not `poll`.
        case offersPingOnly
        /// The ID token's `urn:openid:params:jwt:claim:auth_req_id` names another request (§10.1.1).
        case namesAnotherRequestInIDToken
        /// The token response has no ID token (CIBA is OpenID Connect: §10.1.1 requires one).
        case omitsIDToken
        /// Pings and pushes carry another bearer token than the request's `client_notification_token` (§10.2, §10.3).
        case notifiesWithWrongBearerToken
        /// Pings and pushes name an `auth_req_id` the client never got (§10.2).
        case notifiesUnknownRequest
        /// The pushed ID token's `at_hash` is not the pushed access token's (§10.3.1).
        case pushesWrongAccessTokenHash
        /// The pushed ID token has no `urn:openid:params:jwt:claim:rt_hash` although a refresh token is pushed (§10.3.1).
        case pushesWithoutRefreshTokenHash
        /// The pushed ID token's `urn:openid:params:jwt:claim:auth_req_id` names another request (§10.3.1).
        case pushesAnotherRequestIDClaim
    }
}
