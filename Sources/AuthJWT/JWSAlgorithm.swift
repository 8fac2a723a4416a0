/// A JWS algorithm name, the `alg` header parameter (RFC 7518 §3.1): an open set.
///
/// ```swift
/// JWSAlgorithm.hs256.rawValue      // "HS256"
/// JWSAlgorithm(rawValue: "RS256")  // == .rs256
/// ```
///
/// Names are compared as exact bytes: `hs256` is not `HS256`.
public struct JWSAlgorithm: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// HMAC with SHA-256 (RFC 7518 §3.2). Symmetric: the verifier holds the signing secret.
    public static let hs256 = JWSAlgorithm(rawValue: "HS256")
    /// RSASSA-PKCS1-v1_5 with SHA-256 (RFC 7518 §3.3), the OpenID Connect default.
    public static let rs256 = JWSAlgorithm(rawValue: "RS256")
    /// ECDSA with P-256 and SHA-256 (RFC 7518 §3.4).
    public static let es256 = JWSAlgorithm(rawValue: "ES256")
    /// No signature (RFC 7518 §3.6). Named so it can be recognised and refused; never verified.
    public static let none = JWSAlgorithm(rawValue: "none")

    public static func == (lhs: JWSAlgorithm, rhs: JWSAlgorithm) -> Bool {
        lhs.rawValue.utf8.elementsEqual(rhs.rawValue.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rawValue.utf8.count)
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
}

extension JWSAlgorithm: CustomStringConvertible {
    public var description: String { rawValue }
}
