// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Opens a URL in the user's default browser: `open` on macOS, `xdg-open` elsewhere (override the
/// command with the `AUTHFLOW_BROWSER` environment variable, for example to a script in CI).
public enum SystemBrowser {
    /// Launches the browser command with the URL as its only argument (no shell, so the URL is never
    /// interpreted) and returns without waiting for the browser.
    public static func open(_ url: String) throws(AuthSessionError) {
        #if canImport(Darwin)
            let fallback = "open"
        #else
            let fallback = "xdg-open"
        #endif
        try open(url, command: getenv("AUTHFLOW_BROWSER").map { String(cString: $0) } ?? fallback)
    }

    /// Launches `command` (a program name looked up in `PATH`, or a path) with the URL as its only
    /// argument, without a shell, and returns without waiting for it. Throws
    /// ``AuthSessionError/userAgentFailed(_:)`` when the program cannot be started; a program that starts
    /// and then fails (no display for `xdg-open`) is not detected.
    ///
    /// ```swift
    /// try SystemBrowser.open(url, command: "firefox")
    /// ```
    public static func open(_ url: String, command: String) throws(AuthSessionError) {
        var pid = pid_t()
        let arguments = [command, url]
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for argument in cArguments { free(argument) } }
        let status = posix_spawnp(&pid, command, nil, nil, cArguments, environ)
        guard status == 0 else {
            let meaning =
                status == ENOENT
                ? "no such program" : status == EACCES ? "permission denied (not an executable?)" : "it could not be started"
            throw .userAgentFailed("cannot launch '\(command)': \(meaning) (errno \(status))")
        }
        // Reap the child when it exits so it does not linger as a zombie.
        let child = pid
        DispatchQueue.global().async {
            var exitStatus: Int32 = 0
            _ = waitpid(child, &exitStatus, 0)
        }
    }
}
