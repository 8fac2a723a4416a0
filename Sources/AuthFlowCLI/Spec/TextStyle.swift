// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Colours and emphasis for text written to one stream: ANSI escapes only when that stream is a terminal
/// and `NO_COLOR` (https://no-color.org) is not set (any value, even empty, turns colours off);
/// otherwise every function returns its text unchanged.
///
/// ```swift
/// let style = TextStyle(for: .standardError, of: terminal)
/// terminal.write(style.success("Signed in") + " as \(subject)\n", to: .standardError)
/// ```
struct TextStyle: Sendable {
    /// Whether escapes are written.
    let isEnabled: Bool

    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// The style for `stream` of `terminal`: enabled on a TTY without `NO_COLOR`.
    init(for stream: OutputStream, of terminal: some Terminal) {
        isEnabled = terminal.isInteractive(stream) && terminal.environment("NO_COLOR") == nil
    }

    /// No escapes, whatever the terminal.
    static let plain = TextStyle(isEnabled: false)

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    /// Green: something succeeded or was checked.
    func success(_ text: String) -> String { wrap(text, "32") }
    /// Yellow: skipped, or needs attention.
    func warning(_ text: String) -> String { wrap(text, "33") }
    /// Red: failed or refused.
    func error(_ text: String) -> String { wrap(text, "31") }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
