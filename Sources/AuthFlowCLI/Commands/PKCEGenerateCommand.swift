// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE

/// `authflow pkce generate [--length N]`.
enum PKCEGenerateCommand: CLICommand {
    static let length = Option<Int>("length", value: "N", help: "the verifier's length, 43 to 128 (default 43)")

    static let spec = CommandSpec(
        "generate", summary: "a new code verifier and its S256 challenge",
        discussion: "The verifier is drawn from the system's secure random generator (RFC 7636 §4.1); the challenge is "
            + "BASE64URL(SHA256(verifier)) (§4.2). The output holds the verifier: treat it as a secret.",
        options: [length],
        examples: ["pkce generate", "pkce generate --length 128"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let pkce: PKCE
        do {
            pkce = PKCE(verifier: try CodeVerifier(length: arguments.value(Self.length) ?? CodeVerifier.minimumLength))
        } catch {
            throw .failure("\(error)")
        }
        terminal.write(
            """
            code_verifier=\(pkce.verifier.value)
            code_challenge=\(pkce.challenge.value)
            code_challenge_method=\(pkce.challenge.method)

            """,
            to: .standardOutput
        )
    }
}
