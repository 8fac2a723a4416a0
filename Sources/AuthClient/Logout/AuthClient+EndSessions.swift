// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials

extension AuthClient {
    /// Ends this client's sessions (issuer and client id; any resources) whose account is `subject` and whose
    /// ID token's `sid` is `sessionID`, each when given and not empty; with neither it ends none. Live
    /// ``User``s are logged out first, through their own actor (so a refresh in flight cannot bring tokens
    /// back); then records without a live user are removed from the store and reported the same way.
    func endSessions(subject: String?, sessionID: String?) async throws(AuthClientError) -> [LoggedOutSession] {
        // An empty subject or session id names nothing (plain OAuth records use "" as their account).
        let subject = subject.flatMap { $0.isEmpty ? nil : $0 }
        let sessionID = sessionID.flatMap { $0.isEmpty ? nil : $0 }
        func matches(_ account: String, _ idToken: String?) -> (Bool, String?) {
            let sid = idToken.flatMap { try? IDTokenClaims(idToken: $0).sessionID }
            if let subject, !account.utf8.elementsEqual(subject.utf8) { return (false, sid) }
            if let sessionID {
                guard let sid, sid.utf8.elementsEqual(sessionID.utf8) else { return (false, sid) }
            }
            return (subject != nil || sessionID != nil, sid)
        }
        func isOurs(_ grant: GrantIdentity) -> Bool {
            grant.issuer.utf8.elementsEqual(configuration.issuer.utf8) && grant.clientID.utf8.elementsEqual(configuration.clientID.utf8)
        }
        var ended: [LoggedOutSession] = []
        var seen = Set<String>()
        let live = Dictionary(users.live().map { ($0.registryKey, $0) }, uniquingKeysWith: { first, _ in first })
        for user in live.values where isOurs(user.grant) {
            let (isMatch, sid) = matches(user.account, await user.tokens?.idToken)
            guard isMatch else { continue }
            seen.insert(user.registryKey)
            if try await user.endedByProvider(sessionID: sessionID) {
                ended.append(LoggedOutSession(grant: user.grant, subject: user.subject, sessionID: sid))
            }
        }
        // Listed after the live users are ended: a store that cannot list (or times out) still leaves them ended.
        let records: [StoredCredential]
        do {
            records = try await store.credentials(issuer: configuration.issuer, clientID: configuration.clientID)
        } catch {
            throw .store(error)
        }
        for record in records {
            guard let grant = record.grant, isOurs(grant), record.tokens != nil else { continue }
            let key = User.registryKey(grant, record.user)
            guard !seen.contains(key) else { continue }
            let (isMatch, sid) = matches(record.user, record.tokens?.idToken)
            guard isMatch else { continue }
            seen.insert(key)
            do {
                try await store.remove(user: record.user, grant: grant)
            } catch {
                throw .store(error)
            }
            userLoggedOut(LogoutEvent(subject: record.subject, reason: .providerLoggedOut(sessionID: sessionID)), key: key)
            ended.append(LoggedOutSession(grant: grant, subject: record.subject, sessionID: sid))
        }
        return ended
    }
}
