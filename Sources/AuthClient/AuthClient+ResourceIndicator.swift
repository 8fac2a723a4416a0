import AuthCallback
import AuthCredentials
import AuthPKCE
import AuthSession

// A minimal RFC 8707 `resource` for the MCP profile: on the authorization request through the extra
// parameters, and on the code exchange here. Kept internal and in its own file so that it can give way to
// the general resource-indicator support (to be reconciled when both land).
extension AuthClient {
    /// Step 4 with `resource=<resource>` (RFC 8707 §2.2) added to the token request.
    func exchangeCode(_ code: String, for request: AuthorizationRequest, resource: String) async throws(AuthClientError) -> TokenSet {
        let receivedAt = clock.now()
        let response = try await tokenRequest([
            FormParameter(name: "grant_type", value: "authorization_code"),
            FormParameter(name: "code", value: code),
            FormParameter(name: "redirect_uri", value: request.redirectURI),
            FormParameter(name: "code_verifier", value: request.pkce.verifier.value),
            FormParameter(name: "resource", value: resource),
        ])
        return TokenSet(response, receivedAt: receivedAt)
    }

    /// Steps 2–6 for a request that carries `resource`: the browser step, then the exchange with `resource`.
    func login(_ request: AuthorizationRequest, with userAgent: some UserAgent, resource: String) async throws(AuthClientError) -> User {
        let session = AuthenticationSession(url: request.url, callback: request.callback, userAgent: userAgent)
        session.prefersEphemeralWebBrowserSession = configuration.prefersEphemeralWebBrowserSession
        let redirect: Redirect
        do {
            redirect = try await session.authenticate()
        } catch {
            throw .session(error)
        }
        return try await completeLogin(request, redirect: redirect, resource: resource)
    }

    /// Steps 3–6 with `resource` on the code exchange.
    func completeLogin(_ request: AuthorizationRequest, redirect: Redirect, resource: String) async throws(AuthClientError) -> User {
        let response = try request.response(from: redirect)
        let tokens = try await exchangeCode(response.code, for: request, resource: resource)
        return try await signIn(with: tokens, nonce: request.nonce.value, maxAge: request.options.maxAge)
    }
}
