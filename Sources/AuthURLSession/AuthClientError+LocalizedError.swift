// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
public import Foundation

/// `error.localizedDescription` reads as the error's `AuthClientError.description` on Apple platforms and on Linux,
/// instead of "The operation could not be completed. (AuthClient.AuthClientError error N.)".
/// The underlying module's error, when there is one, is the ``failureReason``; ``recoverySuggestion`` says
/// what to do for the common mistakes.
extension AuthClientError: LocalizedError {
    public var errorDescription: String? { description }

    public var failureReason: String? {
        switch self {
        case .transportFailed(let failure): failure.description
        case .callback(let error): error.description
        case .session(let error): error.description
        case .tokenEndpoint(let error), .store(let error): error.description
        case .idToken(let error), .invalidKeySet(let error): error.description
        case .keySetRefetchFailed(_, let cause): cause.description
        default: nil
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .unexpectedResponse(let endpoint, let status, _) where endpoint == "discovery" && status == 404:
            "Check the issuer: it must be the provider's issuer identifier exactly (a realm or tenant path included)."
        case .insecureURL: "Use https; for a local test provider only, set allowsInsecureLoopbackIssuer."
        case .issuerMismatch: "Set the issuer to the discovery document's issuer, exactly (a trailing slash included)."
        case .transportFailed(let failure): failure.recoverySuggestion
        case .callback(let error): error.recoverySuggestion
        case .session(let error): error.recoverySuggestion
        case .store(let error): error.recoverySuggestion
        case .idToken(let error): error.recoverySuggestion
        case .keySetRefetchFailed(_, let cause): cause.recoverySuggestion
        case .loggedOut, .refreshFailed: "Sign in again."
        case .deviceCodeExpired: "Start the device login again to get a new code."
        case .dpopBindingRequired:
            "The server issued a Bearer token to a DPoP request: enable DPoP-bound tokens for this client at the server, or turn requiresDPoPBoundTokens off."
        case .dpopProofRefused:
            "Check the device clock (a proof's iat must be within the server's window) and that the server sees the request URL the proof names (htu)."
        case .pushedAuthorizationUnavailable:
            "The provider requires pushed authorization requests (RFC 9126): check its pushed_authorization_request_endpoint, and use preparedAuthorizationRequest or login."
        case .invalidResource: "Use an absolute URI without a fragment as the resource, e.g. https://api.example.com/ (RFC 8707 §2)."
        case .endpointNotAvailable("jwks_uri"):
            "The server publishes no signing keys (an OAuth 2.0 server without OpenID Connect): leave openid out of the scopes."
        case .clientIssuerMismatch:
            "Set clientID, clientIssuer and clientAuthentication for the authorization server the MCP server names, or leave clientID nil to register dynamically."
        case .clientIDMetadataDocumentUnsupported:
            "Configure a client id registered at that authorization server (clientID, clientIssuer), or use a server that supports client ID metadata documents or dynamic registration."
        case .clientMetadataDocumentMismatch:
            "Serve the client ID metadata document at the URL its client_id names, exactly (scheme, host, path, no trailing slash)."
        case .noAcceptableAuthorizationServer:
            "Add the MCP server's authorization server to authorizationServerPreference, or configure a client for it."
        case .stepUpRefused:
            "The server still refuses the scopes it asked for: check what the user consented to, or ask the server's operator which scope the tool needs."
        case .resourceTokenUnavailable:
            "Sign in with the resource in ClientConfiguration.resources, and with a scope that gives a refresh token."
        default: nil
        }
    }
}
