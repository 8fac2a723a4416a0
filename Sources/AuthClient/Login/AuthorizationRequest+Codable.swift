// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthJSON
import AuthJWT
import AuthPKCE

/// An authorization request encodes with its secrets (the PKCE verifier, state and nonce), so that a
/// login survives an app relaunch (see ``PendingLogin``): keep the encoding where you keep tokens. The
/// decoder checks every value again (verifier, state and nonce syntax, the URL, the redirect URI's callback)
/// and never trusts the stored challenge: it is derived from the verifier anew.
extension AuthorizationRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case url
        case codeVerifier = "code_verifier"
        case state, nonce, options
        case redirectURI = "redirect_uri"
        case issuer
        case requiresIssuer = "requires_iss"
        case resources
        case dpopKey = "dpop_key"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func fail(_ key: CodingKeys, _ reason: String) -> DecodingError {
            .dataCorruptedError(forKey: key, in: container, debugDescription: reason)
        }
        let urlText = try container.decode(String.self, forKey: .url)
        do {
            url = try URI(parsing: urlText)
        } catch {
            throw fail(.url, "not a URL: \(error)")
        }
        do {
            pkce = PKCE(verifier: try CodeVerifier(try container.decode(String.self, forKey: .codeVerifier)))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw fail(.codeVerifier, "not a PKCE code verifier (RFC 7636 §4.1)")
        }
        do {
            state = try OAuthState(try container.decode(String.self, forKey: .state))
            nonce = try OIDCNonce(try container.decode(String.self, forKey: .nonce))
        } catch let error as DecodingError {
            throw error
        } catch {
            throw fail(.state, "the state or nonce is not valid")
        }
        options = try container.decode(Options.self, forKey: .options)
        redirectURI = try container.decode(String.self, forKey: .redirectURI)
        do {
            callback = try ClientConfiguration.callback(for: redirectURI)
        } catch {
            throw fail(.redirectURI, "\(error)")
        }
        expectations = (try container.decode(String.self, forKey: .issuer), try container.decode(Bool.self, forKey: .requiresIssuer))
        resources = try container.decodeIfPresent([String].self, forKey: .resources) ?? []
        // A pending login was already sent to the browser: what is left to do is the code exchange, which needs
        // the verifier, the redirect URI and the resources, not the pushed parameters.
        pushed = nil
        parameters = (try? url.queryParameters()) ?? []
        // The DPoP key the code is bound to (RFC 9449 §10), as a private JWK: a secret, like the verifier.
        if let jwk = try container.decodeIfPresent(String.self, forKey: .dpopKey) {
            do {
                dpopKey = try P256PrivateKey(jwk: Array(jwk.utf8))
            } catch {
                throw fail(.dpopKey, "not a P-256 private JWK")
            }
        } else {
            dpopKey = nil
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url.text, forKey: .url)
        try container.encode(pkce.verifier.value, forKey: .codeVerifier)
        try container.encode(state.value, forKey: .state)
        try container.encode(nonce.value, forKey: .nonce)
        try container.encode(options, forKey: .options)
        try container.encode(redirectURI, forKey: .redirectURI)
        try container.encode(expectations.issuer, forKey: .issuer)
        try container.encode(expectations.requiresIssuer, forKey: .requiresIssuer)
        try container.encode(resources, forKey: .resources)
        try container.encodeIfPresent(
            dpopKey.map { String(decoding: JSONValue.object($0.privateJWK).serialized(), as: UTF8.self) }, forKey: .dpopKey)
    }
}

