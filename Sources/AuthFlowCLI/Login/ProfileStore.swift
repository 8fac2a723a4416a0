// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCredentials
import AuthJSON

/// The profiles of the login commands, each in a directory of its own under the configuration directory:
///
/// ```
/// ~/.config/authflow/            0700
///   profiles/default/            0700
///     profile.json               0600  issuer, client id, scopes, where the client secret is read from
///     tokens.json                0600  the tokens (a FileCredentialStore)
/// ```
///
/// The directories are created `0700` and tightened to it when found wider; every file is written `0600`
/// (see `PrivateFile`). A profile name is 1–64 of `A-Z a-z 0-9 . _ -`, not starting with a dot, so it
/// is always one path component.
struct ProfileStore: Sendable {
    /// The configuration directory (`…/authflow`).
    let directory: String

    var profilesDirectory: String { LoginEnvironment.joined(directory, "profiles") }

    func profileDirectory(_ name: String) -> String { LoginEnvironment.joined(profilesDirectory, name) }
    func settingsPath(_ name: String) -> String { LoginEnvironment.joined(profileDirectory(name), "profile.json") }
    func tokensPath(_ name: String) -> String { LoginEnvironment.joined(profileDirectory(name), "tokens.json") }

    /// The token store of a profile.
    func credentials(_ name: String) -> FileCredentialStore { FileCredentialStore(path: tokensPath(name)) }

    /// The profile's stored session: the record of its grant (issuer and client) saved last. A token file
    /// written before grants were kept (records keyed by `sub` alone) holds only this profile's tokens, so
    /// the record of the profile's subject is tied to the profile's grant on first use.
    static func session(of profile: Profile, in store: FileCredentialStore) async throws(AuthCredentialsError) -> StoredCredential? {
        if let stored = try await store.lastCredential(for: profile.grant) { return stored }
        guard let subject = profile.subject else { return nil }
        if let claimed = try await store.claimLegacyCredential(user: subject, for: profile.grant, ifTokensAre: nil) { return claimed }
        return try await store.lastCredential(for: profile.grant)
    }

    /// Removes every record of `store` but `kept` (account and grant): a profile holds one session.
    static func forgetTokens(in store: FileCredentialStore, except kept: (user: String, grant: GrantIdentity)?)
        async throws(AuthCredentialsError)
    {
        for record in try await store.load().credentials {
            if let kept, record.belongs(to: kept.user, grant: kept.grant) { continue }
            try await store.remove(user: record.user, grant: record.grant)
        }
    }

    /// Refuses a profile name that is not one safe path component.
    static func check(name: String) throws(CLIError) {
        let allowed = name.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2E
                || byte == 0x5F || byte == 0x2D
        }
        guard allowed, (1...64).contains(name.utf8.count), !name.hasPrefix(".") else {
            throw .usage("a profile name is 1 to 64 of A-Z a-z 0-9 . _ - and does not start with a dot, not '\(name)'")
        }
    }

    /// Creates the configuration, profiles and profile directories (0700) if needed.
    func prepare(_ name: String) throws(CLIError) {
        for path in [directory, profilesDirectory, profileDirectory(name)] { try PrivateFile.makeDirectory(path) }
    }

    /// The profile's settings, or nil when it was never logged in.
    func load(_ name: String) throws(CLIError) -> Profile? {
        guard let bytes = try PrivateFile.read(settingsPath(name)) else { return nil }
        do {
            return try Profile(json: try JSONValue(parsing: bytes), name: name)
        } catch {
            throw .failure(
                "the profile file \(settingsPath(name)) is not valid: \((error as? CLIError)?.message ?? "\(error)"); fix it, or sign in again with "
                    + "'authflow login \(name == "default" ? "" : "--profile \(name) ")--issuer URL --client-id ID', which replaces it")
        }
    }

    /// Writes the profile's settings (0600).
    func save(_ profile: Profile) throws(CLIError) {
        try prepare(profile.name)
        try PrivateFile.write(profile.json.serialized(pretty: true) + [10], to: settingsPath(profile.name))
    }

    /// The names of the profiles that have settings, sorted.
    func names() -> [String] {
        PrivateFile.entries(profilesDirectory).filter { (try? Self.check(name: $0)) != nil && PrivateFile.exists(settingsPath($0)) }
            .sorted()
    }

    /// The profile whose grant is for `resource` (`token --resource`): the one `named`, which must list it among its
    /// resources or be for that MCP server; else the only profile that does. None, or several without `--profile`,
    /// is a failure that says what to do. Compared exactly (RFC 8707 §2: the resource is an absolute URI).
    func profile(forResource resource: String, named name: String?) throws(CLIError) -> Profile {
        func holds(_ profile: Profile) -> Bool { profile.resources.contains(resource) || profile.mcpServer == resource }
        if let name {
            let profile = try require(name)
            guard holds(profile) else {
                throw .failure("profile '\(name)' holds no grant for \(resource): its resources are \(profile.resources)")
            }
            return profile
        }
        let matching = names().compactMap { (try? load($0)) ?? nil }.filter(holds)
        guard let first = matching.first else {
            throw .failure("no profile holds a grant for \(resource): log in with 'authflow login --mcp-server \(resource)'")
        }
        guard matching.count == 1 else {
            throw .usage(
                "profiles \(matching.map { "'\($0.name)'" }.joined(separator: ", ")) hold grants for \(resource): choose one with --profile"
            )
        }
        return first
    }

    /// The profile named `name`, or a failure telling how to create it.
    func require(_ name: String) throws(CLIError) -> Profile {
        try Self.check(name: name)
        guard let profile = try load(name) else {
            throw .failure(
                "no profile '\(name)' in \(profilesDirectory): log in first with 'authflow login --issuer URL --client-id ID"
                    + (name == "default" ? "'" : " --profile \(name)'"))
        }
        return profile
    }
}
