// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthDigest
import AuthJWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `authflow jwt verify TOKEN|- (--jwks FILE|URL | --hs256-key-hex HEX) [--issuer I] [--audience A] [--nonce N]
/// [--now UNIX] [--leeway S]`.
enum JWTVerifyCommand: CLICommand {
    static let token = Operand<String>("TOKEN", help: "the compact JWS; - reads it from standard input", standardInput: true)
    static let jwks = Option<String>(
        "jwks", value: "FILE|URL",
        help: "a JWK Set (RSA, EC P-256 and Ed25519 keys): a file, or an https URL (http only on 127.0.0.1, [::1], localhost)",
        completion: .file)
    static let hs256KeyHex = Option<String>(
        "hs256-key-hex", value: "HEX",
        help: "a symmetric HS256 key, as hexadecimal; - reads it from standard input (it matches whatever kid the header names)")
    static let issuer = Option<String>("issuer", value: "ISSUER", help: "the required iss claim")
    static let audience = Option<String>("audience", value: "AUDIENCE", help: "the required aud (the client id for an ID token)")
    static let nonce = Option<String>("nonce", value: "NONCE", help: "the required nonce claim")
    static let now = Option<Int64>("now", value: "UNIX", help: "the time to check exp/nbf/iat against (default: now)")
    static let leeway = Option<Int64>("leeway", value: "SECONDS", help: "the clock skew allowed on exp/nbf/iat")

    static let spec = CommandSpec(
        "verify", summary: "verify a JWT's signature and claims",
        discussion: """
            Verifies the signature (RS, PS, ES256 or EdDSA with a key from --jwks, a file or a provider's jwks_uri
            fetched over https; HS256/384/512 with --hs256-key-hex) and the
            claims. With both --issuer and --audience the token is checked as an OpenID Connect ID token
            (OIDC Core §3.1.3.7); otherwise as a JWT (RFC 7519 §7.2) with only the claims asked for.
            Prints 'valid' and which checks ran and which were skipped, or fails with the reason.
            """,
        options: [jwks, hs256KeyHex, issuer, audience, nonce, now, leeway],
        operands: [token],
        groups: [.atLeastOne(jwks, hs256KeyHex)],
        examples: [
            "jwt verify \"$TOKEN\" --jwks jwks.json --issuer https://id.example.com --audience my-app",
            "jwt verify \"$TOKEN\" --jwks https://id.example.com/.well-known/jwks.json --issuer https://id.example.com --audience my-app",
        ])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let tokenText = try arguments.required(Self.token)
        if tokenText == "-", arguments.value(Self.hs256KeyHex) == "-" {
            throw .usage("only one of TOKEN and --hs256-key-hex can be read from standard input")
        }
        let token = try JWTCommand.readToken(tokenText, terminal: terminal)
        let issuer = arguments.value(Self.issuer)
        let audience = arguments.value(Self.audience)
        let nonce = arguments.value(Self.nonce)
        let leeway = arguments.value(Self.leeway)

        var keys: [JWK] = []
        if let jwksPath = arguments.value(Self.jwks) {
            let document: [UInt8]
            if jwksPath.hasPrefix("https://") || jwksPath.hasPrefix("http://") {
                // The build's HTTP stack, trusting $AUTHFLOW_CA_FILE as the login commands do.
                let environment = LoginEnvironment.system(reading: terminal)
                try environment.trustCAFile(option: nil, profile: nil)
                document = try fetch(jwksPath, transport: environment.transport)
            } else {
                document = try terminal.readAll(jwksPath, limit: 1 << 20)
            }
            keys += try CLIError.catching { () throws(AuthJWTError) in try JWKSet(json: document).keys }
        }
        if let keyOption = arguments.value(Self.hs256KeyHex) {
            let keyHex = try terminal.readValue(keyOption, limit: 4096, what: "the HS256 key")
            let secret: [UInt8]
            do { secret = try Hex.decode(keyHex) } catch { throw .failure("--hs256-key-hex: \(error)") }
            // The one key given on the command line is the key meant, whatever kid the header names (RFC 7515 §4.1.4:
            // a kid is a hint to pick among keys; here there is nothing to pick from).
            keys.append(JWK(symmetricKey: secret, keyID: (try? JWT(compact: token))?.header.keyID))
        }
        var algorithms = JWSAlgorithm.asymmetric
        if keys.contains(where: { $0.keyType == .octetSequence }) { algorithms += [.hs256, .hs384, .hs512] }
        let moment = NumericDate(secondsSince1970: arguments.value(Self.now) ?? Int64(time(nil)))
        let keySet = JWKSet(keys: keys)

        let (jwt, key) = try CLIError.catching { () throws(AuthJWTError) -> (JWT, JWK) in
            if let issuer, let audience {
                var validator = IDTokenValidator(issuer: issuer, clientID: audience)
                validator.allowedAlgorithms = algorithms
                if let leeway { validator.leewaySeconds = leeway }
                let idToken = try validator.validate(token, keys: keySet, now: moment, nonce: nonce)
                return (idToken.jwt, idToken.signingKey)
            }
            var validator = JWTValidator(allowedAlgorithms: algorithms)
            validator.issuer = issuer
            validator.audience = audience
            if let leeway { validator.leewaySeconds = leeway }
            let (jwt, key) = try validator.validate(token, keys: keySet, now: moment)
            if let nonce {
                guard let claimed = try jwt.claims.nonce else { throw .missingClaim("nonce") }
                guard ConstantTime.isEqual(claimed.utf8, nonce.utf8) else { throw .nonceMismatch }
            }
            return (jwt, key)
        }
        let report = JWTVerifyReport(
            jwt: jwt, key: key, algorithms: algorithms, asIDToken: issuer != nil && audience != nil, issuer: issuer,
            audience: audience, nonce: nonce, now: moment, leeway: leeway ?? JWTValidator(allowedAlgorithms: []).leewaySeconds)
        terminal.write(report.text(style: TextStyle(for: .standardOutput, of: terminal)), to: .standardOutput)
    }

    /// The largest JWK Set fetched (as for a file).
    static let jwksLimit = 1 << 20

    /// GETs the JWK Set at `url` (RFC 7517 §5): https, or http only to a loopback host (a local test provider),
    /// so that no one on the network can substitute the keys; a 200 of at most 1 MiB.
    static func fetch(_ url: String, transport: some HTTPTransport) throws(CLIError) -> [UInt8] {
        guard let uri = try? URI(parsing: url), let host = uri.host?.lowercased() else { throw .usage("--jwks: '\(url)' is not a URL") }
        guard uri.scheme.lowercased() == "https" || ["127.0.0.1", "[::1]", "::1", "localhost"].contains(host) else {
            throw .usage("--jwks fetches a JWK Set over https only (http only from 127.0.0.1, [::1] or localhost), not '\(url)'")
        }
        var get = TransportRequest(method: .get, url: url)
        get.setHeader("Accept", "application/json, application/jwk-set+json")
        let request = get
        let result = runBlocking { () async -> Result<TransportResponse, AuthHTTPError> in
            await Result { () async throws(AuthHTTPError) in try await transport.send(request) }
        }
        let response: TransportResponse
        switch result {
        case .success(let value): response = value
        case .failure(let error): throw .failure("--jwks: cannot fetch \(url): \(ServerText.printable("\(error)"))")
        }
        guard response.status == 200 else { throw .failure("--jwks: \(url) answered \(response.status), not 200 with a JWK Set") }
        guard response.body.count <= jwksLimit else { throw .failure("--jwks: the JWK Set at \(url) is larger than 1 MiB") }
        return response.body
    }
}
