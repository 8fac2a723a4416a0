// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthSession

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the login commands (`login`, `token`, `id-token`, `userinfo`, `logout`, `status`) take from the
/// process: environment variables, the HTTP transport, the time, the browser and the waits. Tests inject
/// each; ``system()`` is the real process.
struct LoginEnvironment: Sendable {
    /// An environment variable's value, or nil.
    var variable: @Sendable (String) -> String?
    /// Where HTTP requests go.
    var transport: any HTTPTransport
    /// The time of day, for expiry and ID-token checks.
    var clock: WallClock
    /// What device-grant polling sleeps on.
    var sleeper: any Clock<Duration>
    /// Starts browser `command` on a URL (without waiting for it); throws when it cannot be started.
    var launch: @Sendable (_ command: String, _ url: String) throws(AuthSessionError) -> Void
    /// How long `login` waits for the redirect.
    var loginTimeout: Duration = .seconds(300)
    /// Whether Ctrl-C (SIGINT, SIGTERM) while `login` waits ends the process with the cancelled status
    /// (``Interruption``): the real process only, never a test.
    var exitsOnInterrupt = false
    /// Where the library reports its steps: disabled unless `--verbose` or `AUTHFLOW_DEBUG` (``DebugTrace``).
    var logger = AuthLogger.disabled

    /// The real process: `getenv`, the build's HTTP stack (``HTTPStack``), the system clock, `posix_spawnp`.
    static func system() -> LoginEnvironment {
        system(variable: { name in getenv(name).map { String(cString: $0) } })
    }

    /// The real process for `SystemTerminal`; for any other terminal (a test's), the same but with the
    /// variables the login commands read taken from that terminal, so that a test never reads or writes
    /// the user's real profiles. `also` names more variables to read (a client secret's).
    static func system(reading terminal: some Terminal, also names: [String] = []) -> LoginEnvironment {
        if terminal is SystemTerminal { return system() }
        var variables: [String: String] = [:]
        for name in ["XDG_CONFIG_HOME", "HOME", "AUTHFLOW_BROWSER", "BROWSER", caFileVariable] + names {
            if let value = terminal.environment(name) { variables[name] = value }
        }
        let snapshot = variables
        return system(variable: { snapshot[$0] })
    }

    private static func system(variable: @escaping @Sendable (String) -> String?) -> LoginEnvironment {
        LoginEnvironment(
            variable: variable, transport: StackTransport(HTTPStack.installed), clock: .system,
            sleeper: ContinuousClock(),
            launch: { (command, url) throws(AuthSessionError) in try SystemBrowser.open(url, command: command) },
            exitsOnInterrupt: true)
    }

    /// The variable that names a PEM file of CA certificates to trust, for every login command.
    static let caFileVariable = "AUTHFLOW_CA_FILE"

    /// Makes the transport trust the CA certificates of a PEM file besides the system's: `option`
    /// (`login --ca-file`), else `$AUTHFLOW_CA_FILE`, else the profile's (saved by `login --ca-file`). Before
    /// the first request; a test's injected transport is left as it is. Fails when the file cannot be read
    /// or this build's HTTP stack cannot trust a CA file (URLSession on Linux).
    func trustCAFile(option: String?, profile: Profile?) throws(CLIError) {
        let fromVariable = variable(Self.caFileVariable).flatMap { $0.isEmpty ? nil : $0 }
        guard let path = option ?? fromVariable ?? profile?.caFile, let transport = transport as? StackTransport else { return }
        do {
            try transport.trust(caFile: path)
        } catch {
            throw .failure("--ca-file / $\(Self.caFileVariable) '\(path)': \(error)")
        }
    }

    /// The directory of authflow's profiles: `$XDG_CONFIG_HOME/authflow` when that is an absolute path,
    /// else `~/.config/authflow`; on macOS `~/Library/Application Support/authflow`.
    func configDirectory() throws(CLIError) -> String {
        #if !canImport(Darwin)
            if let xdg = variable("XDG_CONFIG_HOME"), xdg.hasPrefix("/") { return Self.joined(xdg, "authflow") }
        #endif
        guard let home = variable("HOME"), home.hasPrefix("/") else {
            throw .failure("cannot find the configuration directory: set HOME or XDG_CONFIG_HOME to an absolute path")
        }
        #if canImport(Darwin)
            return Self.joined(home, "Library/Application Support/authflow")
        #else
            return Self.joined(home, ".config/authflow")
        #endif
    }

    /// The browser commands to try, in order (``SystemBrowser/commands(environment:)``, over this environment).
    func browserCommands() -> [String] {
        SystemBrowser.commands(environment: variable)
    }

    /// Opens `url` with the first browser command that starts; returns why none did, or nil on success.
    func openBrowser(_ url: String) -> String? {
        do throws(AuthSessionError) {
            try SystemBrowser.open(url, trying: browserCommands(), launch: launch)
            return nil
        } catch {
            return "\(error)"
        }
    }

    static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
