// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthJWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authflow logout-token verify FILE|- --jwks FILE --issuer I --audience A [--now UNIX] [--max-age S]`.
enum LogoutTokenVerifyCommand: CLICommand {
    static let file = Operand<String>("FILE", help: "a file holding the logout token; - reads it from standard input", standardInput: true)
    static let jwks = Option<String>("jwks", value: "FILE", help: "the provider's JWK Set, as a file", completion: .file)
    static let issuer = Option<String>("issuer", value: "ISSUER", help: "the provider's issuer (the required iss)")
    static let audience = Option<String>("audience", value: "CLIENT_ID", help: "the client id the token must name in aud")
    static let now = Option<Int64>("now", value: "UNIX", help: "the time to check exp and iat against (default: now)")
    static let maxAge = Option<Int64>("max-age", value: "SECONDS", help: "how old iat may be (default: 300)")

    static let spec = CommandSpec(
        "verify", summary: "verify a logout token by the rules of Back-Channel Logout 1.0 §2.6",
        discussion: """
            Checks, in the order of §2.6: not encrypted, not alg none, typ logout+jwt (or JWT, or none), the
            signature with a key of --jwks, iss, aud, exp, iat (present and at most --max-age old), jti, sub or sid,
            the back-channel logout event, no nonce. Prints 'valid' with sub and sid, or fails naming the rule.
            Replays cannot be detected by one invocation; an app does that with its replay cache.
            """,
        options: [jwks, issuer, audience, now, maxAge],
        operands: [file],
        examples: ["logout-token verify token.jwt --jwks jwks.json --issuer https://id.example.com --audience my-app"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let path = try arguments.required(Self.file)
        var bytes = try terminal.readAll(path == "-" ? nil : path, limit: JWS.maximumTokenSize + 2)
        while let last = bytes.last, last == 0x0a || last == 0x0d || last == 0x20 { bytes.removeLast() }
        let token = String(decoding: bytes, as: UTF8.self)
        let document = try terminal.readAll(try arguments.required(Self.jwks), limit: 1 << 20)
        let keys = try CLIError.catching { () throws(AuthJWTError) in try JWKSet(json: document) }
        let moment = NumericDate(secondsSince1970: arguments.value(Self.now) ?? Int64(time(nil)))
        let validated: LogoutToken
        do {
            validated = try LogoutToken(
                validating: token, keys: keys, issuer: try arguments.required(Self.issuer), clientID: try arguments.required(Self.audience),
                allowedAlgorithms: JWSAlgorithm.asymmetric, now: moment,
                maximumAgeSeconds: arguments.value(Self.maxAge) ?? LogoutToken.defaultMaximumAgeSeconds)
        } catch {
            throw .failure("invalid logout token: \(error)")
        }
        terminal.write(
            "valid\nsub: \(validated.subject ?? "-")\nsid: \(validated.sessionID ?? "-")\njti: \(validated.jwtID)\n", to: .standardOutput)
    }
}
