public import AuthCallback
public import AuthCredentials
public import AuthJWT
public import AuthSession

/// Why a client operation failed: configuration, discovery, the browser step, the token endpoint, ID-token
/// validation, the network, or a session that has ended.
///
/// Each case has a stable numeric ``code`` (10001 and up) that never changes across releases; the errors
/// of the modules underneath are carried unchanged. Messages never repeat a token, code, verifier or secret.
public enum AuthClientError: Error, Sendable {
    /// The configuration is not usable: the reason names the field.
    case invalidConfiguration(String)
    /// An issuer or endpoint URL is not https (or http on loopback, when that is explicitly allowed).
    case insecureURL(name: String, url: String)
    /// The discovery document is not valid OpenID Provider Metadata (OpenID Connect Discovery 1.0 §3).
    case invalidProviderMetadata(String)
    /// The discovery document's `issuer` is not the issuer it was fetched for (Discovery §4.3).
    case issuerMismatch(expected: String, actual: String)
    /// The request did not get an HTTP response: the kind of failure, the host and the platform's code.
    case transportFailed(TransportFailure)
    /// An endpoint answered with a status or body the client cannot use.
    case unexpectedResponse(endpoint: String, status: Int, reason: String)
    /// The redirect was not a valid authorization response, or carried an OAuth error (RFC 6749 §4.1.2).
    case callback(AuthCallbackError)
    /// The browser step ended without a redirect (cancelled, timed out, …).
    case session(AuthSessionError)
    /// The token endpoint refused the request (RFC 6749 §5.2) or sent a response that is not valid (§5.1).
    case tokenEndpoint(AuthCredentialsError)
    /// The ID token failed validation (OpenID Connect Core §3.1.3.7); the cause names the check.
    case idToken(AuthJWTError)
    /// The provider's JWK Set is not valid (RFC 7517 §5).
    case invalidKeySet(AuthJWTError)
    /// The provider does not have this endpoint (not in discovery, not configured).
    case endpointNotAvailable(String)
    /// The user has logged out (or was logged out after a failed refresh); sign in again.
    case loggedOut
    /// Refreshing the tokens failed and the user was logged out: there was no refresh token, or the provider
    /// refused it (with the OAuth error exactly as sent). Transient failures never end up here.
    case refreshFailed(RefreshFailure)
    /// The credential store could not be read or written.
    case store(AuthCredentialsError)
    /// The userinfo response is not valid (OpenID Connect Core §5.3.2), e.g. its `sub` is another user's.
    case invalidUserInfo(String)
    /// The token response has no `id_token` although `openid` was requested (Core §3.1.3.3).
    case missingIDToken
    /// A test double that was not meant to be used was called; the message says which and where it was made.
    case unimplemented(String)
    /// The ID token that came with refreshed tokens is for another user than the one signed in (OpenID
    /// Connect Core §12.2: its `sub` must be the same). The new tokens are not used; the user stays signed in.
    case refreshedIDTokenForAnotherUser
    /// The user denied the device authorization request (RFC 8628 §3.5 `access_denied`).
    case deviceAuthorizationDenied
    /// The device code expired before the user approved (RFC 8628 §3.5 `expired_token`, or the local deadline
    /// from `expires_in` passed); start again with a new code.
    case deviceCodeExpired
    /// The ID token names a key (`kid`) the cached JWK Set lacks, and fetching the set again failed; the
    /// cached keys were kept. `cause` says what happened (no response, a status, a set that is not valid).
    indirect case keySetRefetchFailed(keyID: String?, cause: AuthClientError)
    /// An HS256 ID token's MAC does not verify with the client secret (Core §10.1), and its header names a
    /// key: the provider may be MACing ID tokens with a key of its own, which the client cannot have.
    case idTokenSecretMismatch(keyID: String)
    /// A `WWW-Authenticate` field value could not be read (RFC 9110 §11.6.1); the reason names the byte.
    case invalidChallenge(String)

