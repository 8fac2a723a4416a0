// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A successful authorization response (RFC 6749 §4.1.2), read from the redirect or a `form_post` body
/// and checked against what the request expects.
///
/// ```swift
/// let expected = AuthorizationResponse.Expectations(state: state.value, issuer: "https://server.example.com")
/// let response = try AuthorizationResponse(callback: redirectURI, expecting: expected)
/// response.code     // to exchange at the token endpoint
/// ```
///
/// Checked, in order, each with its own ``AuthCallbackError``:
/// 1. every parameter appears once (RFC 6749 §3.1);
/// 2. in query mode, parameters found only in the fragment are reported as such, not as a missing state;
/// 3. `state` is present and equal to the one sent, in constant time (RFC 6749 §4.1.2, §10.12), also for
///    error responses, so a forged error is not believed; an error response with no state at all (some
///    servers omit it, against §4.1.2.1) is thrown as ``AuthCallbackError/unverifiedErrorResponse(_:)``,
///    so the user learns why the login ended while nothing from it is trusted;
/// 4. `iss`, when an issuer is expected: equal if present, and required when the server advertises
///    `authorization_response_iss_parameter_supported` (RFC 9207 §2.4); an error response without the
///    required `iss` is still refused, as ``AuthCallbackError/errorResponseWithoutIssuer(_:)``, which
///    carries the error so that "the user pressed Cancel" is not reported as "missing iss";
/// 5. `error` present: thrown as ``AuthCallbackError/errorResponse(_:)`` with its description and URI,
///    kept even when they break RFC 6749's character rules (sanitised, see ``OAuthErrorResponse``);
/// 6. `code` present.
public struct AuthorizationResponse: Sendable {
    /// Where the response parameters are (OAuth 2.0 Multiple Response Type Encoding Practices).
    public enum ResponseMode: Sendable {
        /// `?code=…` — the default for the code flow.
        case query
        /// `#code=…` — implicit and hybrid flows.
        case fragment
        /// A POST body — `response_mode=form_post`, as Sign in with Apple uses for name and email scopes.
        case formPost
    }

    /// What the client sent and therefore expects back.
    public struct Expectations: Sendable {
        /// The `state` sent in the request.
        public var state: String
        /// The issuer, to compare `iss` with (RFC 9207), or nil not to check it.
        public var issuer: String?
        /// Whether `iss` must be present (the server's metadata has `authorization_response_iss_parameter_supported`).
        public var requiresIssuer: Bool
        /// Where the parameters are expected.
        public var responseMode: ResponseMode

        public init(state: String, issuer: String? = nil, requiresIssuer: Bool = false, responseMode: ResponseMode = .query) {
            self.state = state
            self.issuer = issuer
            self.requiresIssuer = requiresIssuer
            self.responseMode = responseMode
        }
    }

    /// `code`: the authorization code.
    public let code: String
    /// `state`, equal to the one sent.
    public var state: String { string(.state) ?? "" }
    /// `iss`, if sent.
    public var issuer: String? { string(.iss) }
    /// `id_token`, if sent (hybrid flows; Sign in with Apple's form_post).
    public var idToken: String? { string(.idToken) }
    /// `user`: Sign in with Apple's first-sign-in JSON with the name and email, if sent.
    public var user: String? { string(.user) }
    /// Every parameter, in order. The response keeps the text it was read from and decodes it again when
    /// this (or `state`, `issuer`, `idToken`, `user`) is read: checking a response makes one string, the code.
    public var parameters: [FormParameter] {
        // The text was decoded once without error when the response was made; decoding is deterministic.
        Self.withBytes(of: source) { base in base.flatMap { try? FormParameter.parse($0, range) } ?? [] }
    }

    /// The text the parameters were read from, as received: the redirect URI, or the form body's bytes.
    private let source: Source
    /// Where the parameters are in ``source``.
    private let range: Range<Int>
    /// Where the parameters the properties read are in ``parameters``.
    private let found: Found

    private enum Source: Sendable {
        case text(String)
        case bytes([UInt8])
    }

    private func string(_ parameter: ResponseParameter) -> String? {
        guard let index = found.index(of: parameter) else { return nil }
        let parameters = parameters
        return parameters.indices.contains(index) ? parameters[index].value : nil
    }

