import AuthDigest

/// An OAuth `state` value: an unguessable token that ties the authorization response to the request
/// this client made, protecting the redirect against cross-site request forgery (RFC 6749 §10.12,
/// RFC 9700 §4.7).
///
/// ```swift
/// let state = OAuthState()                    // 256 random bits as 43 base64url characters
/// // authorization request: state=\(state.value)
/// // callback: guard state.matches(receivedState) else { reject }
/// ```
///
/// - Security: generated values carry 256 bits from a cryptographically secure generator (or the one
///   you inject). ``matches(_:)`` and `==` compare in constant time; `description` is redacted.
public struct OAuthState: Sendable {
    /// The text sent as `state` and expected back unchanged.
    public let value: String

    /// Generates a state of 43 base64url characters from 32 octets of `generator`.
    public init(using generator: inout some RandomNumberGenerator) {
        value = RandomText.base64URL(length: 43, using: &generator)
    }

    /// Generates a state from the system's cryptographically secure generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// Wraps an existing state value, such as one restored from storage.
    ///
    /// The value must be non-empty printable ASCII (`%x20-7E`, RFC 6749 Appendix A.5).
    ///
    /// - Throws: ``AuthPKCEError/emptyState`` or ``AuthPKCEError/invalidStateCharacter(offset:)``.
    public init(_ text: some StringProtocol) throws(AuthPKCEError) {
        guard !text.isEmpty else { throw .emptyState }
        if let offset = CharacterRules.firstNonVisibleASCII(in: text.utf8) {
            throw .invalidStateCharacter(offset: offset)
        }
        value = String(text)
    }

    /// Returns whether `received` (from the authorization response) equals this state, in constant time.
    public func matches(_ received: some StringProtocol) -> Bool {
        ConstantTime.isEqual(value.utf8, received.utf8)
    }
}

extension OAuthState: Hashable {
    /// Compares in constant time.
    public static func == (lhs: OAuthState, rhs: OAuthState) -> Bool { lhs.matches(rhs.value) }

    public func hash(into hasher: inout Hasher) { hasher.combineExactly(value) }
}

extension OAuthState: CustomStringConvertible {
    public var description: String { "OAuthState(<redacted>)" }
}
