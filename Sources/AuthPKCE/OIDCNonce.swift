import AuthDigest

/// An OpenID Connect `nonce`: a random value sent in the authentication request that the ID token must
/// carry back, binding the token to this client session and defeating replay (OIDC Core §3.1.2.1,
/// §15.5.2).
///
/// ```swift
/// let nonce = OIDCNonce()                     // 256 random bits as 43 base64url characters
/// // authentication request: nonce=\(nonce.value)
/// // ID token validation: guard nonce.matches(claims.nonce) else { reject }
/// ```
///
/// - Security: as for ``OAuthState``: 256 random bits, constant-time comparison, redacted description.
public struct OIDCNonce: Sendable {
    /// The text sent as `nonce` and expected in the ID token's `nonce` claim.
    public let value: String

    /// Generates a nonce of 43 base64url characters from 32 octets of `generator`.
    public init(using generator: inout some RandomNumberGenerator) {
        value = RandomText.base64URL(length: 43, using: &generator)
    }

    /// Generates a nonce from the system's cryptographically secure generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// Wraps an existing nonce value; it must be non-empty printable ASCII (`%x20-7E`).
    ///
    /// - Throws: ``AuthPKCEError/emptyNonce`` or ``AuthPKCEError/invalidNonceCharacter(offset:)``.
    public init(_ text: some StringProtocol) throws(AuthPKCEError) {
        guard !text.isEmpty else { throw .emptyNonce }
        if let offset = CharacterRules.firstNonVisibleASCII(in: text.utf8) {
            throw .invalidNonceCharacter(offset: offset)
        }
        value = String(text)
    }

    /// Returns whether `received` (the ID token's `nonce` claim) equals this nonce, in constant time.
    public func matches(_ received: some StringProtocol) -> Bool {
        ConstantTime.isEqual(value.utf8, received.utf8)
    }
}

extension OIDCNonce: Hashable {
    /// Compares in constant time.
    public static func == (lhs: OIDCNonce, rhs: OIDCNonce) -> Bool { lhs.matches(rhs.value) }

    public func hash(into hasher: inout Hasher) { hasher.combineExactly(value) }
}

extension OIDCNonce: CustomStringConvertible {
    public var description: String { "OIDCNonce(<redacted>)" }
}
