/// An OAuth error response from the authorization endpoint (RFC 6749 §4.1.2.1).
///
/// The `error` code is kept exactly as sent, like AppAuth does, so that codes from newer specifications
/// survive. `state` is not part of the description.
public struct OAuthErrorResponse: Hashable, Sendable {
    /// `error`.
    public let error: OAuthErrorCode
    /// `error_description`: text for the developer, not for the user.
    public let errorDescription: String?
    /// `error_uri`: a page about the error.
    public let errorURI: String?

    public init(error: OAuthErrorCode, errorDescription: String? = nil, errorURI: String? = nil) {
        self.error = error
        self.errorDescription = errorDescription
        self.errorURI = errorURI
    }

    public static func == (lhs: OAuthErrorResponse, rhs: OAuthErrorResponse) -> Bool {
        lhs.error == rhs.error && Self.same(lhs.errorDescription, rhs.errorDescription) && Self.same(lhs.errorURI, rhs.errorURI)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(error)
        for byte in (errorDescription ?? "").utf8 { hasher.combine(byte) }
    }

    private static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let l?, let r?): ExactText.equal(l, r)
        default: false
        }
    }
}

extension OAuthErrorResponse: CustomStringConvertible {
    public var description: String {
        error.rawValue + (errorDescription.map { " (\($0))" } ?? "")
    }
}
