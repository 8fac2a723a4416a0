// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
public import AuthJSON
import AuthJWT

extension ClientIDMetadataDocument {
    /// Where a `private_key_jwt` client's public keys are (RFC 7591 §2): in the document (`jwks`) or at an
    /// https URL (`jwks_uri`). The authorization server verifies the client's assertions (RFC 7523 §2.2) with
    /// them; the draft (§4.1) allows a document no shared secret, so a key pair is how its client authenticates.
    ///
    /// ```swift
    /// let keys = ClientIDMetadataDocument.Keys.publicKeys(of: [signingKey])   // {"keys": [{kty, crv, x, y, kid, alg}]}
    /// let remote = ClientIDMetadataDocument.Keys.jwksURI("https://agent.example.com/oauth/jwks.json")
    /// ```
    ///
    /// Checked when a document is made or read: at least one key, each a valid JWK with public members only —
    /// no `d`, `p`, `q`, `dp`, `dq`, `qi`, `oth`, and no `oct` key (a symmetric key is a shared secret) — else
    /// ``AuthClientError/clientMetadataDocumentPrivateKey(keyID:)``; a `jwks_uri` is an https URL without a
    /// fragment. Not checked: that the keys at a `jwks_uri` are public (the server that fetches them must).
    public enum Keys: Sendable, Hashable {
        /// `jwks`: the public JWKs, written as `{"keys": [...]}`.
        case jwks([JSONObject])
        /// `jwks_uri`: an https URL serving the JWK Set.
        case jwksURI(String)

        /// `jwks` with each key's ``SigningKey/publicJWK``, its `kid` and `alg` added when the key has them.
        public static func publicKeys(of keys: [any SigningKey]) -> Keys {
            .jwks(
                keys.map { key in
                    var jwk = key.publicJWK
                    if jwk["kid"] == nil, let keyID = key.keyID { try? jwk.append("kid", .string(keyID)) }
                    if jwk["alg"] == nil { try? jwk.append("alg", .string(key.algorithm.rawValue)) }
                    return jwk
                })
        }

        /// The members that a public JWK never has (RFC 7518 §6.2.2, §6.3.2).
        static let privateMembers = ["d", "p", "q", "dp", "dq", "qi", "oth"]

        /// Checks the keys (see the type's documentation).
        func check() throws(AuthClientError) {
            switch self {
            case .jwks(let keys):
                guard !keys.isEmpty else { throw .invalidClientMetadataDocument("'jwks' has no keys") }
                for key in keys { try Self.checkPublic(key) }
            case .jwksURI(let uri):
                guard let parsed = try? URI(parsing: uri), parsed.scheme == "https", let host = parsed.host, !host.isEmpty,
                    parsed.fragment == nil
                else { throw .invalidClientMetadataDocument("'jwks_uri' is not an https URL without a fragment") }
            }
        }

        /// Refuses a key with private members or a symmetric key, then one that is not a valid JWK. The key's
        /// material never goes into the error: only its `kid`.
        static func checkPublic(_ key: JSONObject) throws(AuthClientError) {
            let keyID = key["kid"]?.stringValue
            if privateMembers.contains(where: { key[$0] != nil }) || key["kty"]?.stringValue == "oct" {
                throw .clientMetadataDocumentPrivateKey(keyID: keyID)
            }
            do {
                _ = try JWK(key)
            } catch {
                throw .invalidClientMetadataDocument("a key in 'jwks' is not a valid JWK: \(error)")
            }
        }

        /// The keys of a document read: `jwks` (a JWK Set object) or `jwks_uri`, not both; nil for neither.
        init?(_ members: JSONMembers) throws(AuthClientError) {
            let uri = try members.string("jwks_uri")
            let set = members.object["jwks"].flatMap { $0.isNull ? nil : $0 }
            switch (set, uri) {
            case (nil, nil):
                return nil
            case (_?, _?):
                throw .invalidClientMetadataDocument("'jwks' and 'jwks_uri' are both present (RFC 7591 §2 allows one)")
            case (nil, let uri?):
                self = .jwksURI(uri)
            case (let set?, nil):
                guard let keys = set["keys"]?.arrayValue else {
                    throw .invalidClientMetadataDocument("'jwks' is not a JWK Set (an object with a 'keys' array)")
                }
                var objects: [JSONObject] = []
                for key in keys {
                    guard let object = key.objectValue else { throw .invalidClientMetadataDocument("a key in 'jwks' is not an object") }
                    objects.append(object)
                }
                self = .jwks(objects)
            }
            try check()
        }
    }

    /// A document for the confidential client `clientID` that authenticates with `private_key_jwt` (RFC 7523
    /// §2.2, OpenID Connect Core §9): the document carries its public keys or their URL, and the client signs
    /// each token request's assertion with the private key, which stays with it.
    ///
    /// ```swift
    /// let document = try ClientIDMetadataDocument(
    ///     clientID: "https://agent.example.com/oauth/client.json", clientName: "My Agent",
    ///     redirectURIs: ["http://127.0.0.1:53682/callback"], privateKeyJWT: .publicKeys(of: [key]))
    /// options.clientIDMetadataDocumentURL = document.clientID
    /// options.clientAuthentication = .privateKeyJWT(ClientAssertionKey(key))
    /// ```
    ///
    /// Checked: everything the public client's initializer checks, and the keys as ``Keys`` says — a private
    /// or symmetric key is ``AuthClientError/clientMetadataDocumentPrivateKey(keyID:)``, so a document never
    /// publishes the client's secret.
    public init(
        clientID: String, clientName: String, redirectURIs: [String], privateKeyJWT keys: Keys,
        grantTypes: [String] = ["authorization_code", "refresh_token"], clientURI: String? = nil, logoURI: String? = nil
    ) throws(AuthClientError) {
        try keys.check()
        try self.init(
            clientID: clientID, clientName: clientName, redirectURIs: redirectURIs, grantTypes: grantTypes, clientURI: clientURI,
            logoURI: logoURI, tokenEndpointAuthMethod: "private_key_jwt", keys: keys)
    }
}
