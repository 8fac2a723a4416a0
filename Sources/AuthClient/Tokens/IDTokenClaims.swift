// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON
public import AuthJWT

/// The claims of the user's validated ID token, with accessors for the standard profile claims (OpenID
/// Connect Core §5.1) and the authentication claims (`acr`, `amr`, `auth_time`, Core §2).
///
/// ```swift
/// let user = try await client.login(with: browser)
/// if let claims = await user.idTokenClaims {
///     greet(try claims.givenName ?? claims.name ?? "there")
///     let verified = try claims.emailVerified == true
/// }
/// ```
///
/// Kept on the ``User`` from the ID token of the login (or of the last refresh that brought one), and read
/// back from the stored tokens by ``AuthClient/resumeLastUser()``, so a resumed user has them without a
/// request. Each accessor is nil when the claim is absent and throws `AuthJWTError.invalidClaim` when it has
/// the wrong JSON type — never a guessed value. The claims are only what the provider put in the ID token:
/// many providers put the profile in the userinfo response instead (``User/fetchProfile(resolvingClaimSourcesWith:)``).
public struct IDTokenClaims: Sendable, Hashable {
    /// Every claim as sent, for anything not lifted out here.
    public let object: JSONObject

    /// Claims from a JSON object (an ID token's payload).
    public init(_ object: JSONObject) {
        self.object = object
    }

    /// The claims of an ID token, read without checking it: use only a token that was validated (as a
    /// ``User``'s was before it was kept).
    init(idToken: String) throws(AuthJWTError) {
        object = try JWT(compact: idToken).claims.object
    }

    private var claims: JWTClaims { JWTClaims(object) }

    /// A claim as sent, nil when absent.
    public subscript(name: String) -> JSONValue? { object[name] }

    /// `sub`.
    public var subject: String? { get throws(AuthJWTError) { try claims.subject } }
    /// `name`: the full name, displayable.
    public var name: String? { get throws(AuthJWTError) { try claims.string("name") } }
    /// `sid`: the provider's session (OpenID Connect Front-Channel Logout 1.0 §3, Back-Channel Logout 1.0
    /// §2.4), which a logout request names to end this session only.
    public var sessionID: String? { get throws(AuthJWTError) { try claims.string("sid") } }
    /// `given_name`.
    public var givenName: String? { get throws(AuthJWTError) { try claims.string("given_name") } }
    /// `family_name`.
    public var familyName: String? { get throws(AuthJWTError) { try claims.string("family_name") } }
    /// `middle_name`.
    public var middleName: String? { get throws(AuthJWTError) { try claims.string("middle_name") } }
    /// `nickname`.
    public var nickname: String? { get throws(AuthJWTError) { try claims.string("nickname") } }
    /// `preferred_username`: not unique, not stable (Core §5.1) — identify users by ``subject``.
    public var preferredUsername: String? { get throws(AuthJWTError) { try claims.string("preferred_username") } }
    /// `profile`: the URL of the profile page.
    public var profile: String? { get throws(AuthJWTError) { try claims.string("profile") } }
    /// `picture`: the URL of a profile picture.
    public var picture: String? { get throws(AuthJWTError) { try claims.string("picture") } }
    /// `website`.
    public var website: String? { get throws(AuthJWTError) { try claims.string("website") } }
    /// `email`: not necessarily verified — see ``emailVerified``.
    public var email: String? { get throws(AuthJWTError) { try claims.email } }
    /// `email_verified`.
    public var emailVerified: Bool? { get throws(AuthJWTError) { try claims.emailVerified } }
    /// `gender`.
    public var gender: String? { get throws(AuthJWTError) { try claims.string("gender") } }
    /// `birthdate`: `YYYY-MM-DD`, or `0000-MM-DD` / `YYYY` when partly withheld (Core §5.1).
    public var birthdate: String? { get throws(AuthJWTError) { try claims.string("birthdate") } }
    /// `zoneinfo`: a tz database name such as `Europe/Paris`.
    public var zoneinfo: String? { get throws(AuthJWTError) { try claims.string("zoneinfo") } }
    /// `locale`: a BCP 47 language tag such as `en-US` (some providers use `en_US`).
    public var locale: String? { get throws(AuthJWTError) { try claims.string("locale") } }
    /// `phone_number`.
    public var phoneNumber: String? { get throws(AuthJWTError) { try claims.string("phone_number") } }
    /// `phone_number_verified`.
    public var phoneNumberVerified: Bool? { get throws(AuthJWTError) { try claims.flag("phone_number_verified") } }
    /// `updated_at`: when the profile last changed.
    public var updatedAt: NumericDate? { get throws(AuthJWTError) { try claims.date("updated_at") } }
    /// `auth_time`: when the user last authenticated.
    public var authenticationTime: NumericDate? { get throws(AuthJWTError) { try claims.authenticationTime } }
    /// `acr`: the authentication context class the login satisfied.
    public var authenticationContextClass: AuthenticationContextClass? {
        get throws(AuthJWTError) { try claims.string("acr").map(AuthenticationContextClass.init(rawValue:)) }
    }
    /// `amr`: the methods the user authenticated with (RFC 8176); empty when absent.
    public var authenticationMethods: [AuthenticationMethodReference] {
        get throws(AuthJWTError) {
            guard let value = object["amr"] else { return [] }
            guard let array = value.arrayValue else { throw .invalidClaim("amr", expected: "an array of strings") }
            var methods: [AuthenticationMethodReference] = []
            for element in array {
                guard let text = element.stringValue else { throw .invalidClaim("amr", expected: "an array of strings") }
                methods.append(AuthenticationMethodReference(rawValue: text))
            }
            return methods
        }
    }
}

extension IDTokenClaims: CustomStringConvertible {
    /// The claim names only: values are personal data and stay out of logs.
    public var description: String {
        "IDTokenClaims(\(object.names.joined(separator: ", ")))"
    }
}
