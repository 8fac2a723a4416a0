// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON

extension TokenCommands {
    /// `introspect`: the profile's client asks the introspection endpoint (RFC 7662 §2.1) about the profile's
    /// access token or the token in `tokenFile` (`-`: standard input), and the answer is printed as JSON; an inactive token is
    /// printed too, then reported as a failure (exit status 1).
    static func introspect(
        profile name: String, tokenFile: String?, signed: Bool, environment: LoginEnvironment, terminal: inout some Terminal
    ) throws(CLIError) {
        let profiles = ProfileStore(directory: try environment.configDirectory())
        let profile = try profiles.require(name)
        let store = profiles.credentials(profile.name)
        let token: String
        if let tokenFile {
            let bytes = try terminal.readAll(tokenFile == "-" ? nil : tokenFile, limit: 64 * 1024)
            token =
                String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == " " }).first
                .map(String.init) ?? ""
            guard !token.isEmpty else { throw .failure("'\(tokenFile)' holds no token") }
        } else {
            token = try stored(profile, store: store).accessToken
        }
        let client = try AccountCommands.connect(profile, store: store, environment: environment, terminal: terminal)
        let result = runBlocking { () async -> Result<TokenIntrospectionResponse, AuthClientError> in
            await Result { () async throws(AuthClientError) in try await client.introspect(token, signed: signed) }
        }
        let answer = try result.get(profile: profile.name)
        var object = answer.members
        if !answer.isActive { try? object.append("active", false) }
        terminal.write(
            ServerText.json(String(decoding: JSONValue.object(object).serialized(pretty: true), as: UTF8.self)) + "\n", to: .standardOutput)
        guard answer.isActive else { throw .failure("the token is not active") }
    }
}
