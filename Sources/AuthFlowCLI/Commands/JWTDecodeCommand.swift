// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT

/// `authflow jwt decode TOKEN|-`: the header and claims, NOT verified.
enum JWTDecodeCommand: CLICommand {
    static let token = Operand<String>("TOKEN", help: "the compact JWS; - reads it from standard input", standardInput: true)

    static let json = Flag(
        "json", help: "print one JSON object: header, claims, dates (exp, iat, nbf, auth_time as ISO 8601), verified: false")

    static let spec = CommandSpec(
        "decode", summary: "print a JWT's header and claims as JSON, NOT verified",
        discussion: "Parses the compact serialization (RFC 7515 §7.1) and prints the header and the claims. Nothing is "
            + "verified: not the signature, not the claims. Use 'authflow jwt verify' before trusting a token.",
        options: [json],
        operands: [token],
        examples: ["jwt decode eyJhbGciOi...", "pbpaste | authflow jwt decode -", "jwt decode --json - < id_token.txt | jq .claims.sub"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let text = try JWTCommand.readToken(arguments.required(Self.token), terminal: terminal)
        let jwt = try CLIError.catching { () throws(AuthJWTError) in try JWT(compact: text) }
        if arguments.isSet(Self.json) {
            terminal.write(pretty(machineReadable(jwt)) + "\n", to: .standardOutput)
            return
        }
        terminal.write(
            """
            Decoded only: the signature and claims were NOT verified (use 'authflow jwt verify').
            header:
            \(pretty(.object(jwt.header.parameters)))
            claims:
            \(pretty(.object(jwt.claims.object)))

            """,
            to: .standardOutput
        )
    }

    /// `{"header": …, "claims": …, "dates": {"exp": "2011-03-22T18:43:00Z", …}, "verified": false}`.
    static func machineReadable(_ jwt: JWT) -> JSONValue {
        var dates = JSONObject()
        for name in ["exp", "iat", "nbf", "auth_time"] {
            if let date = try? jwt.claims.date(name) { try? dates.append(name, .string(date.iso8601)) }
        }
        var object = JSONObject()
        try? object.append("header", .object(jwt.header.parameters))
        try? object.append("claims", .object(jwt.claims.object))
        try? object.append("dates", .object(dates))
        try? object.append("verified", .bool(false))
        return .object(object)
    }

    static func pretty(_ value: JSONValue) -> String {
        String(decoding: value.serialized(pretty: true), as: UTF8.self)
    }
}
