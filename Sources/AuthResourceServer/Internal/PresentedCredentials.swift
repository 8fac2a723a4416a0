// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthHTTP

/// The access token a request presents, read from its one `Authorization` field (RFC 6750 §2.1, RFC 9449
/// §7.1), and its `DPoP` proof fields.
///
/// Refused as `invalid_request`: more than one `Authorization` field; a token in the URL query (RFC 6750
/// §2.3, which a server "SHOULD NOT" need and which leaks tokens into logs), alone or beside the header —
/// one method only (RFC 6750 §2); a scheme with no token or a token that is not a `b64token`. A request
/// without `Authorization` is ``ResourceServerError/missingToken``; another scheme is
/// ``ResourceServerError/unsupportedScheme(_:)``. The form-encoded body method (RFC 6750 §2.2) is not
/// supported: the body is not read.
struct PresentedCredentials: Sendable {
    enum Scheme: Sendable, Hashable {
        case bearer
        case dpop
    }

    let scheme: Scheme
    let token: String
    /// Every `DPoP` header field's value.
    let proofs: [String]

    init(_ request: ProtectedRequest) throws(ResourceServerError) {
        let authorizations = request.values(of: "Authorization")
        let inQuery = Self.queryHasAccessToken(request.url)
        guard authorizations.count <= 1 else {
            throw .invalidRequest("more than one Authorization header field (RFC 6750 §2: one method, one token)")
        }
        guard let authorization = authorizations.first else {
            if inQuery {
                throw .invalidRequest("the access token is in the URL query, which this resource does not accept (RFC 6750 §2.3)")
            }
            throw .missingToken
        }
        guard !inQuery else {
            throw .invalidRequest("the access token is sent both in the Authorization header and in the query (RFC 6750 §2)")
        }
        var bytes = Substring(authorization).utf8[...]
        while let first = bytes.first, first == 0x20 || first == 0x09 { bytes = bytes.dropFirst() }
        while let last = bytes.last, last == 0x20 || last == 0x09 { bytes = bytes.dropLast() }
        let schemeBytes = bytes.prefix { $0 != 0x20 && $0 != 0x09 }
        let scheme = String(decoding: schemeBytes, as: UTF8.self)
        var rest = bytes.dropFirst(schemeBytes.count)
        while let first = rest.first, first == 0x20 { rest = rest.dropFirst() }
        if HeaderField(name: scheme, value: "").hasName("Bearer") {
            self.scheme = .bearer
        } else if HeaderField(name: scheme, value: "").hasName("DPoP") {
            self.scheme = .dpop
        } else {
            // A value without a space (a bare token, `Bearer:…`) would put the credential in the error: only a
            // short RFC 9110 token followed by credentials is named as a scheme.
            let isScheme = !rest.isEmpty && schemeBytes.count <= 20 && schemeBytes.allSatisfy(HTTPSyntax.isTokenCharacter)
            throw .unsupportedScheme(isScheme ? scheme : "<not an authentication scheme>")
        }
        guard !rest.isEmpty else { throw .invalidRequest("the \(scheme) scheme without a token (RFC 6750 §2.1)") }
        let token = String(decoding: rest, as: UTF8.self)
        guard Self.isB64Token(token.utf8) else {
            throw .invalidRequest("the token is not a b64token (RFC 6750 §2.1): one value of letters, digits and -._~+/ then = padding")
        }
        self.token = token
        proofs = request.values(of: "DPoP")
    }

    /// `b64token = 1*( ALPHA / DIGIT / "-" / "." / "_" / "~" / "+" / "/" ) *"="` (RFC 6750 §2.1). Over the
    /// string's contiguous UTF-8 (a token is most of a request's header bytes: walking `String.UTF8View`
    /// index by index cost 9% of a whole RS256 authentication).
    static func isB64Token(_ bytes: String.UTF8View) -> Bool {
        bytes.withContiguousStorageIfAvailable(isB64Token) ?? isB64Token(Array(bytes))
    }

    static func isB64Token(_ bytes: some Collection<UInt8>) -> Bool {
        var characters = 0
        var padding = 0
        for byte in bytes {
            if byte == UInt8(ascii: "=") {
                padding += 1
            } else if padding == 0 && HTTPSyntax.isToken68Character(byte) {
                characters += 1
            } else {
                return false
            }
        }
        return characters > 0
    }

    /// Whether the URL's query has an `access_token` parameter (RFC 6750 §2.3), by its name as sent.
    static func queryHasAccessToken(_ url: String) -> Bool {
        guard let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return false }
        var query = url.utf8[url.utf8.index(after: question)...]
        if let hash = query.firstIndex(of: UInt8(ascii: "#")) { query = query[..<hash] }
        return query.split(separator: UInt8(ascii: "&")).contains { pair in
            let name = pair.prefix { $0 != UInt8(ascii: "=") }
            return name.elementsEqual("access_token".utf8) || name.elementsEqual("access%5Ftoken".utf8)
                || name.elementsEqual("access%5ftoken".utf8)
        }
    }
}
