import AuthClient
import AuthJWT
import Foundation

extension FuzzTarget {
    /// Protected resource metadata (RFC 9728 §3.3: the `resource` must be the URL it was fetched for).
    static let resourceMetadata = FuzzTarget(
        name: "resource-metadata",
        checks: "RFC 9728 documents parse or refuse; an accepted one names exactly the expected resource and https servers"
    ) { bytes in
        let expected = "https://mcp.example.com/mcp"
        guard let metadata = try? ProtectedResourceMetadata(json: bytes, expectedResource: expected) else { return }
        check(metadata.resource == expected, "a document for another resource was accepted: \(metadata.resource)")
        for server in metadata.authorizationServers {
            check(isHTTPS(server), "an authorization server that is not https was accepted: \(server)")
        }
    }

    /// Pushed authorization responses (RFC 9126 §2.2): a `request_uri` and a positive lifetime, never shown.
    static let pushedAuthorizationResponse = FuzzTarget(
        name: "par-response",
        checks:
            "PAR responses parse or refuse; an accepted one has a request_uri and a positive expires_in; the description hides the request_uri"
    ) { bytes in
        let now = NumericDate(secondsSince1970: 1_700_000_000)
        guard let response = try? PushedAuthorizationResponse(json: bytes, receivedAt: now) else { return }
        check(!response.requestURI.isEmpty && response.expiresIn > 0, "a response without request_uri or lifetime was accepted")
        if response.requestURI.utf8.count >= 12 {
            check(!"\(response)".contains(response.requestURI), "the description shows the request_uri")
        }
    }

    /// Token exchange responses (RFC 8693 §2.2.1): typed, tokens never in a description.
    static let tokenExchangeResponse = FuzzTarget(
        name: "token-exchange-response",
        checks: "token exchange responses parse or refuse; an accepted one has a token and issued_token_type; no token in its description"
    ) { bytes in
        let now = NumericDate(secondsSince1970: 1_700_000_000)
        guard let response = try? TokenExchangeResponse(json: bytes, receivedAt: now) else { return }
        check(!response.accessToken.isEmpty && !response.issuedTokenType.rawValue.isEmpty, "a response without a token was accepted")
        for secret in [response.accessToken, response.refreshToken].compactMap({ $0 }) where secret.utf8.count >= 12 {
            check(!"\(response)".contains(secret), "the description shows a token")
        }
    }

    /// A pending login restored after a relaunch: every value is checked again when decoded.
    static let pendingLogin = FuzzTarget(
        name: "pending-login",
        checks: "a stored pending login decodes or refuses; what decodes re-encodes to an equal login and hides its secrets"
    ) { bytes in
        guard let pending = try? JSONDecoder().decode(PendingLogin.self, from: Data(bytes)) else { return }
        guard let encoded = try? JSONEncoder().encode(pending), let again = try? JSONDecoder().decode(PendingLogin.self, from: encoded)
        else { violated("a decoded pending login does not survive encode → decode") }
        check(again.request.url == pending.request.url, "the URL changed across encode → decode")
        check(again.request.pkce.verifier.value == pending.request.pkce.verifier.value, "the verifier changed across encode → decode")
        let shown = "\(pending)"
        // The description shows the client id and where the login goes (the URL's host and path), never its
        // query: a stored client id, host or path that happens to hold a secret's text is the input's doing,
        // not a leak.
        let shownByDesign = [pending.clientID, pending.request.url.host ?? "", pending.request.url.path]
        for secret in [pending.request.pkce.verifier.value, pending.request.state.value, pending.request.nonce.value]
        where secret.utf8.count >= 12 && !shownByDesign.contains(where: { $0.contains(secret) }) {
            check(!shown.contains(secret), "the description shows a secret of the pending login")
        }
    }
}
