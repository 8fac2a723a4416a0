// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
import AuthJWT

/// Reads the claims of an access token or an introspection response strictly: a claim of the wrong type
/// is ``ResourceServerError/invalidClaim(_:expected:)``, never taken as absent.
struct ClaimReader {
    let object: JSONObject

    init(_ object: JSONObject) {
        self.object = object
    }

    func string(_ name: String) throws(ResourceServerError) -> String? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw .invalidClaim(name, expected: "a string") }
        return text
    }

    /// A NumericDate (RFC 7519 §2): a JSON number of seconds, fractions dropped; never a string.
    func date(_ name: String) throws(ResourceServerError) -> Int64? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let number = value.numberValue, let date = NumericDate(number) else {
            throw .invalidClaim(name, expected: "a NumericDate (a JSON number of seconds)")
        }
        return date.secondsSince1970
    }

    func flag(_ name: String) throws(ResourceServerError) -> Bool? {
        guard let value = object[name], !value.isNull else { return nil }
        guard let flag = value.boolValue else { throw .invalidClaim(name, expected: "a boolean") }
        return flag
    }

    /// `aud`: one string or an array of strings (RFC 7519 §4.1.3); nil when absent.
    func audiences() throws(ResourceServerError) -> [String]? {
        guard let value = object["aud"], !value.isNull else { return nil }
        if let single = value.stringValue { return [single] }
        guard let array = value.arrayValue else { throw .invalidClaim("aud", expected: "a string or an array of strings") }
        var audiences: [String] = []
        for element in array {
            guard let text = element.stringValue else { throw .invalidClaim("aud", expected: "a string or an array of strings") }
            audiences.append(text)
        }
        return audiences
    }

    /// `scope`: a space-delimited string (RFC 9068 §2.2.3, RFC 8693 §4.2); empty when absent.
    func scopes() throws(ResourceServerError) -> [String] {
        guard let text = try string("scope") else { return [] }
        return ScopeList.split(text)
    }

    /// `cnf.jkt` (RFC 9449 §6.1); nil without `cnf`. A `cnf` that is not an object, has no `jkt` string, or
    /// holds another confirmation method is refused: it cannot be checked here, and a sender-constrained
    /// token must not pass as a bearer token.
    func confirmation() throws(ResourceServerError) -> String? {
        guard let value = object["cnf"], !value.isNull else { return nil }
        guard let cnf = value.objectValue else { throw .invalidClaim("cnf", expected: "an object") }
        guard let jkt = cnf["jkt"]?.stringValue, !jkt.isEmpty else {
            throw .invalidClaim("cnf", expected: "a DPoP confirmation (jkt); other confirmation methods are not supported")
        }
        guard cnf.count == 1 else {
            throw .invalidClaim("cnf", expected: "a DPoP confirmation (jkt) alone; other confirmation methods are not supported")
        }
        return jkt
    }
}

/// Space-delimited lists (`scope`, `acr_values`).
enum ScopeList {
    static func split(_ text: String) -> [String] {
        // Over UTF-8 bytes, not Characters: splitting the String itself walks grapheme clusters (7% of an RS256
        // authentication for a three-scope claim). A space is one byte and never inside a multi-byte scalar.
        text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }
}