    /// A stable number for the case: 10001 and up.
    public var code: Int {
        switch self {
        case .invalidConfiguration: 10001
        case .insecureURL: 10002
        case .invalidProviderMetadata: 10003
        case .issuerMismatch: 10004
        case .transportFailed: 10005
        case .unexpectedResponse: 10006
        case .callback: 10007
        case .session: 10008
        case .tokenEndpoint: 10009
        case .idToken: 10010
        case .invalidKeySet: 10011
        case .endpointNotAvailable: 10012
        case .loggedOut: 10013
        case .refreshFailed: 10014
        case .store: 10015
        case .invalidUserInfo: 10016
        case .missingIDToken: 10017
        case .unimplemented: 10018
        case .refreshedIDTokenForAnotherUser: 10019
        case .deviceAuthorizationDenied: 10020
        case .deviceCodeExpired: 10021
        case .keySetRefetchFailed: 10022
        case .idTokenSecretMismatch: 10023
        case .invalidChallenge: 10024
        }
    }

    /// The OAuth error code when the server sent one (authorization or token endpoint), exactly as sent —
    /// including an authorization error that came without `state` and so could not be verified.
    public var oauthError: OAuthErrorCode? {
        switch self {
        case .callback(let error): error.oauthErrorResponse?.error
        case .tokenEndpoint(.tokenErrorResponse(let response)): response.error
        case .refreshFailed(.refused(let response)): response.error
        default: nil
        }
    }
}

// Equatable so that tests and callers can match a case with its payload:
// `#expect(throws: AuthClientError.loggedOut)`, `catch let error where error == .session(.canceledLogin)`.
// Every payload is Hashable (the underlying modules' errors, TransportFailure, RefreshFailure).
extension AuthClientError: Hashable {}

extension AuthClientError: CustomStringConvertible {
    /// The code and a readable message, with the underlying error's code and message where there is one.
    public var description: String {
        let message: String =
            switch self {
            case .invalidConfiguration(let reason): "invalid client configuration: \(reason)"
            case .insecureURL(let name, let url):
                "\(name) '\(url)' is not https (OpenID Connect Discovery §3; http is allowed only on loopback with allowsInsecureLoopbackIssuer)"
            case .invalidProviderMetadata(let reason): "invalid provider metadata (OpenID Connect Discovery §3): \(reason)"
            case .issuerMismatch(let expected, let actual):
                "the discovery document is for issuer '\(actual)', not '\(expected)' (OpenID Connect Discovery §4.3)"
            case .transportFailed(let failure): "the HTTP request failed: \(failure)"
            case .unexpectedResponse(let endpoint, let status, let reason): "the \(endpoint) endpoint answered \(status): \(reason)"
            case .callback(let error): "the authorization response was refused: \(error) [\(error.code)]"
            case .session(let error): "the browser step ended without a redirect: \(error) [\(error.code)]"
            case .tokenEndpoint(let error): "\(error) [\(error.code)]"
            case .idToken(let error): "the ID token is not valid (OpenID Connect Core §3.1.3.7): \(error) [\(error.code)]"
            case .invalidKeySet(let error): "the provider's JWK Set is not valid: \(error) [\(error.code)]"
            case .endpointNotAvailable(let name): "the provider has no \(name) endpoint"
            case .loggedOut: "the user is logged out; sign in again"
            case .refreshFailed(let failure): "refreshing the tokens failed, so the user was logged out: \(failure)"
            case .store(let error): "the credential store failed: \(error) [\(error.code)]"
            case .invalidUserInfo(let reason): "invalid userinfo response (OpenID Connect Core §5.3.2): \(reason)"
            case .missingIDToken:
                "the token response has no id_token although the openid scope was requested (OpenID Connect Core §3.1.3.3)"
            case .unimplemented(let message): message
            case .refreshedIDTokenForAnotherUser:
                "the ID token returned with the refreshed tokens is for another user (its sub differs; OpenID Connect Core §12.2); the new tokens were not used"
            case .deviceAuthorizationDenied: "the user denied the device login (RFC 8628 §3.5 access_denied)"
            case .deviceCodeExpired: "the device code expired before the user approved it (RFC 8628 §3.5); request a new code"
            case .keySetRefetchFailed(let keyID, let cause):
                "the ID token names key \(keyID.map { "'\($0)'" } ?? "(no kid)"), which the cached JWK Set does not have, and fetching "
                    + "the set again failed, so the cached keys were kept: \(cause)"
            case .idTokenSecretMismatch(let keyID):
                "the HS256 ID token does not verify with the client secret (OpenID Connect Core §10.1); its header names key '\(keyID)', "
                    + "so the provider may be MACing with a key of its own rather than the client secret"
            case .invalidChallenge(let reason): "the WWW-Authenticate header cannot be read: \(reason)"
            }
        return "error \(code): \(message)"
    }
}
