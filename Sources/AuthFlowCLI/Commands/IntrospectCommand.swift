// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow introspect [--profile NAME] [--token-file FILE] [--signed]`: what the provider says about a token
/// (RFC 7662), asked as the profile's client (``TokenCommands/introspect(profile:tokenFile:signed:environment:terminal:)``).
enum IntrospectCommand: CLICommand {
    static let profile = Option<String>("profile", value: "NAME", help: "the profile whose client asks (default: default)")
    static let tokenFile = Option<String>(
        "token-file", value: "FILE", help: "introspect the token in FILE, - for standard input (default: the profile's own access token)")
    static let signed = Flag("signed", help: "ask for a signed answer (RFC 9701) and verify it with the provider's keys")

    static let spec = CommandSpec(
        "introspect", summary: "ask the provider whether a token is active (RFC 7662), as the profile's client",
        discussion: """
            Sends the token to the provider's introspection endpoint (from its metadata, or its RFC 8414 document)
            with the profile's client authentication, and prints the answer as JSON. The exit status is 0 when
            the token is active and 1 when it is not ({"active": false} is printed either way). The token is never
            an argument (it would show in the process list): it is the profile's access token, or read from
            --token-file (- reads standard input). With --signed the answer is a JWT verified with the
            provider's keys (RFC 9701).
            """,
        options: [profile, tokenFile, signed, DebugTrace.verbose],
        examples: ["introspect --profile ci", "introspect --profile ci --token-file token.txt --signed"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        try TokenCommands.introspect(
            profile: arguments.value(Self.profile) ?? "default", tokenFile: arguments.value(Self.tokenFile),
            signed: arguments.isSet(Self.signed), environment: .system(for: arguments, reading: terminal), terminal: &terminal)
    }
}
