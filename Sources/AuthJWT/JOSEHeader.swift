// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON

/// The protected header of a JWS (RFC 7515 §4), read from its JSON object.
///
/// ```swift
/// let jws = try JWS(compact: token)
/// jws.header.algorithm     // .hs256
/// jws.header.keyID         // "2011-04-29", if present
/// ```
///
/// Checked when read: `alg` is present and a string; `kid`, `typ` and `cty` are strings when present;
/// `crit` (RFC 7515 §4.1.11) is a non-empty array of distinct strings naming no registered parameter.
/// No extension is understood, so any name listed in `crit` makes the token rejected, as the RFC
/// requires of a recipient that does not understand it.
public struct JOSEHeader: Sendable {
    /// `alg`: the algorithm the signature claims to use. Whether it is acceptable is the verifier's call.
    public let algorithm: JWSAlgorithm
    /// `kid`: which key signed it.
    public let keyID: String?
    /// `typ`: the media type of the whole JWS, such as `JWT`.
    public let type: String?
    /// `cty`: the media type of the payload.
    public let contentType: String?
    /// Every header parameter, as sent.
    public let parameters: JSONObject

    /// The header parameters RFC 7515 §4.1 and RFC 7516 §4.1 register, which `crit` must not list.
    static let registeredNames: [String] = [
        "alg", "jku", "jwk", "kid", "x5u", "x5c", "x5t", "x5t#S256", "typ", "cty", "crit", "enc", "zip",
    ]

    /// Reads and checks a header object.
    public init(_ parameters: JSONObject) throws(AuthJWTError) {
        guard let algorithmValue = parameters["alg"] else { throw .missingHeaderParameter("alg") }
        guard let algorithm = algorithmValue.stringValue else { throw .invalidHeaderParameter("alg", expected: "a string") }
        self.algorithm = JWSAlgorithm(rawValue: algorithm)
        keyID = try Self.optionalString("kid", in: parameters)
        type = try Self.optionalString("typ", in: parameters)
        contentType = try Self.optionalString("cty", in: parameters)
        if let critical = parameters["crit"] {
            guard let names = critical.arrayValue, !names.isEmpty else {
                throw .invalidHeaderParameter("crit", expected: "a non-empty array of strings")
            }
            var seen: [String] = []
            for entry in names {
                guard let name = entry.stringValue else {
                    throw .invalidHeaderParameter("crit", expected: "a non-empty array of strings")
                }
                if Self.registeredNames.contains(where: { $0.hasSameBytes(as: name) })
                    || seen.contains(where: { $0.hasSameBytes(as: name) })
                {
                    throw .invalidHeaderParameter("crit", expected: "distinct names of extension parameters")
                }
                seen.append(name)
            }
            throw .unsupportedCriticalParameter(seen[0])
        }
        self.parameters = parameters
    }

    private static func optionalString(_ name: String, in parameters: JSONObject) throws(AuthJWTError) -> String? {
        guard let value = parameters[name] else { return nil }
        guard let text = value.stringValue else { throw .invalidHeaderParameter(name, expected: "a string") }
        return text
    }
}
