// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient

/// `authflow token [--profile NAME] [--bare | --header | --json | --exec-credential] [--authorization-details
/// JSON|@FILE]`: a valid access token of a profile, refreshed first when needed, or one narrowed to
/// authorization details (RFC 9396 §6.1) (``TokenCommands``).
///
/// `authflow token --client-credentials [--issuer URL --client-id ID (--client-secret-file FILE | …)] …`: a
/// token for the client itself (RFC 6749 §4.4), cached in the profile until it expires.
enum TokenCommand: CLICommand {
    static let profile = Option<String>("profile", value: "NAME", help: "the profile (default: default)")
    static let bare = Flag("bare", help: "the token alone (the default)")
    static let header = Flag("header", help: "as an HTTP header: Authorization: Bearer TOKEN")
    static let json = Flag("json", help: "as JSON: access_token, token_type, expires_at (ISO 8601), scope")
    static let execCredential = Flag(
        "exec-credential", help: "as a Kubernetes client.authentication.k8s.io/v1 ExecCredential, for kubectl's exec plugin")
    static let clientCredentials = Flag(
        "client-credentials",
        help: "a token for the client itself (RFC 6749 §4.4), no user; the options below set the profile up (kept by it)")
    static let assertionFile = Option<String>(
        "assertion-file", value: "FILE",
        help: "the JWT bearer grant (RFC 7523 §2.1): a token for the signed JWT in FILE (- for standard input), printed, not stored")
    static let authorizationDetails = Option<String>(
        "authorization-details", value: "JSON|@FILE",
        help:
            "a token narrowed to these authorization_details (RFC 9396 §6.1), from the refresh token: a JSON array of objects "
            + "with a type, or @FILE (@- for standard input); printed, not stored")
    /// The options that set a client credentials profile up (those of `login`).
    static let clientOptions: [any OptionDeclaration] = [
        LoginCommand.issuer, LoginCommand.clientID, LoginCommand.clientSecretFile, LoginCommand.clientSecretEnv, LoginCommand.clientAuth,
        LoginCommand.privateKeyFile, LoginCommand.scope, LoginCommand.resource, LoginCommand.dpop, LoginCommand.insecureLoopbackIssuer,
    ]

