// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow logout-token verify FILE|- --jwks FILE --issuer I --audience A`.
enum LogoutTokenCommand: CLICommand {
    static let spec = CommandSpec(
        "logout-token", summary: "check an OpenID Connect Back-Channel Logout token",
        subcommands: [LogoutTokenVerifyCommand.self])
}
