// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

extension AuthClient {
    /// The configuration's and the provider's side of ``ClientConfiguration/fapi2Profile``, checked when the
    /// client is made: client authentication, DPoP, algorithms, request-object lifetime, and what the
    /// provider must offer (PAR, RFC 9207 `iss`, a JWT response mode for Message Signing).
    static func checkFAPI2(_ configuration: ClientConfiguration, _ metadata: ProviderMetadata) throws(AuthClientError) {
        guard let profile = configuration.fapi2Profile else { return }
        func refuse(_ violation: FAPI2Violation) -> AuthClientError { .fapi2Violation(violation) }
        // Security Profile §5.3.3.1: private_key_jwt (mTLS is not available here), aud the issuer.
        guard case .privateKeyJWT(let assertionKey, let audience) = configuration.clientAuthentication else {
            throw refuse(.clientAuthenticationNotAllowed(method: configuration.clientAuthentication.description))
        }
        guard audience == .issuer else { throw refuse(.clientAssertionAudienceNotIssuer) }
        // §5.3.3.1: sender-constrained tokens; a Bearer answer must be an error, not a downgrade.
        guard configuration.usesDPoP, configuration.requiresDPoPBoundTokens else { throw refuse(.senderConstrainedTokensRequired) }
        // §5.4.1: PS256, ES256, EdDSA for everything signed.
        let allowed = FAPI2Profile.allowedAlgorithms
        if let other = configuration.allowedAlgorithms.first(where: { !allowed.contains($0) }) {
            throw refuse(.algorithmNotAllowed(use: .idToken, algorithm: other.rawValue))
        }
        guard allowed.contains(assertionKey.key.algorithm) else {
            throw refuse(.algorithmNotAllowed(use: .clientAssertion, algorithm: assertionKey.key.algorithm.rawValue))
        }
        if let requestKey = configuration.requestObjectSigningKey?.key, !allowed.contains(requestKey.algorithm) {
            throw refuse(.algorithmNotAllowed(use: .requestObject, algorithm: requestKey.algorithm.rawValue))
        }
        if let userInfo = configuration.userInfoSignedResponseAlgorithm, !allowed.contains(userInfo) {
            throw refuse(.algorithmNotAllowed(use: .userInfo, algorithm: userInfo.rawValue))
        }
        guard configuration.requestObjectLifetimeSeconds <= FAPI2Profile.maximumRequestObjectLifetimeSeconds else {
            throw refuse(.requestObjectLifetimeTooLong(seconds: configuration.requestObjectLifetimeSeconds))
        }
        // §5.3.3.2: the provider offers PAR and the iss parameter. (S256 needs no check here: the client
        // sends nothing else, and ProviderMetadata refuses a document whose methods lack it.)
        guard metadata.pushedAuthorizationRequestEndpoint != nil else { throw refuse(.pushedAuthorizationEndpointMissing) }
        guard metadata.authorizationResponseIssuerParameterSupported else { throw refuse(.issuerParameterNotSupported) }
        if profile.requiresMessageSigning, let modes = metadata.responseModesSupported,
            !modes.contains(where: { ResponseMode(rawValue: $0).isJWT })
        {
            throw refuse(.jwtResponseModeNotSupported(advertised: modes))
        }
    }

    /// A login's options under the profile: a JWT response mode for Message Signing when none is asked for
    /// (`jwt`), a refusal when another is; the PAR and request-object choices are checked where they are
    /// made (`pushes(_:)`, `signsRequestObject(_:)`).
    func fapi2Options(_ options: AuthorizationRequest.Options) throws(AuthClientError) -> AuthorizationRequest.Options {
        guard let profile = configuration.fapi2Profile, profile.requiresMessageSigning else { return options }
        var options = options
        guard let mode = options.responseMode else {
            options.responseMode = .jwt
            return options
        }
        guard mode.isJWT else { throw .fapi2Violation(.responseModeNotJWT(mode.rawValue)) }
        return options
    }
}
