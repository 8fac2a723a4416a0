// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// What the provider does with a URL-shaped `client_id` when ``Configuration/supportsClientIDMetadataDocuments``
    /// is on (draft-ietf-oauth-client-id-metadata-document §4, MCP 2025-11-25): before the authorization page,
    /// it fetches the document through ``Configuration/clientMetadataDocumentHost`` and reads it with
    /// `ClientIDMetadataDocument(json:url:)` — its `client_id` must be the URL exactly, with `client_name` and
    /// `redirect_uris` — then knows the client as public, with those redirect URIs, for the authorization and
    /// the code exchange. A document that cannot be fetched or read leaves the client unknown: the
    /// authorization page is an error page (`invalid_client`). Each authorization fetches it again (no cache).
    ///
    /// How many documents it fetched: ``clientMetadataDocumentFetches``.
    func resolveClientMetadataDocument(forAuthorizationURL url: URI) async {
        guard configuration.supportsClientIDMetadataDocuments, let host = configuration.clientMetadataDocumentHost,
            let clientID = (try? url.queryParameters())?.first(where: { $0.name == "client_id" })?.value, clientID.hasPrefix("https://")
        else { return }
        state.withLock { $0.clientMetadataDocumentFetches += 1 }
        let document: ClientIDMetadataDocument
        do {
            document = try await ClientIDMetadataDocument.fetch(from: clientID, transport: host)
        } catch {
            state.withLock { $0.registeredClients[clientID] = nil }
            return
        }
        var keys: [JWK] = []
        if document.tokenEndpointAuthMethod == "private_key_jwt" {
            switch document.keys {
            case .jwks(let objects)?:
                keys = objects.compactMap { try? JWK($0) }
            case .jwksURI(let uri)?:
                state.withLock { $0.clientMetadataDocumentFetches += 1 }
                let response = try? await host.send(TransportRequest(method: .get, url: uri))
                keys = response.flatMap { $0.status == 200 ? try? JWKSet(json: $0.body).keys : nil } ?? []
            case nil:
                break
            }
            guard !keys.isEmpty else {
                state.withLock { $0.registeredClients[clientID] = nil }
                return
            }
        }
        let known = keys
        state.withLock {
            $0.registeredClients[clientID] = .init(redirectURIs: document.redirectURIs, authentication: .none, assertionKeys: known)
        }
    }

    /// Verifies the `private_key_jwt` assertion of a client known by its metadata document (RFC 7523 §3): the
    /// jwt-bearer type; an asymmetric signature that verifies with one of the document's `keys` (the one its
    /// `kid` names, when both have one); `iss` = `sub` = the client id; `aud` the issuer or the token endpoint;
    /// `exp` in the future; a `jti` not seen before. Returns why it is refused, or nil.
    func verifyDocumentAssertion(_ value: (String) -> String?, clientID: String, keys: [JWK]) -> String? {
        guard value("client_assertion_type") == ClientAssertion.jwtBearerType else {
            return "client_assertion_type is not \(ClientAssertion.jwtBearerType)"
        }
        guard let text = value("client_assertion"), let jws = try? JWS(compact: text) else { return "client_assertion is not a JWS" }
        // A `kid` on both sides must match; a key without one is a candidate for any assertion.
        let candidates = keys.filter { key in key.keyID == nil || jws.header.keyID == nil || key.keyID == jws.header.keyID }
        guard jws.header.algorithm != .none, !jws.header.algorithm.rawValue.hasPrefix("HS"),
            let verifier = JWSVerifier.defaults.first(where: { $0.algorithm == jws.header.algorithm }),
            candidates.contains(where: { (try? verifier.isValidSignature(jws.signature, signingInput: jws.signingInput, key: $0)) == true })
        else { return "the client assertion does not verify with the client ID metadata document's keys" }
        let (claims, refusal) = assertionClaims(of: jws, value, clientID: clientID)
        guard let claims else { return refusal }
        guard let expiresAt = claims["exp"]?.numberValue?.int64Value, let jwtID = claims["jti"]?.stringValue, !jwtID.isEmpty else {
            return "exp and jti are required"
        }
        let now = clock.now().secondsSince1970
        return state.withLock { state -> String? in
            guard now + state.skew < expiresAt else { return "the client assertion has expired" }
            guard state.usedAssertionIDs.insert(jwtID).inserted else { return "the client assertion's jti was already used" }
            return nil
        }
    }

    /// How many client ID metadata documents the provider has fetched.
    public var clientMetadataDocumentFetches: Int {
        state.withLock { $0.clientMetadataDocumentFetches }
    }
}
