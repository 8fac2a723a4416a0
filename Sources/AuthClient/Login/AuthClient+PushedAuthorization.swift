// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthCredentials

extension AuthClient {
    /// Step 1 as ``login(with:options:using:)`` takes it: a new authorization request, pushed to the provider
    /// first (RFC 9126) when the provider requires it or `options.pushedAuthorization` asks for it.
    ///
    /// ```swift
    /// var generator = SystemRandomNumberGenerator()
    /// let request = try await client.preparedAuthorizationRequest(.init(pushedAuthorization: .always), using: &generator)
    /// request.url      // https://login.example.com/authorize?client_id=my-app&request_uri=urn%3Aietf%3A…
    /// request.pushed   // the request_uri and when it expires
    /// ```
    ///
    /// Never a silent downgrade: when the provider says `require_pushed_authorization_requests` (RFC 9126
    /// §5), a request that cannot be pushed throws `pushedAuthorizationUnavailable` instead.
    ///
    /// With a signed request object (RFC 9101: `options.requestObject`, or the provider's
    /// `require_signed_request_object`), the parameters are signed with the client's key (``ClientConfiguration/requestObjectSigningKey``
    /// or the `private_key_jwt` key) into a JWT with `iss` = client id, `aud` = issuer, `jti`, `iat`, `nbf`
    /// and `exp` (five minutes), sent by value (`request=`, with `client_id`, `response_type` and `scope`
    /// outside) or, when pushed, as the PAR body's `request` (RFC 9126 §3). A key whose algorithm the
    /// provider's `request_object_signing_alg_values_supported` lacks throws `requestObjectAlgorithmUnsupported`.
    public func preparedAuthorizationRequest(
        _ options: AuthorizationRequest.Options = .init(), using generator: inout some RandomNumberGenerator
    ) async throws(AuthClientError) -> AuthorizationRequest {
        let pushes = try pushes(options)
        var request = try makeAuthorizationRequest(options, using: &generator)
        if try signsRequestObject(options) {
            let jwtID = Self.requestObjectID(using: &generator)
            request = try await signRequestObject(request, jwtID: jwtID, pushed: pushes)
        }
        return pushes ? try await push(request) : request
    }

    /// Pushes `request`'s parameters to the `pushed_authorization_request_endpoint` (RFC 9126 §2.1) with
    /// this client's authentication, and returns the request with its URL reduced to `client_id` and the
    /// `request_uri` from the response (§4). The PKCE verifier, state and nonce stay the same.
    ///
    /// Checked: the endpoint exists (else `pushedAuthorizationUnavailable`) and is https (else
    /// `insecureURL`); a `201 Created` (or 200) body is a valid ``PushedAuthorizationResponse``. An error
    /// response (§2.3) is `pushedAuthorizationRefused(status:_:)` with the OAuth error as sent; any other
    /// answer is `unexpectedResponse`.
    public func push(_ request: AuthorizationRequest) async throws(AuthClientError) -> AuthorizationRequest {
        guard let endpoint = metadata.pushedAuthorizationRequestEndpoint else {
            throw .pushedAuthorizationUnavailable("the provider's metadata has no pushed_authorization_request_endpoint")
        }
        try SecureURL.check(
            endpoint, name: "pushed_authorization_request_endpoint", allowsInsecureLoopback: configuration.allowsInsecureLoopbackIssuer)
        let receivedAt = clock.now()
        // RFC 9126 §3: a request object is pushed as `request`, with the client_id that identifies the client.
        let body =
            request.requestObject.map {
                [FormParameter(name: "client_id", value: configuration.clientID), FormParameter(name: "request", value: $0)]
            } ?? request.parameters
        let response = try await send(form: body, to: endpoint)
        let pushed: PushedAuthorizationResponse
        switch response.status {
        case 200, 201:
            pushed = try PushedAuthorizationResponse(json: response.body, receivedAt: receivedAt)
        default:
            if let error = Self.oauthErrorResponse(in: response.body) {
                throw .pushedAuthorizationRefused(status: response.status, error)
            }
            throw .unexpectedResponse(
                endpoint: "pushed authorization request", status: response.status, reason: "expected 201, or an OAuth error (RFC 9126 §2.3)"
            )
        }
        let parameters = [
            FormParameter(name: "client_id", value: configuration.clientID), FormParameter(name: "request_uri", value: pushed.requestURI),
        ]
        var result = request
        do {
            result.url = try URI(parsing: SecureURL.appending(parameters, to: metadata.authorizationEndpoint))
        } catch {
            throw .invalidProviderMetadata("authorization_endpoint does not make a valid URL (\(error))")
        }
        result.pushed = pushed
        return result
    }

    /// Whether a request with `options` must be pushed; throws when it must and may not (RFC 9126 §5).
    func pushes(_ options: AuthorizationRequest.Options) throws(AuthClientError) -> Bool {
        if configuration.fapi2Profile != nil {
            // FAPI 2.0 Security Profile §5.3.3.2: every request is pushed.
            guard options.pushedAuthorization != .never else { throw .fapi2Violation(.pushedAuthorizationDeclined) }
            return true
        }
        switch options.pushedAuthorization {
        case .always: return true
        case .automatic: return metadata.requiresPushedAuthorizationRequests
        case .never:
            guard !metadata.requiresPushedAuthorizationRequests else {
                throw .pushedAuthorizationUnavailable(
                    "the provider requires pushed authorization requests (require_pushed_authorization_requests) and the options say .never"
                )
            }
            return false
        }
    }

    /// The OAuth error in an error body (RFC 6749 §5.2 form, which RFC 9126 §2.3 and RFC 8693 §2.2.2 reuse).
    static func oauthErrorResponse(in body: [UInt8]) -> OAuthErrorResponse? {
        do {
            _ = try TokenResponse(json: body)
        } catch .tokenErrorResponse(let error) {
            return error
        } catch {}
        return nil
    }
}
