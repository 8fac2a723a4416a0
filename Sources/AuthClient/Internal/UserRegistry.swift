import AuthCredentials
import AuthSession

/// One ``User`` per subject for one client: `completeLogin` and `resumeLastUser` hand out the same object
/// while any handle on it is alive, so every handle shares one token set and one single-flight refresh
/// (two objects refreshing the same rotating refresh token would log each other out). Held weakly: a user
/// nobody holds is made again from the store.
final class UserRegistry: Sendable {
    private struct Entry {
        weak var user: User?
    }

    private let entries = Locked<[String: Entry]>([:])

    /// The user for `subject` after a fresh login with `tokens` (an existing object takes the new tokens).
    func user(_ subject: String, client: AuthClient, signedInWith tokens: TokenSet) async -> User {
        let (user, isNew) = lookUp(subject, client: client, tokens: tokens)
        if !isNew { await user.signedIn(with: tokens) }
        return user
    }

    /// The user for `subject` resumed from the store (an existing object keeps its own, newer tokens unless
    /// it has none).
    func user(_ subject: String, client: AuthClient, resumingWith tokens: TokenSet) async -> User {
        let (user, isNew) = lookUp(subject, client: client, tokens: tokens)
        if !isNew { await user.resumed(with: tokens) }
        return user
    }

    private func lookUp(_ subject: String, client: AuthClient, tokens: TokenSet) -> (User, isNew: Bool) {
        entries.withLock { entries in
            if let user = entries[subject]?.user { return (user, false) }
            entries = entries.filter { $0.value.user != nil }
            let user = User(client: client, subject: subject, tokens: tokens)
            entries[subject] = Entry(user: user)
            return (user, true)
        }
    }
}
