// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow pkce generate [--length N]` and `authflow pkce challenge VERIFIER|-`.
enum PKCECommand: CLICommand {
    static let spec = CommandSpec(
        "pkce", summary: "PKCE code verifiers and S256 challenges (RFC 7636)",
        subcommands: [PKCEGenerateCommand.self, PKCEChallengeCommand.self])
}
