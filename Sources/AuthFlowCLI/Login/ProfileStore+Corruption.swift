// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `tokens.json` that is not a credential store (cut short, edited by hand, written by something else):
/// every command names the file and says what to do, `status` shows it, and `login` moves it aside as
/// `tokens.json.corrupt-<time>` — never deleting it — before the browser step, and replaces it.
extension ProfileStore {
    /// Why the profile's token file is not a credential store, or nil when it is one (or is absent).
    func corruption(of name: String) -> String? {
        let store = credentials(name)
        let result = runBlocking { () async -> AuthCredentialsError? in
            do throws(AuthCredentialsError) {
                _ = try await store.load()
                return nil
            } catch {
                return error
            }
        }
        if case .corruptStore(_, let reason)? = result { return reason }
        return nil
    }

    /// What to say about a corrupt token file: which file, why, and what to do.
    static func corruptionMessage(path: String, profile: String, reason: String) -> String {
        let again = profile == "default" ? "authflow login" : "authflow login --profile \(profile)"
        return "the token file \(path) is not a credential store (\(reason)): '\(again)' signs in again and "
            + "moves it aside as tokens.json.corrupt-<time> (nothing is deleted)"
    }

    /// Moves the corrupt token file aside as `tokens.json.corrupt-<YYYYMMDDThhmmssZ>` (with a suffix when
    /// that name is taken) and returns the new path.
    func moveCorruptTokensAside(_ name: String, now: NumericDate) throws(CLIError) -> String {
        let stamp = ISO8601.string(now).filter { $0 != "-" && $0 != ":" }
        var target = tokensPath(name) + ".corrupt-" + stamp
        var number = 2
        while PrivateFile.exists(target) {
            target = tokensPath(name) + ".corrupt-\(stamp)-\(number)"
            number += 1
        }
        guard rename(tokensPath(name), target) == 0 else {
            throw .failure("cannot move the corrupt token file \(tokensPath(name)) aside: \(SystemTerminal.lastErrorText())")
        }
        return target
    }
}
