// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow button layout`: the group of button commands.
enum ButtonCommand: CLICommand {
    static let spec = CommandSpec(
        "button", summary: "Sign in with Apple button layout checks",
        subcommands: [ButtonLayoutCommand.self])
}