    /// Reads and checks the response in a redirect URI.
    public init(callback uri: URI, expecting expectations: Expectations) throws(AuthCallbackError) {
        switch expectations.responseMode {
        case .query, .formPost:
            // A query of empty segments only ("?", "?&") holds no parameter: then a response in the fragment
            // is reported as such.
            let query = uri.layout.query ?? 0..<0
            if expectations.responseMode == .query, uri.withBytes(of: query, FormDecoding.hasNoField) {
                let inFragment = try uri.fragmentParameters().contains { parameter in
                    switch parameter.known {
                    case .code?, .state?, .error?: true
                    default: false
                    }
                }
                if inFragment {
                    throw .responseInFragment
                }
            }
            try self.init(source: .text(uri.text), range: query, expecting: expectations)
        case .fragment:
            try self.init(source: .text(uri.text), range: uri.layout.fragment ?? 0..<0, expecting: expectations)
        }
    }

    /// Reads and checks a `form_post` body (`application/x-www-form-urlencoded`).
    public init(formPostBody body: some Sequence<UInt8>, expecting expectations: Expectations) throws(AuthCallbackError) {
        let bytes = Array(body)
        try self.init(source: .bytes(bytes), range: 0..<bytes.count, expecting: expectations)
    }

    /// Checks decoded parameters. They are kept encoded (``FormParameter/encode(_:)``), which decodes back to
    /// the same names and values.
    public init(parameters: [FormParameter], expecting expectations: Expectations) throws(AuthCallbackError) {
        let bytes = Array(FormParameter.encode(parameters).utf8)
        try self.init(source: .bytes(bytes), range: 0..<bytes.count, expecting: expectations)
    }

    private init(source: Source, range: Range<Int>, expecting expectations: Expectations) throws(AuthCallbackError) {
        (found, code) = try Self.withBytes(of: source) { base throws(AuthCallbackError) in
            try Self.check(base, range, expecting: expectations)
        }
        self.source = source
        self.range = range
    }

    /// Decodes `base[range]` into scratch space on the stack, keeps where each field is (on the stack for
    /// sixteen fields, in an array beyond), runs the checks over the decoded bytes in place, and makes the
    /// code's string: no other string is made unless it goes into an error.
    private static func check(
        _ base: UnsafePointer<UInt8>?, _ range: Range<Int>, expecting expectations: Expectations
    ) throws(AuthCallbackError) -> (Found, String) {
        guard let base, !range.isEmpty else { throw .missingState }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { scratch in
            withUnsafeTemporaryAllocation(of: FormDecoding.Field.self, capacity: Swift.min(16, (range.count + 1) / 2)) { first in
                Result { () throws(AuthCallbackError) -> (Found, String) in
                    guard let output = scratch.baseAddress, let firstFields = first.baseAddress else { throw .missingState }
                    var more: [FormDecoding.Field] = []
                    var count = 0
                    _ = try FormDecoding.decode(base, range, into: output) { field in
                        if count < first.count {
                            (firstFields + count).initialize(to: field)
                        } else {
                            more.append(field)
                        }
                        count += 1
                    }
                    let kept = UnsafeBufferPointer(start: firstFields, count: Swift.min(count, first.count))
                    return try check(Fields(first: kept, more: more, bytes: output), expecting: expectations)
                }
            }
        }.get()
    }

