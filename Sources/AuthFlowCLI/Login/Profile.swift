// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJSON

/// What a profile remembers from its login, so that later commands need only `--profile`: the issuer,
/// the client id, the scopes, where the client secret is read from (a file path or a variable name, never
/// the secret), how the client authenticates and where its private key file is (never the key), whether
/// tokens are DPoP-bound (the DPoP key itself is kept with the tokens in the 0600 `tokens.json`), the RFC 8707
/// resources, whether the authorization request is pushed, and who signed in. Stored as `profile.json` (see
/// ``ProfileStore``). What only one login needs (`--prompt`, `--login-hint`, `--acr-values`, `--max-age`,
/// `--param`) is not remembered.
struct Profile: Sendable, Equatable {
    var name: String
    var issuer: String
    var clientID: String
    var scopes: [String]
    /// Whether the login is OpenID Connect (`openid` requested, an ID token validated); false for a plain
    /// OAuth 2.0 profile (`login --oauth2`), whose scopes are exactly ``scopes``.
    var openIDConnect: Bool
    /// Where the client secret is read from; nil for a public client.
    var clientSecret: ClientSecretSource?
    var insecureLoopbackIssuer: Bool
    /// How the client authenticates (`--client-auth`); nil: `client_secret_basic` with a secret (or
    /// `client_secret_post` when the provider lists only that), no authentication without one.
    var clientAuthentication: ClientAuthenticationMethod? = nil
    /// The path of the `private_key_jwt` key file (read again for every token request; never copied).
    var privateKeyFile: String? = nil
    /// Whether the tokens are DPoP-bound (RFC 9449, `--dpop`).
    var dpop = false
    /// The RFC 8707 resources the tokens are for (`--resource`); part of the grant the tokens are kept under.
    var resources: [String] = []
    /// Whether the authorization request is pushed first (RFC 9126, `--par`).
    var pushedAuthorization = false
    /// The FAPI 2.0 client profile the client keeps to (`--fapi`), if any.
    var fapi2Profile: FAPI2Profile? = nil
    /// Whether the profile's tokens come from the client credentials grant (RFC 6749 §4.4,
    /// `token --client-credentials`): no user, no browser; a token is requested again instead of refreshed.
    var clientCredentials = false
    /// The redirect URI of the last login (the device grant has none).
    var redirectURI: String?
    /// The `sub` and email of the user who signed in last.
    var subject: String?
    var email: String?
    /// A PEM file of CA certificates to trust besides the system's (`login --ca-file`), for a provider
    /// behind a private CA; nil for none.
    var caFile: String?
    /// The MCP server the profile's grant is for (`login --mcp-server`); nil for a provider's login. Its RFC 8707
    /// resource is in ``resources``.
    var mcpServer: String? = nil
    /// Whether the client was registered dynamically by `login --mcp-server` (RFC 7591): its secret, if it got
    /// one, is in the 0600 token file with the registration, not in a file or variable the profile names.
    var registeredClient = false

    init(
        name: String, issuer: String, clientID: String, scopes: [String], clientSecret: ClientSecretSource?, insecureLoopbackIssuer: Bool,
        openIDConnect: Bool = true, redirectURI: String? = nil, subject: String? = nil, email: String? = nil,
        caFile: String? = nil
    ) {
        self.name = name
        self.issuer = issuer
        self.clientID = clientID
        self.scopes = scopes
        self.clientSecret = clientSecret
        self.insecureLoopbackIssuer = insecureLoopbackIssuer
        self.openIDConnect = openIDConnect
        self.redirectURI = redirectURI
        self.subject = subject
        self.email = email
        self.caFile = caFile
    }

    /// The grant the profile's tokens belong to: its issuer, client and RFC 8707 resources.
    var grant: GrantIdentity { GrantIdentity(issuer: issuer, clientID: clientID, resources: resources) }

