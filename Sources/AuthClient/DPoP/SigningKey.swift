// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJSON
public import AuthJWT

/// A private key that signs JWTs for the client: DPoP proofs (RFC 9449) and `private_key_jwt` client
/// assertions (RFC 7523 §2.2, OpenID Connect Core §9).
///
/// `P256PrivateKey` (AuthJWT, pure Swift, ES256) conforms. To keep the key in a Secure Enclave, a
/// keychain or an HSM, conform your own type: signing is `async` so a key behind a network call, a
/// biometric prompt or another process fits.
///
/// ```swift
/// struct EnclaveKey: SigningKey {
///     let reference: SecKey
///     var algorithm: JWSAlgorithm { .es256 }
///     var keyID: String? { "enclave-1" }
///     var publicJWK: JSONObject { /* kty EC, crv P-256, x, y from SecKeyCopyPublicKey */ }
///     func sign(_ signingInput: [UInt8]) async throws -> [UInt8] {
///         // SecKeyCreateSignature(.ecdsaSignatureMessageX962SHA256) gives DER: convert it to r ‖ s.
///     }
/// }
/// let client = ClientAuthentication.privateKeyJWT(ClientAssertionKey(EnclaveKey(reference: key)))
/// ```
///
/// The contract, which AuthFlow relies on and does not check: ``SigningKey/sign(_:)``
/// returns the JWS signature of exactly `signingInput` (RFC 7515 §5.1) for ``SigningKey/algorithm`` — for ES256 the
/// 64-byte r ‖ s of RFC 7518 §3.4, not DER; ``SigningKey/publicJWK`` holds only public members.
public protocol SigningKey: Sendable {
    /// The JWS `alg` of the signatures (ES256 for `P256PrivateKey`).
    var algorithm: JWSAlgorithm { get }
    /// The `kid` to put in client-assertion headers, if any.
    var keyID: String? { get }
    /// The public key as a JWK (RFC 7517), without private members: DPoP proofs carry it in `jwk`.
    var publicJWK: JSONObject { get }
    /// The JWS signature of `signingInput`. A thrown error becomes `AuthClientError.signingFailed`.
    func sign(_ signingInput: [UInt8]) async throws -> [UInt8]
}

extension P256PrivateKey: SigningKey {
    /// ES256.
    public var algorithm: JWSAlgorithm { .es256 }

    /// `signature(for:extraRandomness:)`: deterministic ES256 (RFC 6979), low s.
    public func sign(_ signingInput: [UInt8]) async throws -> [UInt8] {
        signature(for: signingInput)
    }
}

extension SigningKey {
    /// A compact JWS of `claims` with the header `{"typ"?, "alg", "kid"?}` plus `header`'s members.
    func signedJWT(type: String?, claims: JSONObject, header: JSONObject = JSONObject(), includesKeyID: Bool) async throws(AuthClientError)
        -> String
    {
        var fullHeader = JSONObject()
        if let type { try? fullHeader.append("typ", .string(type)) }
        try? fullHeader.append("alg", .string(algorithm.rawValue))
        if includesKeyID, let keyID { try? fullHeader.append("kid", .string(keyID)) }
        for member in header.members { try? fullHeader.append(member.name, member.value) }
        let input = JWS.signingInput(header: fullHeader, payload: JSONValue.object(claims).serialized())
        do {
            return JWS.compact(signingInput: input, signature: try await sign(input))
        } catch {
            throw .signingFailed("\(error)")
        }
    }
}
