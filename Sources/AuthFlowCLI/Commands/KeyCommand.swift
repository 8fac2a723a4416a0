// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow key generate --kty EC [--kid KID] [--output FILE]`.
enum KeyCommand: CLICommand {
    static let spec = CommandSpec(
        "key", summary: "private keys as JWKs (RFC 7517)",
        subcommands: [KeyGenerateCommand.self])
}
