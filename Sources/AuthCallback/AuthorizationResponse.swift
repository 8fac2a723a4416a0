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
    public let state: String
    /// `iss`, if sent.
    public let issuer: String?
    /// `id_token`, if sent (hybrid flows; Sign in with Apple's form_post).
    public let idToken: String?
    /// `user`: Sign in with Apple's first-sign-in JSON with the name and email, if sent.
    public let user: String?
    /// Every parameter, in order.
    public let parameters: [FormParameter]

    /// Reads and checks the response in a redirect URI.
    public init(callback uri: URI, expecting expectations: Expectations) throws(AuthCallbackError) {
        switch expectations.responseMode {
        case .query, .formPost:
            let query = try uri.queryParameters()
            if expectations.responseMode == .query, query.isEmpty {
                let responseNames = ["code", "state", "error"]
                if try uri.fragmentParameters().contains(where: { parameter in
                    responseNames.contains { ExactText.equal($0, parameter.name) }
                }) {
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
            for (offset, parameter) in parameters.enumerated()
            where parameters[..<offset].contains(where: { ExactText.equal($0.name, parameter.name) }) {
                throw .repeatedParameter(parameter.name)
            }
        } else {
            var seen = Set<[UInt8]>(minimumCapacity: parameters.count)  // bytes: names compare exactly, not as Unicode
            for parameter in parameters where !seen.insert(Array(parameter.name.utf8)).inserted { throw .repeatedParameter(parameter.name) }
        }
        // One pass picks out the parameters the checks read (names compared byte for byte).
        var found = [String?](repeating: nil, count: KnownName.allCases.count)
        for parameter in parameters {
            if let known = KnownName(parameter.name) { found[known.rawValue] = parameter.value }
        }
        func value(_ name: KnownName) -> String? { found[name.rawValue] }
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
        guard let code = value(.code), !code.isEmpty else { throw .missingCode }
        self.code = code
        self.state = state
        self.issuer = issuer
        idToken = value(.idToken)
        user = value(.user)
        self.parameters = parameters
    }

    /// The parameters the checks read.
    private enum KnownName: Int, CaseIterable {
        case state, iss, error, errorDescription, errorURI, code, idToken, user

        var text: StaticString {
            switch self {
            case .state: "state"
            case .iss: "iss"
            case .error: "error"
            case .errorDescription: "error_description"
            case .errorURI: "error_uri"
            case .code: "code"
            case .idToken: "id_token"
            case .user: "user"
            }
        }

        /// The known parameter `name` is, compared byte for byte.
        init?(_ name: String) {
            var name = name
            let found = name.withUTF8 { bytes in
                Self.allCases.first { known in known.text.withUTF8Buffer { ExactText.equal($0, bytes) } }
            }
            guard let found else { return nil }
            self = found
        }
    }
}

extension AuthorizationResponse: CustomStringConvertible {
    /// Names the parameters present; the code, state and tokens are redacted.
    public var description: String {
        "AuthorizationResponse(code: <redacted>, parameters: \(parameters.map { $0.name }))"
    }
}
