import AuthPKCE
import AuthCallback
public import AuthCredentials

extension AuthClient {
    /// Step 4: exchanges the authorization code at the token endpoint (RFC 6749 §4.1.3) with the PKCE
    /// verifier (RFC 7636 §4.5) and the same redirect URI, authenticating as configured, and reads the
    /// response (RFC 6749 §5.1; errors §5.2). The ID token is not validated here: see
    /// ``validateIDToken(_:nonce:maxAge:accessToken:)``.
    public func exchangeCode(_ code: String, for request: AuthorizationRequest) async throws(AuthClientError) -> TokenSet {
        let receivedAt = clock.now()
        let response = try await tokenRequest([
            FormParameter(name: "grant_type", value: "authorization_code"),
            FormParameter(name: "code", value: code),
            FormParameter(name: "redirect_uri", value: request.redirectURI),
            FormParameter(name: "code_verifier", value: request.pkce.verifier.value),
        ])
        return TokenSet(response, receivedAt: receivedAt)
    }

    /// Uses a refresh token (RFC 6749 §6). The response may rotate the refresh token; ``TokenSet/refreshed(by:receivedAt:)``
    /// keeps the old one when it does not.
    public func refreshTokens(_ tokens: TokenSet) async throws(AuthClientError) -> TokenResponse {
        guard let refreshToken = tokens.refreshToken else { throw .refreshFailed("there is no refresh token") }
        var parameters = [
            FormParameter(name: "grant_type", value: "refresh_token"),
            FormParameter(name: "refresh_token", value: refreshToken),
        ]
        if let scopes = tokens.scopes { parameters.append(FormParameter(name: "scope", value: scopes.joined(separator: " "))) }
        return try await tokenRequest(parameters)
    }

    /// Revokes a token (RFC 7009 §2.1) when the provider has a `revocation_endpoint`; returns whether it
    /// was asked. A 200 means revoked or already invalid (§2.2).
    @discardableResult
    public func revoke(_ token: String, hint: String) async throws(AuthClientError) -> Bool {
        guard let endpoint = metadata.revocationEndpoint else { return false }
        let response = try await send(
            form: [FormParameter(name: "token", value: token), FormParameter(name: "token_type_hint", value: hint)], to: endpoint)
        guard response.status == 200 else {
            throw .unexpectedResponse(endpoint: "revocation", status: response.status, reason: "the token was not revoked")
        }
        return true
    }

    /// A token-endpoint request with client authentication, read as a token response or an error.
    func tokenRequest(_ parameters: [FormParameter]) async throws(AuthClientError) -> TokenResponse {
        let response = try await send(form: parameters, to: metadata.tokenEndpoint)
        switch response.status {
        case 200:
            do {
                return try TokenResponse(json: response.body)
            } catch {
                throw .tokenEndpoint(error)
            }
        case 400, 401:
            // RFC 6749 §5.2: 400 (or 401 for invalid_client) with a JSON error body.
            do {
                _ = try TokenResponse(json: response.body)
            } catch .tokenErrorResponse(let error) {
                throw .tokenEndpoint(.tokenErrorResponse(error))
            } catch {}
            throw .unexpectedResponse(endpoint: "token", status: response.status, reason: "no OAuth error in the body (RFC 6749 §5.2)")
        default:
            throw .unexpectedResponse(endpoint: "token", status: response.status, reason: "expected 200, or 400 with an OAuth error")
        }
    }

    /// POSTs a form with this client's authentication (RFC 6749 §2.3.1): the client id in the body for a
    /// public client, with the secret for `client_secret_post`, or HTTP Basic for `client_secret_basic`.
    func send(form parameters: [FormParameter], to endpoint: String) async throws(AuthClientError) -> TransportResponse {
        var parameters = parameters
        var request = TransportRequest(method: .post, url: endpoint)
        request.setHeader("Content-Type", "application/x-www-form-urlencoded")
        request.setHeader("Accept", "application/json")
        switch configuration.clientAuthentication {
        case .none:
            parameters.append(FormParameter(name: "client_id", value: configuration.clientID))
        case .clientSecretPost(let secret):
            parameters.append(FormParameter(name: "client_id", value: configuration.clientID))
            parameters.append(FormParameter(name: "client_secret", value: secret))
        case .clientSecretBasic(let secret):
            request.setHeader("Authorization", BasicAuthorization.header(clientID: configuration.clientID, secret: secret))
        }
        request.body = Array(FormParameter.encode(parameters).utf8)
        return try await transport.send(request)
    }
}
