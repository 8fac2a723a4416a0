import AuthCallback
import AuthJSON
import AuthJWT

/// JWT client assertions (RFC 7523 §2.2, §3; OpenID Connect Core §9): one claim set for every signed
/// method, so `private_key_jwt` (a ``SigningKey``) and any MAC-based method share the same shape.
enum ClientAssertion {
    /// RFC 7523 §2.2's `client_assertion_type`.
    static let type = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
    /// How long an assertion is valid: short, since each request makes a new one.
    static let lifetimeSeconds: Int64 = 60

    /// The claims of OpenID Connect Core §9: `iss` and `sub` the client id, `aud` the token endpoint,
    /// a unique `jti`, `iat` and `exp`.
    static func claims(clientID: String, audience: String, jti: String, issuedAt: NumericDate) -> JSONObject {
        var claims = JSONObject()
        try? claims.append("iss", .string(clientID))
        try? claims.append("sub", .string(clientID))
        try? claims.append("aud", .string(audience))
        try? claims.append("jti", .string(jti))
        try? claims.append("iat", .number(JSONNumber(issuedAt.secondsSince1970)))
        try? claims.append("exp", .number(JSONNumber(issuedAt.secondsSince1970 + lifetimeSeconds)))
        return claims
    }

    /// The form parameters: `client_id`, `client_assertion_type`, `client_assertion` signed by `key`.
    static func parameters(
        key: any SigningKey, clientID: String, audience: String, now: NumericDate
    ) async throws(AuthClientError) -> [FormParameter] {
        let claims = claims(clientID: clientID, audience: audience, jti: UniqueID.make(), issuedAt: now)
        let assertion = try await key.signedJWT(type: nil, claims: claims, includesKeyID: true)
        return [
            FormParameter(name: "client_id", value: clientID),
            FormParameter(name: "client_assertion_type", value: type),
            FormParameter(name: "client_assertion", value: assertion),
        ]
    }
}
