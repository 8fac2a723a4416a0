// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthPKCE

/// `authflow pkce challenge VERIFIER|-`.
enum PKCEChallengeCommand: CLICommand {
    static let verifier = Operand<String>("VERIFIER", help: "the code verifier; - reads it from standard input", standardInput: true)

    static let spec = CommandSpec(
        "challenge", summary: "the S256 challenge of a code verifier",
        discussion: "Checks the verifier's length (43 to 128) and alphabet (RFC 7636 §4.1), then prints "
            + "BASE64URL(SHA256(verifier)) (§4.2). Use - to keep the verifier off the command line. A verifier "
            + "that starts with - goes after -- (as any operand that starts with -).",
        operands: [verifier],
        examples: [
            "pkce challenge dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk", "pkce challenge - < verifier.txt",
            "pkce challenge -- -dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjX",
        ])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let text = try terminal.readValue(arguments.required(Self.verifier), limit: 4096, what: "the verifier")
        do {
            terminal.write("\(CodeChallenge(verifier: try CodeVerifier(text)).value)\n", to: .standardOutput)
        } catch {
            throw .failure("\(error)")
        }
    }
}
