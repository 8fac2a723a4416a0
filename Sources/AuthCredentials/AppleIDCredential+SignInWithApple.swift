// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback
import AuthJSON
public import AuthJWT

extension AppleIDCredential {
    /// Builds the credential from a Sign in with Apple `form_post` response and its identity token, after
    /// the caller has checked the response (state) and validated the token (signature, issuer, audience,
    /// expiry, nonce — `IDTokenValidator.signInWithApple(clientID:)`).
    ///
    /// ```swift
    /// let response = try AuthorizationResponse(formPostBody: body, expecting: .init(state: state, responseMode: .formPost))
    /// let token = try validator.validate(response.idToken ?? "", keys: appleKeys, now: now, nonce: hashedNonce)
    /// let credential = try AppleIDCredential(signInWithApple: response, identityToken: AppleIdentityToken(token),
    ///                                        requestedScopes: [.fullName, .email])
    /// ```
    ///
    /// - `user` is the token's `sub`; `email` the token's (signed) email, else the `user` JSON's;
    ///   `fullName` comes from the `user` JSON (`{"name":{"firstName":…,"lastName":…},"email":…}`), which
    ///   Apple sends on the first sign-in only and does **not** sign.
    /// - `authorizedScopes` lists the requested scopes the response actually carries.
    /// - Fails when the response's `id_token` is not exactly the validated token (all three segments), when the unsigned email differs
    ///   from the signed one, when `real_user_status` is not 0–2, or when the `user` JSON is malformed.
    public init(
        signInWithApple response: AuthorizationResponse, identityToken: AppleIdentityToken, requestedScopes: [AuthorizationScope]
    ) throws(AuthCredentialsError) {
        // The sent token must be the validated one exactly, signature included: a matching `header.payload.`
        // prefix is not enough. JWS decoding is strict base64url (one text per byte string), so equal
        // signing inputs and equal decoded signatures mean equal texts.
        let jws = identityToken.idToken.jwt.jws
        guard let sent = response.idToken, let sentJWS = try? JWS(compact: sent),
            sentJWS.signingInput == jws.signingInput, sentJWS.signature == jws.signature
        else { throw .identityTokenMismatch }

        let details = try response.user.map { (text) throws(AuthCredentialsError) in try Self.userDetails(text) }
        var email = identityToken.email
        if let unsigned = details?.email {
            if let email, !email.utf8.elementsEqual(unsigned.utf8) { throw .emailMismatch }
            email = email ?? unsigned
        }
        let status: UserDetectionStatus
        if let raw = identityToken.realUserStatus {
            guard let known = UserDetectionStatus(rawValue: raw) else { throw .invalidRealUserStatus(raw) }
            status = known
        } else {
            status = .unsupported
        }
        var scopes: [AuthorizationScope] = []
        if requestedScopes.contains(.fullName), details?.name != nil { scopes.append(.fullName) }
        if requestedScopes.contains(.email), email != nil { scopes.append(.email) }
        self.init(
            user: identityToken.user, state: response.state, authorizedScopes: scopes, authorizationCode: response.code,
            identityToken: sent, email: email, fullName: details?.name, realUserStatus: status)
    }

    /// Reads Sign in with Apple's `user` parameter. Unknown members are ignored; known ones must be strings.
    static func userDetails(_ text: String) throws(AuthCredentialsError) -> (name: PersonName?, email: String?) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text.utf8, options: .init(maximumInputSize: 16 * 1024, maximumDepth: 4))
        } catch {
            throw .invalidUserJSON("not JSON (\(error.code))")
        }
        guard let object = value.objectValue else { throw .invalidUserJSON("not an object") }
        func string(_ value: JSONValue?, _ path: String) throws(AuthCredentialsError) -> String? {
            guard let value, !value.isNull else { return nil }
            guard let text = value.stringValue else { throw .invalidUserJSON("'\(path)' is not a string") }
            return text
        }
        var name: PersonName? = nil
        if let member = object["name"], !member.isNull {
            guard let parts = member.objectValue else { throw .invalidUserJSON("'name' is not an object") }
            let parsed = PersonName(
                givenName: try string(parts["firstName"], "name.firstName"),
                middleName: try string(parts["middleName"], "name.middleName"),
                familyName: try string(parts["lastName"], "name.lastName"))
            name = parsed.isEmpty ? nil : parsed
        }
        return (name, try string(object["email"], "email"))
    }
}
