// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials

extension TokenCommands {
    /// `token --assertion-file FILE`: the JWT bearer grant (RFC 7523 §2.1) with the profile's client — set up by
    /// the client options given (saved in the profile, as `--client-credentials` does), or the profile's own —
    /// and the assertion read from `FILE` (`-`: standard input). The token is printed, never stored: it is the
    /// assertion's subject's, and each call exchanges its assertion (servers refuse a replayed one).
    static func jwtBearer(_ options: TokenOptions, environment: LoginEnvironment, terminal: inout some Terminal) throws(CLIError) {
        try ProfileStore.check(name: options.profile)
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let previous = try profiles.load(options.profile)
        let profile: Profile
        if let setup = options.setup {
            profile = try LoginFlow.profile(setup, previous: previous)
            try profiles.prepare(profile.name)
            try profiles.save(profile)
        } else {
            guard let previous else {
                throw .usage(
                    "token --assertion-file needs --issuer URL --client-id ID the first time (profile '\(options.profile)' is not set up)")
            }
            profile = previous
        }
        try environment.trustCAFile(option: nil, profile: profile)
        let path = options.assertionFile ?? "-"
        var bytes = try terminal.readAll(path == "-" ? nil : path, limit: 64 * 1024)
        while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") || last == UInt8(ascii: " ") {
            bytes.removeLast()
        }
        let assertion = String(decoding: bytes, as: UTF8.self)
        let configuration = try ProfileClient.configuration(
            profile, terminal: terminal, environment: environment, redirectURI: "http://127.0.0.1:1/unused")
        let adapts = profile.clientAuthentication == nil
        let scopes = profile.scopes.filter { $0 != "openid" }.map(Scope.init(rawValue:))
        let store = profiles.credentials(profile.name)
        let result = runBlocking { () async -> Result<TokenSet, AuthClientError> in
            await Result { () async throws(AuthClientError) in
                let client = try await ProfileClient.connect(
                    configuration, store: store, environment: environment, adaptsAuthentication: adapts)
                return try await client.requestJWTBearerToken(assertion: assertion, scopes: scopes)
            }
        }
        let tokens = try result.get(profile: profile.name)
        terminal.write(try format(tokens, as: options.format, now: environment.clock.now()), to: .standardOutput)
    }
}
