// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The type-erased description of a declared option or flag, as help, completion and the parser see it.
struct OptionInfo: Sendable {
    /// The long name without dashes: `"client-id"` for `--client-id`.
    let name: String
    /// An optional one-letter name: `"p"` for `-p`.
    let short: Character?
    /// The placeholder in usage (`URL`, `FILE`), or nil for a flag, which takes no value.
    let valueName: String?
    /// One line for `--help` and completion descriptions.
    let help: String
    /// Whether it may be given more than once (`--scope a --scope b`); otherwise twice is a usage error.
    let isRepeatable: Bool
    /// Whether the parser refuses a command line without it.
    let isRequired: Bool
    /// The only values allowed, or nil for any.
    let allowedValues: [String]?
    /// What the shell offers for the value.
    let completion: Completion
    /// Checks one value; returns what is wrong with it, or nil when it converts.
    let check: @Sendable (String) -> String?

    /// Whether this is a flag (no value).
    var isFlag: Bool { valueName == nil }

    /// `--name VALUE` or `--name` as usage and help show it.
    var synopsis: String {
        valueName.map { "--\(name) \($0)" } ?? "--\(name)"
    }
}

/// Something a ``CommandSpec`` lists under `options`: an ``Option`` or a ``Flag``.
protocol OptionDeclaration: Sendable {
    var info: OptionInfo { get }
}
