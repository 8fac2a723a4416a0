// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow base64url encode|decode`: standard input to standard output.
enum Base64URLCommand: CLICommand {
    static let spec = CommandSpec(
        "base64url", summary: "unpadded base64url (RFC 4648 §5) from standard input to standard output",
        subcommands: [Base64URLEncodeCommand.self, Base64URLDecodeCommand.self])
}
