// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
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
        state.withLock { $0.registeredClients[clientID] = .init(redirectURIs: document.redirectURIs, authentication: .none) }
    }

    /// How many client ID metadata documents the provider has fetched.
    public var clientMetadataDocumentFetches: Int {
        state.withLock { $0.clientMetadataDocumentFetches }
    }
}
