// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The exit statuses of `authflow`, documented in every command's help and in Docs/CLI.md.
///
/// ```swift
/// throw CLIError.denied("the provider said access_denied")   // exits with ExitStatus.denied.code (3)
/// ```
struct ExitStatus: Sendable, Hashable {
    let code: Int32
    /// What the status means, for help: "bad usage".
    let meaning: String

    /// 0: the command did what was asked.
    static let success = ExitStatus(code: 0, meaning: "success")
    /// 1: invalid input, a failed check, or an I/O failure (including a failed write to standard output).
    static let failure = ExitStatus(code: 1, meaning: "invalid input, a failed check or an I/O failure")
    /// 2: the command line is wrong (unknown command or option, missing or extra argument, bad value).
    static let usage = ExitStatus(code: 2, meaning: "bad usage")
    /// 3: the login was denied or cancelled (by the user, the provider, or Ctrl-C), as opposed to failing.
    static let denied = ExitStatus(code: 3, meaning: "the login was denied or cancelled")
}
