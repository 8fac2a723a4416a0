// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient

/// `authflow webfinger IDENTIFIER [--query-only]`: the issuer of the user's OpenID Provider (Discovery §2).
enum WebFingerCommand: CLICommand {
    static let identifier = Operand<String>(
        "IDENTIFIER", help: "what the user typed: joe@example.com, acct:joe@example.com, https://example.com/joe or example.com:8080")
    static let queryOnly = Flag("query-only", help: "print the normalized resource, the host and the WebFinger URL, and make no request")

    static let spec = CommandSpec(
        "webfinger", summary: "find a user's OpenID Provider by WebFinger (OpenID Connect Discovery §2)",
        discussion: """
            Normalizes the identifier (Discovery §2.1.2: an email-like input becomes an acct: URI, a host or URL
            without a scheme becomes https://), asks https://HOST/.well-known/webfinger for the issuer link
            (rel http://openid.net/specs/connect/1.0/issuer) and prints the issuer, which must be an https URL.
            The provider's own discovery document must still confirm it (login --issuer does).
            """,
        options: [queryOnly],
        operands: [identifier],
        examples: ["webfinger joe@example.com", "webfinger example.com:8080 --query-only"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let input = try arguments.required(Self.identifier)
        let query = try CLIError.catching { () throws(AuthClientError) in try WebFingerQuery(normalizing: input) }
        if arguments.isSet(Self.queryOnly) {
            terminal.write("resource: \(query.resource)\nhost: \(query.host)\nurl: \(query.url)\n", to: .standardOutput)
            return
        }
        let environment = LoginEnvironment.system(reading: terminal)
        try environment.trustCAFile(option: nil, profile: nil)
        let transport = environment.transport
        let result = runBlocking { () async -> Result<String, AuthClientError> in
            await Result { () async throws(AuthClientError) in try await AuthClient.discoverIssuer(for: input, transport: transport) }
        }
        switch result {
        case .success(let issuer): terminal.write(issuer + "\n", to: .standardOutput)
        case .failure(let error): throw .failure(ServerText.printable("\(error)"))
        }
    }
}
