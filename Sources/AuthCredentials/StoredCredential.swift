/// What a ``CredentialStore`` keeps for one user: the profile Apple shares only on the first sign-in, and
/// the user's tokens.
///
/// ```swift
/// let stored = StoredCredential(credential)              // from an AppleIDCredential
/// let kept = existing.merging(stored)                   // a later sign-in without the name keeps it
/// ```
public struct StoredCredential: Hashable, Codable, Sendable {
    /// The user identifier (`sub`).
    public var user: String
    /// The email address, once shared.
    public var email: String?
    /// The name, once shared (first sign-in only).
    public var fullName: PersonName?
    /// The last reported real-user status.
    public var realUserStatus: UserDetectionStatus?
    /// The user's tokens; nil when signed out.
    public var tokens: TokenSet?

    public init(
        user: String, email: String? = nil, fullName: PersonName? = nil, realUserStatus: UserDetectionStatus? = nil, tokens: TokenSet? = nil
    ) {
        self.user = user
        self.email = email
        self.fullName = fullName
        self.realUserStatus = realUserStatus
        self.tokens = tokens
    }

    /// The profile of a Sign in with Apple credential (its code and identity token are not stored).
    public init(_ credential: AppleIDCredential, tokens: TokenSet? = nil) {
        self.init(
            user: credential.user, email: credential.email, fullName: credential.fullName,
            realUserStatus: credential.realUserStatus, tokens: tokens)
    }

    /// This record updated by a newer one for the same user: profile fields the newer record lacks are kept
    /// (Apple sends the name and email only once), the newer ones win otherwise; `tokens` are always the
    /// newer record's, so saving `tokens: nil` signs the user out without forgetting the name.
    public func merging(_ newer: StoredCredential) -> StoredCredential {
        StoredCredential(
            user: newer.user, email: newer.email ?? email, fullName: newer.fullName ?? fullName,
            realUserStatus: newer.realUserStatus ?? realUserStatus, tokens: newer.tokens)
    }
}

extension StoredCredential: CustomStringConvertible {
    /// The user and what is held; the tokens are redacted by ``TokenSet``'s description.
    public var description: String {
        "StoredCredential(user: \(user), email: \(email == nil ? "none" : "present"), fullName: \(fullName == nil ? "none" : "present"), "
            + "tokens: \(tokens.map { "\($0)" } ?? "none"))"
    }
}