    static let spec = CommandSpec(
        "token", summary: "print a valid access token of a profile, refreshed first when needed",
        discussion: """
            Prints the stored access token when it is good for at least 60 more seconds; otherwise refreshes it
            first (RFC 6749 §6) and stores the new tokens, the rotated refresh token before it is used. When the
            provider refuses the refresh (invalid_grant), the tokens are forgotten and the command says to log in
            again. Nothing else is printed on standard output.

            With --client-credentials: a token for the client itself (RFC 6749 §4.4), for CI and services — no
            user and no browser. The first call sets the profile up with --issuer, --client-id and the client's
            credentials (a secret from a file or variable, or --private-key-file), --scope, --resource and
            --dpop; later calls need only --profile. The token is cached in the profile's 0600 token file and a
            new one requested when it has less than 60 seconds left.

            With --resource URL alone: the access token of the grant for that resource — the profile that
            'authflow login --mcp-server URL' made for an MCP server (the server's URL or its RFC 9728 resource), or
            the one --profile names, which must hold a grant for it; refreshed with resource (RFC 8707).

            With --assertion-file FILE: the JWT bearer grant (RFC 7523 §2.1) — a token for the signed JWT in
            FILE (from a workload identity platform or an identity provider; - reads standard input), asked for
            with the profile's client, or one the client options set up (a public client may use it). The token
            is printed and not stored: each call exchanges its assertion.

            With --authorization-details: an access token narrowed to those authorization details (RFC 9396
            §6.1), asked for with the profile's refresh token and printed, not stored (the profile's own tokens
            stay as they were, except a refresh token the provider rotates, saved first). The provider decides
            what it grants; --json prints what it granted as authorization_details. A type the provider does not
            list in authorization_details_types_supported is refused before anything is sent.
            """,
        options: [profile, bare, header, json, execCredential, clientCredentials, assertionFile, authorizationDetails, DebugTrace.verbose]
            + clientOptions,
        groups: [
            .atMostOne(bare, header, json, execCredential), .atMostOne(LoginCommand.clientSecretFile, LoginCommand.clientSecretEnv),
            .atMostOne(clientCredentials, assertionFile), .atMostOne(clientCredentials, authorizationDetails),
            .atMostOne(assertionFile, authorizationDetails),
        ],
        examples: [
            "token", "token --header --profile work", "token --exec-credential",
            "token --client-credentials --profile ci --issuer https://login.example.com --client-id nightly "
                + "--client-secret-env NIGHTLY_SECRET --scope reports:read",
            "token --client-credentials --profile ci --header",
            "token --assertion-file workload.jwt --profile ci --header",
            "token --resource https://mcp.example.com/mcp --header",
            #"token --json --authorization-details '[{"type":"account_information","actions":["list_accounts"]}]'"#,
        ])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        var options = Self.options(arguments)
        let setsUp = clientOptions.contains { arguments.contains($0) }
        var setup = LoginOptions()
        LoginCommand.client(arguments, into: &setup)
        setup.profile = options.profile
        setup.oauth2 = true
        if let file = arguments.value(Self.assertionFile) {
            options.assertionFile = file
            options.setup = setsUp ? setup : nil
        } else if arguments.isSet(Self.clientCredentials) {
            options.clientCredentials = true
            options.setup = setsUp ? setup : nil
        } else if arguments.contains(LoginCommand.resource),
            !clientOptions.contains(where: { $0.info.name != "resource" && arguments.contains($0) })
        {
            // `token --resource URL`: the grant for that resource (an MCP server's, from `login --mcp-server`).
            let resources = arguments.values(LoginCommand.resource)
            guard resources.count == 1 else { throw .usage("token takes one --resource: the grant of that resource is printed") }
            options.resource = resources[0]
            options.profileGiven = arguments.contains(Self.profile)
        } else if let first = clientOptions.first(where: { arguments.contains($0) }) {
            throw .usage(
                "--\(first.info.name) sets up a client credentials profile: add --client-credentials, or log in with 'authflow login'")
        }
        if let text = arguments.value(Self.authorizationDetails) {
            options.authorizationDetails = try Self.authorizationDetails(text, terminal: terminal)
        }
        let secretVariable: [String] = if case .environment(let name) = options.setup?.clientSecret { [name] } else { [] }
        try TokenCommands.run(
            .access, options, environment: .system(for: arguments, reading: terminal, also: secretVariable), terminal: &terminal)
    }

    /// `--authorization-details`: the JSON array itself, or `@FILE` (`@-`: standard input), read as RFC 9396
    /// §2 entries (at most 1 MiB).
    static func authorizationDetails(_ text: String, terminal: some Terminal) throws(CLIError) -> [AuthorizationDetail] {
        var json = text
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            do {
                json = String(decoding: try terminal.readAll(path == "-" ? nil : path, limit: 1 << 20), as: UTF8.self)
            } catch {
                throw .failure("--authorization-details \(text): \(error.message)")
            }
        }
        let details: [AuthorizationDetail]
        do {
            details = try AuthorizationDetail.array(json: json)
        } catch {
            throw .usage("--authorization-details takes a JSON array of objects with a type (RFC 9396 §2), or @FILE: \(error)")
        }
        guard !details.isEmpty else { throw .usage("--authorization-details needs at least one entry to narrow to (RFC 9396 §6)") }
        return details
    }

    /// The options on the command line (shared with `id-token`).
    static func options(_ arguments: ParsedArguments) -> TokenOptions {
        var options = TokenOptions()
        options.profile = arguments.value(Self.profile) ?? "default"
        if arguments.isSet(Self.header) { options.format = .header }
        if arguments.isSet(Self.json) { options.format = .json }
        if arguments.isSet(Self.execCredential) { options.format = .execCredential }
        return options
    }
}

/// `authflow id-token [--profile NAME] [--bare | --header | --json | --exec-credential]`: the profile's ID
/// token, refreshed when it has expired (``TokenCommands``).
enum IDTokenCommand: CLICommand {
    static let spec = CommandSpec(
        "id-token", summary: "print the ID token of a profile, refreshed when it has expired",
        discussion: """
            The ID token received at login or at the last refresh; when it has expired (or expires within 60
            seconds), the tokens are refreshed first, which works where the provider issues a new ID token on
            refresh (OpenID Connect Core §12.2). --exec-credential is what kubectl needs for a cluster that trusts
            the provider's ID tokens.
            """,
        options: [
            TokenCommand.profile, TokenCommand.bare, TokenCommand.header, TokenCommand.json, TokenCommand.execCredential,
            DebugTrace.verbose,
        ],
        groups: [.atMostOne(TokenCommand.bare, TokenCommand.header, TokenCommand.json, TokenCommand.execCredential)],
        examples: ["id-token --exec-credential --profile k8s"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        try TokenCommands.run(
            .id, TokenCommand.options(arguments),
            environment: .system(for: arguments, reading: terminal), terminal: &terminal)
    }
}
