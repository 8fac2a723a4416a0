// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

/// What `authflow jwt verify` checked and what it did not, printed under `valid`: each check the
/// validator ran, with the values it compared, and each it skipped, with the reason (usually the option
/// that would turn it on).
struct JWTVerifyReport {
    private(set) var checked: [(name: String, detail: String)] = []
    private(set) var skipped: [(name: String, reason: String)] = []

    mutating func check(_ name: String, _ detail: String) { checked.append((name, detail)) }
    mutating func skip(_ name: String, _ reason: String) { skipped.append((name, reason)) }

    /// The report for a token that passed, as the validators document their checks.
    init(
        jwt: JWT, key: JWK, algorithms: [JWSAlgorithm], asIDToken: Bool, issuer: String?, audience: String?, nonce: String?,
        now: NumericDate, leeway: Int64
    ) {
        let claims = jwt.claims
        let keyName = "a key of type \(key.keyType.rawValue)" + (key.keyID.map { " (kid '\($0)')" } ?? "")
        check("signature", "\(jwt.header.algorithm.rawValue), verified with \(keyName) (RFC 7515 §5.2)")
        check("alg", "\(jwt.header.algorithm.rawValue) is one of \(algorithms.map(\.rawValue).joined(separator: ", ")); never none")
        let at = "\(now.iso8601) with \(leeway) s leeway"
        if let exp = try? claims.expiration { check("exp", "\(exp.iso8601), not passed at \(at)") }
        if let nbf = try? claims.notBefore {
            check("nbf", "\(nbf.iso8601), reached at \(at)")
        } else {
            skip("nbf", "absent")
        }
        if let iat = try? claims.issuedAt {
            check("iat", "\(iat.iso8601), not in the future at \(at)")
        } else {
            skip("iat", "absent")
        }
        if let issuer { check("iss", "equal to '\(issuer)'") } else { skip("iss", "no --issuer") }
        if let audience {
            check("aud", "contains '\(audience)'" + (asIDToken ? ", no other untrusted audience; azp when present" : ""))
        } else {
            skip("aud", "no --audience")
        }
        if asIDToken {
            check("sub", "present (OIDC Core §2)")
        } else {
            skip("sub", "not required without --issuer and --audience")
        }
        if nonce != nil { check("nonce", "equal to --nonce, compared in constant time") } else { skip("nonce", "no --nonce") }
        if let authTime = try? claims.authenticationTime {
            skip("auth_time", "\(authTime.iso8601), no max_age to compare it with")
        }
        if asIDToken {
            skip("at_hash, c_hash", "no access token or code to compare them with")
            skip("acr, amr", "never checked by authflow")
        }
    }

    /// `valid` and the two lists, aligned.
    func text(style: TextStyle) -> String {
        let width = (checked.map(\.name.count) + skipped.map(\.name.count)).max() ?? 0
        func pad(_ name: String) -> String { name + String(repeating: " ", count: width - name.count) }
        var text = "valid\n"
        text += "checked:\n" + checked.map { "  \(style.success("✓")) \(pad($0.name))  \($0.detail)\n" }.joined()
        if !skipped.isEmpty {
            text += "skipped:\n" + skipped.map { "  \(style.warning("-")) \(pad($0.name))  \($0.reason)\n" }.joined()
        }
        return text
    }
}
