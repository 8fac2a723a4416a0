// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthJSON

/// `authflow callback parse URL [--scheme S | --https HOST/PATH | --loopback PATH] [--state S]
/// [--issuer I] [--require-issuer] [--fragment]`: parses a redirect URI with AuthFlow's own RFC 3986 parser,
/// matches it against a callback, checks the authorization response and prints the result as JSON.
///
/// Without `--state` the response's own `state` is echoed and the output says it was not compared: a
/// client must always compare it (RFC 6749 §10.12).
enum CallbackParseCommand: CLICommand {
    static let url = Operand<String>("URL", help: "the redirect URI received; - reads it from standard input", standardInput: true)
    static let scheme = Option<String>("scheme", value: "SCHEME", help: "match a private-use URI scheme callback (RFC 8252 §7.1)")
    static let https = Option<String>("https", value: "HOST/PATH", help: "match a claimed https callback (RFC 8252 §7.2)")
    static let loopback = Option<String>("loopback", value: "PATH", help: "match a loopback callback on any port (RFC 8252 §7.3)")
    static let state = Option<String>("state", value: "STATE", help: "the state sent; the response's must equal it")
    static let issuer = Option<String>("issuer", value: "ISSUER", help: "the issuer; a received iss must equal it (RFC 9207)")
    static let requireIssuer = Flag("require-issuer", help: "fail when the response has no iss (needs --issuer)")
    static let fragment = Flag("fragment", help: "read the response from the fragment (response_mode=fragment)")

    static let spec = CommandSpec(
        "parse", summary: "parse a redirect URI and check the authorization response; prints JSON",
        discussion: """
            Parses the URI with AuthFlow's RFC 3986 parser, matches it against the callback (RFC 8252 §7), and
            checks the authorization response: state, RFC 9207 iss, repeated parameters, OAuth errors. Without
            --state the received state is echoed and the output says it was NOT compared (RFC 6749 §10.12).
            """,
        options: [scheme, https, loopback, state, issuer, requireIssuer, fragment],
        operands: [url],
        groups: [.atMostOne(scheme, https, loopback)],
        examples: ["callback parse 'com.example.app:/cb?code=abc&state=xyz' --scheme com.example.app --state xyz"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let scheme = arguments.value(Self.scheme)
        let https = arguments.value(Self.https)
        let loopback = arguments.value(Self.loopback)
        let state = arguments.value(Self.state)
        let issuer = arguments.value(Self.issuer)
        let requireIssuer = arguments.isSet(Self.requireIssuer)
        let fragment = arguments.isSet(Self.fragment)
        let text = try terminal.readValue(arguments.required(Self.url), limit: 1 << 16, what: "the URL")
        if requireIssuer, issuer == nil { throw .usage("--require-issuer needs --issuer") }

        let callback: Callback? = try CLIError.catching { () throws(AuthCallbackError) -> Callback? in
            if let scheme { return try .customScheme(scheme) }
            if let https {
                guard let slash = https.utf8.firstIndex(of: UInt8(ascii: "/")) else {
                    throw .invalidCallback("--https takes HOST/PATH, such as example.com/auth")
                }
                return try .https(host: String(https[..<slash]), path: String(https[slash...]))
            }
            if let loopback { return try .loopback(path: loopback) }
            return nil
        }
        let (uri, response) = try CLIError.catching { () throws(AuthCallbackError) -> (URI, AuthorizationResponse) in
            let uri = try URI(parsing: text)
            if let callback, !callback.matches(uri) { throw .callbackMismatch }
            // Without --state, the received state stands in, so that every other check still runs.
            let received = try (fragment ? uri.fragmentParameters() : uri.queryParameters())
            let expected = state ?? received.first { $0.name == "state" }?.value ?? ""
            let response = try AuthorizationResponse(
                callback: uri,
                expecting: .init(
                    state: expected, issuer: issuer, requiresIssuer: requireIssuer, responseMode: fragment ? .fragment : .query)
            )
            return (uri, response)
        }
        var checks: [JSONValue] = ["no parameter repeated (RFC 6749 §3.1)"]
        if callback != nil { checks.append("the URI matches the callback (RFC 8252 §7)") }
        checks.append(
            state == nil ? "state present, NOT compared: pass --state (RFC 6749 §10.12)" : "state equal to --state (RFC 6749 §4.1.2)")
        if issuer != nil {
            checks.append(response.issuer != nil ? "iss equal to --issuer (RFC 9207 §2.4)" : "iss absent and not required (RFC 9207 §2.4)")
        }
        checks.append("code present (RFC 6749 §4.1.2)")
        let output: JSONValue = [
            "uri": describe(uri),
            "callback": callback.map { _ in .string(name(scheme: scheme, https: https, loopback: loopback)) } ?? .null,
            "response": describe(response),
            "checks": .array(checks),
        ]
        terminal.write(String(decoding: output.serialized(pretty: true), as: UTF8.self) + "\n", to: .standardOutput)
    }

    private static func name(scheme: String?, https: String?, loopback: String?) -> String {
        if let scheme { return "custom scheme \(scheme)" }
        if let https { return "https \(https)" }
        return "loopback \(loopback ?? "")"
    }

    private static func describe(_ uri: URI) -> JSONValue {
        [
            "scheme": .string(uri.scheme),
            "userinfo": uri.userinfo.map(JSONValue.string) ?? .null,
            "host": uri.host.map(JSONValue.string) ?? .null,
            "port": uri.port.map { .number(JSONNumber($0)) } ?? .null,
            "path": .string(uri.path),
            "query": uri.query.map(JSONValue.string) ?? .null,
            "fragment": uri.fragment.map(JSONValue.string) ?? .null,
        ]
    }

    private static func describe(_ response: AuthorizationResponse) -> JSONValue {
        [
            "code": .string(response.code),
            "state": .string(response.state),
            "iss": response.issuer.map(JSONValue.string) ?? .null,
            "id_token": response.idToken.map(JSONValue.string) ?? .null,
            "parameters": .array(response.parameters.map { ["name": .string($0.name), "value": .string($0.value)] }),
        ]
    }
}
