// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// What an OpenID Provider (OpenID Connect Discovery 1.0 §3) or a plain OAuth 2.0 authorization server
/// (RFC 8414 §2) says about itself, read strictly: the endpoints the client uses and the capabilities it
/// checks.
///
/// ```swift
/// let metadata = try ProviderMetadata(json: body, expectedIssuer: "https://login.example.com")
/// metadata.tokenEndpoint           // "https://login.example.com/oauth/token"
/// ```
///
/// Or, for a provider without discovery, from known endpoints:
/// ```swift
/// let metadata = ProviderMetadata(issuer: "https://login.example.com",
///     authorizationEndpoint: "https://login.example.com/authorize",
///     tokenEndpoint: "https://login.example.com/token", jwksURI: "https://login.example.com/jwks")
/// let oauthOnly = ProviderMetadata(issuer: "https://auth.example.com",   // a plain OAuth 2.0 server
///     authorizationEndpoint: "https://auth.example.com/authorize",
///     tokenEndpoint: "https://auth.example.com/token", jwksURI: nil)
/// ```
///
/// Checked when read: the body is a JSON object; `issuer` equals the expected issuer exactly (§4.3 — a
/// mismatch is a possible impersonation); `authorization_endpoint` and `token_endpoint` are present;
/// every endpoint is https (or loopback http when allowed, see ``ClientConfiguration``), `jwks_uri`
/// included when there is one; when `code_challenge_methods_supported` is present it includes `S256`
/// (RFC 8414 §2) — the client never falls back to `plain`. Not checked: that the provider honours PKCE
/// (see Docs/Interop.md).
///
/// `jwks_uri` is optional, as RFC 8414 §2 makes it: a plain OAuth 2.0 server has no ID tokens to sign.
/// OpenID Connect Discovery §3 makes it REQUIRED, but whether a document was meant as one is not known
/// from the document, so the rule is where it matters: a client that must validate an ID token signed
/// with the provider's keys, with metadata without `jwks_uri`, fails then with
/// ``AuthClientError/endpointNotAvailable(_:)`` `("jwks_uri")` — never earlier, never silently. A client
/// whose scopes lack `openid` (``ClientConfiguration/isOpenIDConnect``) never needs it.
public struct ProviderMetadata: Sendable {
    /// `issuer`.
    public var issuer: String
    /// `authorization_endpoint`.
    public var authorizationEndpoint: String
    /// `token_endpoint`.
    public var tokenEndpoint: String
    /// `jwks_uri`: where the signing keys are, if listed (RFC 8414 §2: OPTIONAL; OpenID Connect Discovery §3:
    /// REQUIRED). Without it, ID tokens signed with the provider's keys cannot be validated (see the type's
    /// documentation).
    public var jwksURI: String?
    /// `userinfo_endpoint` (Core §5.3), if any.
    public var userinfoEndpoint: String?
    /// `end_session_endpoint` (RP-Initiated Logout 1.0 §2.1), if any.
    public var endSessionEndpoint: String?
    /// `revocation_endpoint` (RFC 7009, RFC 8414 §2), if any.
    public var revocationEndpoint: String?
    /// `device_authorization_endpoint` (RFC 8628 §4), if any: where a device without a browser asks for a
    /// user code.
    public var deviceAuthorizationEndpoint: String?
    /// `authorization_response_iss_parameter_supported` (RFC 9207 §3): when true, the client requires `iss`
    /// in the authorization response.
    public var authorizationResponseIssuerParameterSupported: Bool
    /// `code_challenge_methods_supported` (RFC 8414 §2), if listed.
    public var codeChallengeMethodsSupported: [String]?
    /// `id_token_signing_alg_values_supported`, if listed.
    public var idTokenSigningAlgorithmsSupported: [String]?
    /// The whole document, for members not modelled here.
    public var document: JSONObject