    /// The checks, in the order the type's documentation gives.
    private static func check(_ fields: Fields, expecting expectations: Expectations) throws(AuthCallbackError) -> (Found, String) {
        // Whether two parameters have the same name, byte for byte. Names the parser recognised are equal when
        // they are the same parameter, and differ from every name it did not recognise.
        func sameName(_ lhs: Int, _ rhs: Int) -> Bool {
            switch (fields[lhs].known, fields[rhs].known) {
            case (let left?, let right?): left == right
            case (nil, nil): ExactText.equal(fields.name(lhs), fields.name(rhs))
            default: false
            }
        }
        if fields.count <= 16 {
            for offset in 0..<fields.count {
                for earlier in 0..<offset where sameName(earlier, offset) { throw .repeatedParameter(fields.string(fields.name(offset))) }
            }
        } else {
            var seen = Set<[UInt8]>(minimumCapacity: fields.count)  // bytes: names compare exactly, not as Unicode
            for offset in 0..<fields.count where !seen.insert(Array(fields.name(offset))).inserted {
                throw .repeatedParameter(fields.string(fields.name(offset)))
            }
        }
        // One pass notes where the parameters the checks read are, by the names the parser recognised.
        var found = Found()
        for index in 0..<fields.count {
            if let known = fields[index].known { found.note(known, at: index) }
        }
        func string(_ parameter: ResponseParameter) -> String? { found.index(of: parameter).map { fields.string(fields.value($0)) } }
        // RFC 6749 §4.1.2.1: the error response. Text outside the RFC's characters is kept, sanitised.
        func errorResponse() -> OAuthErrorResponse? {
            string(.error).map { error in
                OAuthErrorResponse(
                    error: OAuthErrorCode(rawValue: error), errorDescription: string(.errorDescription), errorURI: string(.errorURI))
            }
        }
        guard let state = found.index(of: .state) else {
            if let error = errorResponse() { throw .unverifiedErrorResponse(error) }
            throw .missingState
        }
        guard ExactText.constantTimeEqual(fields.value(state), expectations.state) else { throw .stateMismatch }
        if let expected = expectations.issuer {
            if let issuer = found.index(of: .iss) {
                guard ExactText.withBytes(expected, { ExactText.equal(fields.value(issuer), $0) }) else {
                    throw .issuerMismatch(expected: expected, actual: fields.string(fields.value(issuer)))
                }
            } else if expectations.requiresIssuer {
                if let error = errorResponse() { throw .errorResponseWithoutIssuer(error) }
                throw .missingIssuer
            }
        }
        if let error = errorResponse() { throw .errorResponse(error) }
        guard let code = found.index(of: .code), !fields.value(code).isEmpty else { throw .missingCode }
        return (found, fields.string(fields.value(code)))
    }

    /// Runs `body` over the source's bytes (nil when there are none).
    private static func withBytes<R, E: Error>(of source: Source, _ body: (UnsafePointer<UInt8>?) throws(E) -> R) throws(E) -> R {
        switch source {
        case .text(var text):
            return try text.withUTF8 { bytes in Result { () throws(E) in try body(bytes.baseAddress) } }.get()
        case .bytes(let bytes):
            return try bytes.withUnsafeBufferPointer { bytes in Result { () throws(E) in try body(bytes.baseAddress) } }.get()
        }
    }

    /// The decoded fields of a response while it is checked: where each is in the decoded bytes.
    private struct Fields {
        let first: UnsafeBufferPointer<FormDecoding.Field>
        let more: [FormDecoding.Field]
        let bytes: UnsafePointer<UInt8>

        var count: Int { first.count + more.count }

        subscript(index: Int) -> FormDecoding.Field { index < first.count ? first[index] : more[index - first.count] }

        func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let field = self[index]
            return UnsafeBufferPointer(start: bytes + field.nameStart, count: field.nameEnd - field.nameStart)
        }

        func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let field = self[index]
            return UnsafeBufferPointer(start: bytes + field.valueStart, count: field.valueEnd - field.valueStart)
        }

        /// The text of decoded bytes, which the decoder has checked as UTF-8.
        func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Where the parameters the checks read are among the parameters: an index for each, -1 for none.
    private struct Found {
        private var indices: SIMD8<Int> = SIMD8(repeating: -1)

        /// Notes the parameter at `index`; the other recognised parameters are not read by the checks.
        mutating func note(_ parameter: ResponseParameter, at index: Int) {
            guard parameter.rawValue <= 8 else { return }
            indices[Int(parameter.rawValue) - 1] = index
        }

        func index(of parameter: ResponseParameter) -> Int? {
            let index = indices[Int(parameter.rawValue) - 1]
            return index < 0 ? nil : index
        }
    }
}

extension AuthorizationResponse: CustomStringConvertible {
    /// Names the parameters present; the code, state and tokens are redacted.
    public var description: String {
        "AuthorizationResponse(code: <redacted>, parameters: \(parameters.map { $0.name }))"
    }
}
