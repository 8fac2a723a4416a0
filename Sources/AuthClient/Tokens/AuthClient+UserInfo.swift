// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthHTTP
import AuthJSON
import AuthJWT

extension AuthClient {
    /// Reads a 200 userinfo response (OpenID Connect Core §5.3.2): plain JSON, or a signed JWT
    /// (`Content-Type: application/jwt`) verified first.
    ///
    /// ```swift
    /// let info = try await client.userInfo(from: response, expectedSubject: "alice")
    /// info.signingAlgorithm    // .es256 for a signed answer, nil for JSON
    /// ```
    ///
    /// For a signed answer, checked in this order before any claim is read: it is not encrypted (a five-part
    /// JWE is ``AuthClientError/encryptedUserInfo``: out of scope); its `alg` is the configuration's
    /// ``ClientConfiguration/userInfoSignedResponseAlgorithm`` when set, else one of the asymmetric
    /// ``ClientConfiguration/allowedAlgorithms`` that the provider's `userinfo_signing_alg_values_supported`
    /// lists (when it lists any) — `none` and HS256 never; the signature verifies with a key of the provider's
    /// JWK Set (fetched again once for an unknown `kid`, as for ID tokens); `iss`, when present, is the issuer;
    /// `aud`, when present, contains the client id (§5.3.2: both SHOULD be there); `exp` and `nbf`, when
    /// present, hold. Any failure is ``AuthClientError/invalidSignedUserInfo(reason:cause:)``.
    ///
    /// Then, signed or not: `sub` is present and, given `expectedSubject` (the ID token's `sub`), equal to it
    /// (``AuthClientError/userInfoSubjectMismatch``). A plain JSON answer when the configuration names a
    /// signing algorithm is ``AuthClientError/unsignedUserInfo(expectedAlgorithm:)``.
    public func userInfo(from response: TransportResponse, expectedSubject: String?) async throws(AuthClientError) -> UserInfo {
        let info: UserInfo
        if Self.isJWT(response.header("Content-Type")) {
            let token = Self.trimmed(Substring(String(decoding: response.body, as: UTF8.self)))
            let (claims, algorithm, keyID) = try await verifiedUserInfoClaims(token)
            info = try UserInfo(claims, signingAlgorithm: algorithm, signingKeyID: keyID)
        } else {
            if let expected = configuration.userInfoSignedResponseAlgorithm {
                throw .unsignedUserInfo(expectedAlgorithm: expected.rawValue)
            }
            info = try UserInfo(json: response.body)
        }
        if let expectedSubject, !info.subject.utf8.elementsEqual(expectedSubject.utf8) { throw .userInfoSubjectMismatch }
        return info
    }

    /// The claims of a signed userinfo JWT once its algorithm, signature, `iss` and `aud` are checked.
    func verifiedUserInfoClaims(_ token: String) async throws(AuthClientError) -> (JSONObject, JWSAlgorithm, String?) {
        if token.utf8.filter({ $0 == UInt8(ascii: ".") }).count == 4 { throw .encryptedUserInfo }
        var allowed: [JWSAlgorithm]
        if let registered = configuration.userInfoSignedResponseAlgorithm {
            // The registered algorithm, if the client's allow-list has it: registering one never widens the list.
            allowed = configuration.allowedAlgorithms.contains(registered) ? [registered] : []
        } else {
            allowed = configuration.allowedAlgorithms
            if let advertised = metadata.userinfoSigningAlgorithmsSupported {
                allowed = allowed.filter { advertised.contains($0.rawValue) }
            }
        }
        allowed = allowed.filter { $0 != .none && !$0.rawValue.hasPrefix("HS") }
        var validator = JWTValidator(allowedAlgorithms: allowed)
        validator.requiresExpiration = false
        validator.leewaySeconds = configuration.leewaySeconds
        let now = clock.now()
        let issuer = metadata.issuer
        let clientID = configuration.clientID
        func refused(_ error: AuthJWTError) -> AuthClientError {
            if case .encryptedTokenNotSupported = error { return .encryptedUserInfo }
            let reason: String =
                switch error {
                case .issuerMismatch: "its iss is not the issuer"
                case .audienceMismatch: "its aud does not contain the client id"
                case .algorithmNotAllowed, .unsecuredTokenRejected: "its alg is not one the client accepts for userinfo"
                default: "the userinfo JWT failed its checks"
                }
            return .invalidSignedUserInfo(reason: reason, cause: error)
        }
        return try await withProviderKeys(refused: refused) { (keys) throws(AuthJWTError) in
            let (jwt, key) = try validator.validate(token, keys: keys, now: now)
            if let actual = try jwt.claims.issuer, !actual.utf8.elementsEqual(issuer.utf8) {
                throw .issuerMismatch(expected: issuer, actual: actual)
            }
            if jwt.claims["aud"] != nil {
                let audience = try jwt.claims.audience
                guard audience.contains(where: { $0.utf8.elementsEqual(clientID.utf8) }) else {
                    throw .audienceMismatch(expected: clientID, actual: audience)
                }
            }
            return (jwt.claims.object, jwt.header.algorithm, key.keyID)
        }
    }

    /// Whether a `Content-Type` is `application/jwt` (parameters and case aside).
    static func isJWT(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map(Self.trimmed) ?? ""
        return mediaType.lowercased() == "application/jwt"
    }

    /// `text` without leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[first...last])
    }
}
