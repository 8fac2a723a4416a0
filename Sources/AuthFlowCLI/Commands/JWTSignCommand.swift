// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthDigest
import AuthJSON
import AuthJWT

/// `authflow jwt sign --alg ES256|HS256 --key JWK-FILE [CLAIMS-FILE|-]`: a compact JWS of a claims object.
enum JWTSignCommand: CLICommand {
    static let algorithm = Option<String>(
        "alg", value: "ALG", help: "the signature algorithm", required: true, allowedValues: ["ES256", "HS256"])
    static let key = Option<String>(
        "key", value: "JWK-FILE", help: "the private key as a JWK: EC P-256 with d for ES256, oct with k for HS256", required: true,
        completion: .file)
    static let type = Option<String>("typ", value: "TYPE", help: "the header's typ (default JWT)")
    static let claims = Operand<String>(
        "CLAIMS", help: "a JSON object of claims; standard input when absent or -", optional: true, standardInput: true,
        completion: .file)

    static let spec = CommandSpec(
        "sign", summary: "sign a JSON object of claims as a compact JWS (ES256 or HS256)",
        discussion: """
            ES256 (RFC 7518 §3.4) signs with the P-256 private key's d: deterministic nonces (RFC 6979), low s, \
            constant-time arithmetic in the Swift source. HS256 (§3.2) MACs with the oct key's k, at least \
            32 bytes. The header is {"alg", "typ", "kid" when the JWK has one}. The claims are signed as given.
            """,
        options: [algorithm, key, type], operands: [claims],
        examples: ["jwt sign --alg ES256 --key key.jwk claims.json", "jwt sign --alg HS256 --key secret.jwk - < claims.json"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let keyBytes = try terminal.readAll(arguments.required(Self.key), limit: 64 * 1024)
        let claimsBytes = try terminal.readAll(arguments.operand(Self.claims), limit: JWS.maximumTokenSize)
        let claims: JSONObject
        do {
            guard let object = try JSONValue(parsing: claimsBytes).objectValue else {
                throw CLIError.failure("the claims must be a JSON object")
            }
            claims = object
        } catch let error as CLIError {
            throw error
        } catch {
            throw .failure("the claims are not valid JSON: \(error)")
        }
        var header = JSONObject()
        try? header.append("typ", .string(arguments.value(Self.type) ?? "JWT"))
        let token: String
        switch try arguments.required(Self.algorithm) {
        case "ES256":
            let privateKey = try CLIError.catching { () throws(AuthJWTError) in try P256PrivateKey(jwk: keyBytes) }
            token = privateKey.signedJWT(claims: claims, header: header)
        default:
            let jwk = try CLIError.catching { () throws(AuthJWTError) in try JWK(json: keyBytes) }
            guard case .symmetric(let secret) = jwk.material else { throw .failure("HS256 needs an oct JWK with k (RFC 7518 §6.4)") }
            guard secret.count >= 32 else {
                throw .failure("the HS256 key has \(secret.count * 8) bits; at least 256 are required (RFC 7518 §3.2)")
            }
            var fullHeader = JSONObject()
            try? fullHeader.append("alg", "HS256")
            if let keyID = jwk.keyID { try? fullHeader.append("kid", .string(keyID)) }
            for member in header.members { try? fullHeader.append(member.name, member.value) }
            let input = JWS.signingInput(header: fullHeader, payload: JSONValue.object(claims).serialized())
            token = JWS.compact(signingInput: input, signature: Array(HMACSHA256.authenticationCode(for: input, key: secret)))
        }
        terminal.write(token + "\n", to: .standardOutput)
    }
}
