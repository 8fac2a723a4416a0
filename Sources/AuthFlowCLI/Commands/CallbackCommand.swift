// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow callback parse`: the group of callback commands.
enum CallbackCommand: CLICommand {
    static let spec = CommandSpec(
        "callback", summary: "parse and check an authorization redirect (RFC 3986, RFC 8252, RFC 9207)",
        subcommands: [CallbackParseCommand.self])
}
