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

/// Opens a URL in the user's browser, trying in order the `AUTHFLOW_BROWSER` command (for example a script
/// in CI), each entry of `BROWSER` (a colon-separated list, the common convention), then the platform's opener
/// (`open` on macOS, `xdg-open` elsewhere). The CLI and ``LoopbackUserAgent`` use the same list.
public enum SystemBrowser {
    /// The browser commands to try, in order, given a way to read environment variables.
    ///
    /// ```swift
    /// SystemBrowser.commands { name in name == "BROWSER" ? "w3m:lynx" : nil }   // ["w3m", "lynx", "xdg-open"]
    /// ```
    public static func commands(environment variable: (String) -> String?) -> [String] {
        var commands: [String] = []
        if let own = variable("AUTHFLOW_BROWSER"), !own.isEmpty { commands.append(own) }
        if let list = variable("BROWSER") { commands += list.split(separator: ":").map(String.init).filter { !$0.isEmpty } }
        #if canImport(Darwin)
            commands.append("open")
        #else
            commands.append("xdg-open")
        #endif
        return commands
    }

    /// Launches the first of ``commands(environment:)`` (read from the process environment) that starts, with
    /// the URL as its only argument (no shell, so the URL is never interpreted), and returns without waiting
    /// for the browser. Throws ``AuthSessionError/userAgentFailed(_:)`` with every command's reason when none
    /// starts.
    public static func open(_ url: String) throws(AuthSessionError) {
        try open(url, trying: commands { name in getenv(name).map { String(cString: $0) } }) { command, url throws(AuthSessionError) in
            try open(url, command: command)
        }
    }

    /// Launches the first command that `launch` starts; throws all their reasons when none does.
    package static func open(
        _ url: String, trying commands: [String], launch: (String, String) throws(AuthSessionError) -> Void
    ) throws(AuthSessionError) {
        var reasons: [String] = []
        for command in commands {
            do throws(AuthSessionError) {
                try launch(command, url)
                return
            } catch {
                if case .userAgentFailed(let reason) = error { reasons.append(reason) } else { reasons.append("\(error)") }
            }
        }
        throw .userAgentFailed(reasons.joined(separator: "; ") + " (set BROWSER to a browser command, or open the URL yourself)")
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
        // Reap the child when it exits so it does not linger as a zombie. A browser may run for hours: the
        // blocking waitpid gets a thread of its own (a private queue overcommits), never one of the global
        // queue's one-per-core threads.
        let child = pid
        DispatchQueue(label: "authflow.browser-reaper").async {
            var exitStatus: Int32 = 0
            _ = waitpid(child, &exitStatus, 0)
        }
    }
}