extension AuthorizationRequest.Options: Codable {
    private enum CodingKeys: String, CodingKey {
        case prompt
        case loginHint = "login_hint"
        case maxAge = "max_age"
        case additionalParameters = "additional_parameters"
        case extraScopes = "extra_scopes"
        case acrValues = "acr_values"
        case expectedACR = "expected_acr"
        case expectedAMR = "expected_amr"
        case prefersEphemeralWebBrowserSession = "prefers_ephemeral_web_browser_session"
        case resources
        case pushedAuthorization = "pushed_authorization"
        case requestObject = "request_object"
        case responseMode = "response_mode"
        case authorizationDetails = "authorization_details"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let pairs = try container.decodeIfPresent([[String]].self, forKey: .additionalParameters) ?? []
        var parameters: [FormParameter] = []
        for pair in pairs {
            guard pair.count == 2 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .additionalParameters, in: container, debugDescription: "a parameter is not a [name, value] pair")
            }
            parameters.append(FormParameter(name: pair[0], value: pair[1]))
        }
        self.init(
            prompt: (try container.decodeIfPresent([String].self, forKey: .prompt) ?? []).map(Prompt.init(rawValue:)),
            loginHint: try container.decodeIfPresent(String.self, forKey: .loginHint),
            maxAge: try container.decodeIfPresent(Int64.self, forKey: .maxAge),
            additionalParameters: parameters,
            extraScopes: (try container.decodeIfPresent([String].self, forKey: .extraScopes) ?? []).map(Scope.init(rawValue:)),
            acrValues: try container.decodeIfPresent([AuthenticationContextClass].self, forKey: .acrValues) ?? [],
            expectedACR: try container.decodeIfPresent([AuthenticationContextClass].self, forKey: .expectedACR) ?? [],
            expectedAMR: try container.decodeIfPresent([AuthenticationMethodReference].self, forKey: .expectedAMR) ?? [],
            prefersEphemeralWebBrowserSession: try container.decodeIfPresent(Bool.self, forKey: .prefersEphemeralWebBrowserSession),
            resources: try container.decodeIfPresent([String].self, forKey: .resources),
            pushedAuthorization: try Self.choice(
                .pushedAuthorization, in: container, automatic: .automatic, always: .always, never: .never),
            requestObject: try Self.choice(.requestObject, in: container, automatic: .automatic, always: .always, never: .never),
            responseMode: try container.decodeIfPresent(String.self, forKey: .responseMode).map(ResponseMode.init(rawValue:)))
        if let details = try container.decodeIfPresent(String.self, forKey: .authorizationDetails) {
            do {
                authorizationDetails = try AuthorizationDetail.array(json: details)
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .authorizationDetails, in: container, debugDescription: "\(error)")
            }
        }
    }

    /// A three-way choice stored by name — `automatic` (also when absent), `always` or `never` — as
    /// ``PushedAuthorization`` and ``RequestObjectSigning`` are.
    private static func choice<Choice>(
        _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>, automatic: Choice, always: Choice, never: Choice
    ) throws -> Choice {
        let name = try container.decodeIfPresent(String.self, forKey: key) ?? "automatic"
        switch name {
        case "automatic": return automatic
        case "always": return always
        case "never": return never
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "'\(name)' is not automatic, always or never")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(prompt.map(\.rawValue), forKey: .prompt)
        try container.encodeIfPresent(loginHint, forKey: .loginHint)
        try container.encodeIfPresent(maxAge, forKey: .maxAge)
        try container.encode(additionalParameters.map { [$0.name, $0.value] }, forKey: .additionalParameters)
        try container.encode(extraScopes.map(\.rawValue), forKey: .extraScopes)
        try container.encode(acrValues, forKey: .acrValues)
        try container.encode(expectedACR, forKey: .expectedACR)
        try container.encode(expectedAMR, forKey: .expectedAMR)
        try container.encodeIfPresent(prefersEphemeralWebBrowserSession, forKey: .prefersEphemeralWebBrowserSession)
        try container.encodeIfPresent(resources, forKey: .resources)
        let pushed: String =
            switch pushedAuthorization {
            case .automatic: "automatic"
            case .always: "always"
            case .never: "never"
            }
        try container.encode(pushed, forKey: .pushedAuthorization)
        let signing: String =
            switch requestObject {
            case .automatic: "automatic"
            case .always: "always"
            case .never: "never"
            }
        try container.encode(signing, forKey: .requestObject)
        try container.encodeIfPresent(responseMode?.rawValue, forKey: .responseMode)
        if !authorizationDetails.isEmpty {
            try container.encode(AuthorizationDetail.serialized(authorizationDetails), forKey: .authorizationDetails)
        }
    }
}
