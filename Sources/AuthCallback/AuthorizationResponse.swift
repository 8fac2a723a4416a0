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
    public var code: String { parameters[found.index(of: .code) ?? 0].value }
    /// `state`, equal to the one sent.
    public var state: String { parameters[found.index(of: .state) ?? 0].value }
    /// `iss`, if sent.
    public var issuer: String? { value(.iss) }
    /// `id_token`, if sent (hybrid flows; Sign in with Apple's form_post).
    public var idToken: String? { value(.idToken) }
    /// `user`: Sign in with Apple's first-sign-in JSON with the name and email, if sent.
    public var user: String? { value(.user) }
    /// Every parameter, in order.
    public let parameters: [FormParameter]
    /// Where the parameters above are in ``parameters``: the response keeps one reference (to the array),
    /// and each value is read from it, so checking and dropping a response retains and releases no string.
    private let found: Found

    private func value(_ parameter: ResponseParameter) -> String? { found.index(of: parameter).map { parameters[$0].value } }

    /// Reads and checks the response in a redirect URI.
    public init(callback uri: URI, expecting expectations: Expectations) throws(AuthCallbackError) {
        switch expectations.responseMode {
        case .query, .formPost:
            let query = try uri.queryParameters()
            if expectations.responseMode == .query, query.isEmpty {
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
            try self.init(parameters: query, expecting: expectations)
        case .fragment:
            try self.init(parameters: uri.fragmentParameters(), expecting: expectations)
        }
    }

    /// Reads and checks a `form_post` body (`application/x-www-form-urlencoded`).
    public init(formPostBody body: some Sequence<UInt8>, expecting expectations: Expectations) throws(AuthCallbackError) {
        try self.init(parameters: FormParameter.parse(Array(body)), expecting: expectations)
    }

    /// Checks decoded parameters.
    public init(parameters: [FormParameter], expecting expectations: Expectations) throws(AuthCallbackError) {
        if parameters.count <= 16 {
            for offset in parameters.indices {
                let parameter = parameters[offset]
                for earlier in 0..<offset where Self.sameName(parameters[earlier], parameter) { throw .repeatedParameter(parameter.name) }
            }
        } else {
            var seen = Set<[UInt8]>(minimumCapacity: parameters.count)  // bytes: names compare exactly, not as Unicode
            for parameter in parameters where !seen.insert(Array(parameter.name.utf8)).inserted { throw .repeatedParameter(parameter.name) }
        }
        // One pass notes where the parameters the checks read are, by the names the parser recognised.
        var found = Found()
        for index in parameters.indices {
            if let known = parameters[index].known { found.note(known, at: index) }
        }
        func value(_ parameter: ResponseParameter) -> String? { found.index(of: parameter).map { parameters[$0].value } }
        /// RFC 6749 §4.1.2.1: the error response. Text outside the RFC's characters is kept, sanitised.
        func errorResponse(_ error: String) -> OAuthErrorResponse {
            OAuthErrorResponse(
                error: OAuthErrorCode(rawValue: error), errorDescription: value(.errorDescription), errorURI: value(.errorURI))
        }
        guard let state = value(.state) else {
            if let error = value(.error) { throw .unverifiedErrorResponse(errorResponse(error)) }
            throw .missingState
        }
        guard ExactText.constantTimeEqual(state, expectations.state) else { throw .stateMismatch }
        let issuer = value(.iss)
        if let expected = expectations.issuer {
            if let issuer {
                guard ExactText.equal(issuer, expected) else { throw .issuerMismatch(expected: expected, actual: issuer) }
            } else if expectations.requiresIssuer {
                if let error = value(.error) { throw .errorResponseWithoutIssuer(errorResponse(error)) }
                throw .missingIssuer
            }
        }
        if let error = value(.error) { throw .errorResponse(errorResponse(error)) }
        guard let code = found.index(of: .code), !parameters[code].value.isEmpty else { throw .missingCode }
        self.parameters = parameters
        self.found = found
    }

    /// Whether two parameters have the same name, byte for byte. Names the parser recognised are equal
    /// when they are the same parameter, and differ from every name it did not recognise.
    private static func sameName(_ lhs: FormParameter, _ rhs: FormParameter) -> Bool {
        switch (lhs.known, rhs.known) {
        case (let left?, let right?): left == right
        case (nil, nil): ExactText.equal(lhs.name, rhs.name)
        default: false
        }
    }

    /// Where the parameters the checks read are in the parameter list: an index for each, -1 for none.
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
