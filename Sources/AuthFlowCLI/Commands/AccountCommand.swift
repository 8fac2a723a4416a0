// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// `authflow userinfo [--profile NAME]`: the userinfo claims of a profile's user (``AccountCommands``).
enum UserinfoCommand: CLICommand {
    static let profile = Option<String>("profile", value: "NAME", help: "the profile (default: default)")
    static let tokenInBody = Flag(
        "token-in-body", help: "send the access token as access_token in a form POST body (RFC 6750 §2.2), not the header")

    static let spec = CommandSpec(
        "userinfo", summary: "print the userinfo claims of a profile's user as JSON",
        discussion: """
            Asks the provider's userinfo endpoint (OpenID Connect Core §5.3) with the access token, refreshed
            first when needed, and checks that its sub is the signed-in user's (§5.3.2). A signed answer
            (application/jwt) is verified with the provider's keys first (alg, signature, iss, aud), and the
            verification is printed on standard error. With --token-in-body the token goes in the body of a
            form POST (RFC 6750 §2.2); a DPoP-bound token keeps the header.
            """,
        options: [profile, tokenInBody, DebugTrace.verbose],
        examples: ["userinfo", "userinfo --profile work", "userinfo --token-in-body"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        try AccountCommands.userinfo(
            ProfileOptions(profile: arguments.value(Self.profile)), tokenInBody: arguments.isSet(Self.tokenInBody),
            environment: .system(for: arguments, reading: terminal), terminal: &terminal)
    }
}

/// `authflow logout [--profile NAME]`: revoke, forget, print the end-session URL (``AccountCommands``).
enum LogoutCommand: CLICommand {
    static let spec = CommandSpec(
        "logout", summary: "revoke and forget a profile's tokens; print the provider's end-session URL",
        discussion: """
            Revokes the refresh token where the provider supports it (RFC 7009), forgets the tokens whatever the
            revocation did, and prints the provider's end-session URL (RP-Initiated Logout 1.0 §2), to end its
            own session too. The profile's settings stay: 'authflow login --profile NAME' signs in again.
            """,
        options: [UserinfoCommand.profile, DebugTrace.verbose], examples: ["logout", "logout --profile work"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        try AccountCommands.logout(
            ProfileOptions(profile: arguments.value(UserinfoCommand.profile)),
            environment: .system(for: arguments, reading: terminal), terminal: &terminal)
    }
}

/// `authflow status [--profile NAME]`: the profiles, their users and expiries, never a token.
enum StatusCommand: CLICommand {
    static let profile = Option<String>("profile", value: "NAME", help: "only this profile (default: every profile)")

    static let spec = CommandSpec(
        "status", summary: "list the profiles: issuer, client, user, expiry, scopes (never a token)",
        discussion: "Reads the profiles under $XDG_CONFIG_HOME/authflow (see 'authflow help login'); asks no provider.",
        options: [profile], examples: ["status"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        try AccountCommands.status(
            ProfileOptions(profile: arguments.value(Self.profile)), environment: .system(reading: terminal), terminal: &terminal)
    }
}
