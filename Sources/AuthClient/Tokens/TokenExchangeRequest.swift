// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// A token exchange request (RFC 8693 §2.1): a token the client holds (the subject, and optionally an
/// actor) traded at the token endpoint for another, for another audience or resource.
///
/// ```swift
/// let request = TokenExchangeRequest(subjectToken: accessToken, subjectTokenType: .accessToken,
///                                    resources: ["https://backend.example.com/api"])
/// let exchanged = try await client.exchangeToken(request)
/// exchanged.accessToken      // the issued token
/// exchanged.issuedTokenType  // .accessToken
/// ```
///
/// The form, in the order §2.1 lists it: `grant_type=urn:ietf:params:oauth:grant-type:token-exchange`,
/// each `resource`, each `audience`, `scope`, `requested_token_type`, `subject_token`,
/// `subject_token_type`, `actor_token`, `actor_token_type`. The tokens are redacted from the description.
public struct TokenExchangeRequest: Sendable {
    /// `urn:ietf:params:oauth:grant-type:token-exchange`.
    public static let grantType = "urn:ietf:params:oauth:grant-type:token-exchange"

    /// `subject_token`: whom the new token is for.
    public var subjectToken: String
    /// `subject_token_type`.
    public var subjectTokenType: TokenType
    /// `actor_token`: who acts for the subject (delegation, §1.1), if anyone.
    public var actorToken: String?
    /// `actor_token_type`, sent with the actor token (REQUIRED with it, §2.1).
    public var actorTokenType: TokenType
    /// `requested_token_type`; nil lets the server choose. When set, the response must issue this type.
    public var requestedTokenType: TokenType?
    /// `resource` (absolute URIs, RFC 8707 §2): where the token will be used.
    public var resources: [String]
    /// `audience`: logical names of where the token will be used.
    public var audiences: [String]
    /// `scope`, space-separated; nil sends none.
    public var scopes: [Scope]?

    public init(
        subjectToken: String, subjectTokenType: TokenType, actorToken: String? = nil, actorTokenType: TokenType = .accessToken,
        requestedTokenType: TokenType? = nil, resources: [String] = [], audiences: [String] = [], scopes: [Scope]? = nil
    ) {
        self.subjectToken = subjectToken
        self.subjectTokenType = subjectTokenType
        self.actorToken = actorToken
        self.actorTokenType = actorTokenType
        self.requestedTokenType = requestedTokenType
        self.resources = resources
        self.audiences = audiences
        self.scopes = scopes
    }

    /// The form parameters, before client authentication.
    public var formParameters: [FormParameter] {
        var parameters = [FormParameter(name: "grant_type", value: Self.grantType)]
        parameters += resources.map { FormParameter(name: "resource", value: $0) }
        parameters += audiences.map { FormParameter(name: "audience", value: $0) }
        if let scopes { parameters.append(FormParameter(name: "scope", value: scopes.map(\.rawValue).joined(separator: " "))) }
        if let requestedTokenType { parameters.append(FormParameter(name: "requested_token_type", value: requestedTokenType.rawValue)) }
        parameters.append(FormParameter(name: "subject_token", value: subjectToken))
        parameters.append(FormParameter(name: "subject_token_type", value: subjectTokenType.rawValue))
        if let actorToken {
            parameters.append(FormParameter(name: "actor_token", value: actorToken))
            parameters.append(FormParameter(name: "actor_token_type", value: actorTokenType.rawValue))
        }
        return parameters
    }
}

extension TokenExchangeRequest: CustomStringConvertible {
    public var description: String {
        "TokenExchangeRequest(subject: <redacted> \(subjectTokenType), actor: \(actorToken == nil ? "none" : "<redacted>"), "
            + "requested: \(requestedTokenType?.rawValue ?? "any"), resources: \(resources), audiences: \(audiences))"
    }
}