    /// Metadata from known endpoints, for a provider without a discovery document; `jwksURI` may be nil for
    /// a plain OAuth 2.0 server (RFC 8414 §2).
    public init(
        issuer: String, authorizationEndpoint: String, tokenEndpoint: String, jwksURI: String?,
        userinfoEndpoint: String? = nil, endSessionEndpoint: String? = nil, revocationEndpoint: String? = nil,
        deviceAuthorizationEndpoint: String? = nil, authorizationResponseIssuerParameterSupported: Bool = false
    ) {
        self.issuer = issuer
        self.authorizationEndpoint = authorizationEndpoint
        self.tokenEndpoint = tokenEndpoint
        self.jwksURI = jwksURI
        self.userinfoEndpoint = userinfoEndpoint
        self.endSessionEndpoint = endSessionEndpoint
        self.revocationEndpoint = revocationEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.authorizationResponseIssuerParameterSupported = authorizationResponseIssuerParameterSupported
        document = JSONObject()
    }

    /// Reads and checks a discovery document fetched for `expectedIssuer`.
    public init(json body: some Sequence<UInt8>, expectedIssuer: String, allowsInsecureLoopback: Bool = false) throws(AuthClientError) {
        let object: JSONObject
        do {
            guard let parsed = try JSONValue(parsing: body).objectValue else {
                throw AuthClientError.invalidProviderMetadata("the document is not a JSON object")
            }
            object = parsed
        } catch let error as AuthClientError {
            throw error
        } catch {
            throw .invalidProviderMetadata("the document is not JSON")
        }
        func string(_ name: String) throws(AuthClientError) -> String? {
            guard let member = object[name], !member.isNull else { return nil }
            guard let text = member.stringValue else { throw .invalidProviderMetadata("'\(name)' is not a string") }
            return text
        }
        func required(_ name: String) throws(AuthClientError) -> String {
            guard let text = try string(name) else { throw .invalidProviderMetadata("'\(name)' is missing") }
            return text
        }
        func strings(_ name: String) throws(AuthClientError) -> [String]? {
            guard let member = object[name], !member.isNull else { return nil }
            guard let array = member.arrayValue else { throw .invalidProviderMetadata("'\(name)' is not an array") }
            var result: [String] = []
            for element in array {
                guard let text = element.stringValue else { throw .invalidProviderMetadata("'\(name)' holds a non-string") }
                result.append(text)
            }
            return result
        }
        let issuer = try required("issuer")
        guard issuer.utf8.elementsEqual(expectedIssuer.utf8) else { throw .issuerMismatch(expected: expectedIssuer, actual: issuer) }
        self.init(
            issuer: issuer,
            authorizationEndpoint: try required("authorization_endpoint"),
            tokenEndpoint: try required("token_endpoint"),
            jwksURI: try string("jwks_uri"),
            userinfoEndpoint: try string("userinfo_endpoint"),
            endSessionEndpoint: try string("end_session_endpoint"),
            revocationEndpoint: try string("revocation_endpoint"))
        deviceAuthorizationEndpoint = try string("device_authorization_endpoint")
        if let member = object["authorization_response_iss_parameter_supported"], !member.isNull {
            guard let flag = member.boolValue else {
                throw .invalidProviderMetadata("'authorization_response_iss_parameter_supported' is not a boolean")
            }
            authorizationResponseIssuerParameterSupported = flag
        }
        codeChallengeMethodsSupported = try strings("code_challenge_methods_supported")
        idTokenSigningAlgorithmsSupported = try strings("id_token_signing_alg_values_supported")
        document = object
        try validate(allowsInsecureLoopback: allowsInsecureLoopback)
    }

    /// Checks every endpoint's transport security and the PKCE method (see the type's documentation).
    func validate(allowsInsecureLoopback: Bool) throws(AuthClientError) {
        let endpoints: [(String, String?)] = [
            ("issuer", issuer), ("authorization_endpoint", authorizationEndpoint), ("token_endpoint", tokenEndpoint),
            ("jwks_uri", jwksURI), ("userinfo_endpoint", userinfoEndpoint), ("end_session_endpoint", endSessionEndpoint),
            ("revocation_endpoint", revocationEndpoint), ("device_authorization_endpoint", deviceAuthorizationEndpoint),
        ]
        for case (let name, let url?) in endpoints {
            try SecureURL.check(url, name: name, allowsInsecureLoopback: allowsInsecureLoopback)
        }
        if let methods = codeChallengeMethodsSupported, !methods.contains("S256") {
            throw .invalidProviderMetadata("code_challenge_methods_supported does not include S256; AuthFlow never downgrades to plain")
        }
    }
}