    /// Reads `profile.json`.
    init(json: JSONValue, name: String) throws(CLIError) {
        guard let issuer = json["issuer"]?.stringValue, let clientID = json["client_id"]?.stringValue else {
            throw .failure("it has no issuer or client_id")
        }
        self.init(
            name: name, issuer: issuer, clientID: clientID,
            scopes: json["scopes"]?.arrayValue?.compactMap(\.stringValue) ?? ["openid"],
            clientSecret: try json["client_secret"].flatMap { (value) throws(CLIError) in try ClientSecretSource(json: value) },
            insecureLoopbackIssuer: json["insecure_loopback_issuer"]?.boolValue ?? false,
            // Absent in the profiles of earlier versions, which were all OpenID Connect.
            openIDConnect: json["openid_connect"]?.boolValue ?? true,
            redirectURI: json["redirect_uri"]?.stringValue, subject: json["subject"]?.stringValue, email: json["email"]?.stringValue,
            caFile: json["ca_file"]?.stringValue)
        if let method = json["client_authentication"]?.stringValue {
            guard let known = ClientAuthenticationMethod(rawValue: method) else {
                throw .failure("client_authentication '\(ServerText.printable(method))' is not a method this version knows")
            }
            clientAuthentication = known
        }
        privateKeyFile = json["private_key"]?["file"]?.stringValue
        dpop = json["dpop"]?.boolValue ?? false
        resources = json["resources"]?.arrayValue?.compactMap(\.stringValue) ?? []
        pushedAuthorization = json["pushed_authorization"]?.boolValue ?? false
        if let name = json["fapi"]?.stringValue {
            guard let known = FAPI2Profile(name: name) else {
                throw .failure("fapi '\(ServerText.printable(name))' is not a profile this version knows")
            }
            fapi2Profile = known
        }
        clientCredentials = json["grant"]?.stringValue == "client_credentials"
        mcpServer = json["mcp_server"]?.stringValue
        registeredClient = json["registered_client"]?.boolValue ?? false
    }

    /// The document written to `profile.json`.
    var json: JSONValue {
        var object = JSONObject()
        try? object.append("issuer", .string(issuer))
        try? object.append("client_id", .string(clientID))
        try? object.append("scopes", .array(scopes.map(JSONValue.string)))
        if let clientSecret { try? object.append("client_secret", clientSecret.json) }
        try? object.append("insecure_loopback_issuer", .bool(insecureLoopbackIssuer))
        if let clientAuthentication { try? object.append("client_authentication", .string(clientAuthentication.rawValue)) }
        if let privateKeyFile { try? object.append("private_key", ["file": .string(privateKeyFile)]) }
        if dpop { try? object.append("dpop", true) }
        if !resources.isEmpty { try? object.append("resources", .array(resources.map(JSONValue.string))) }
        if pushedAuthorization { try? object.append("pushed_authorization", true) }
        if let fapi2Profile { try? object.append("fapi", .string(fapi2Profile.description)) }
        if clientCredentials { try? object.append("grant", "client_credentials") }
        if !openIDConnect { try? object.append("openid_connect", false) }
        if let redirectURI { try? object.append("redirect_uri", .string(redirectURI)) }
        if let subject { try? object.append("subject", .string(subject)) }
        if let email { try? object.append("email", .string(email)) }
        if let caFile { try? object.append("ca_file", .string(caFile)) }
        if let mcpServer { try? object.append("mcp_server", .string(mcpServer)) }
        if registeredClient { try? object.append("registered_client", true) }
        return .object(object)
    }
}

/// Where a confidential client's secret comes from. Never the command line (it would show in `ps` and the
/// shell's history): a file, `-` for standard input, or an environment variable.
enum ClientSecretSource: Sendable, Equatable {
    case file(String)
    case standardInput
    case environment(String)

    init(json: JSONValue) throws(CLIError) {
        if let path = json["file"]?.stringValue {
            self = .file(path)
        } else if let name = json["env"]?.stringValue {
            self = .environment(name)
        } else if json["stdin"]?.boolValue == true {
            self = .standardInput
        } else {
            throw .failure("client_secret names no file, env or stdin")
        }
    }

    var json: JSONValue {
        switch self {
        case .file(let path): ["file": .string(path)]
        case .environment(let name): ["env": .string(name)]
        case .standardInput: ["stdin": true]
        }
    }

    /// Reads the secret: the file's or standard input's content, or the variable's value, without one final
    /// line break. Errors name the source, never the content.
    func read(terminal: some Terminal, environment: LoginEnvironment) throws(CLIError) -> String {
        let text: String
        switch self {
        case .file(let path):
            text = String(decoding: try terminal.readAll(path, limit: 64 << 10), as: UTF8.self)
        case .standardInput:
            text = String(decoding: try terminal.readAll("-", limit: 64 << 10), as: UTF8.self)
        case .environment(let name):
            guard let value = environment.variable(name) else { throw .failure("the environment variable \(name) is not set") }
            text = value
        }
        var secret = Substring(text)
        if secret.hasSuffix("\n") { secret = secret.dropLast() }
        if secret.hasSuffix("\r") { secret = secret.dropLast() }
        guard !secret.isEmpty else { throw .failure("the client secret from \(self.name) is empty") }
        return String(secret)
    }

    /// Where it is read from, for messages.
    var name: String {
        switch self {
        case .file(let path): "'\(path)'"
        case .standardInput: "standard input"
        case .environment(let name): "$\(name)"
        }
    }
}
