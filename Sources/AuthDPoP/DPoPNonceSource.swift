// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthDigest

/// Server-provided DPoP nonces (RFC 9449 §8, §9): the value a server sends in `DPoP-Nonce` and expects
/// back in the proofs' `nonce` claim, so that a proof cannot have been made in advance.
///
/// ```swift
/// let nonces = DPoPNonceSource(rotationInterval: 300, now: now)
/// let verifier = DPoPProofVerifier(configuration: .init(requiresNonce: true), nonces: nonces, now: now)
/// response.headerFields.append(HeaderField(name: "DPoP-Nonce", value: nonces.current()))
/// ```
///
/// Stateless: the nonce of the interval `now / rotationInterval` is base64url of the first 16 bytes of
/// HMAC-SHA256(secret, interval number). It changes every `rotationInterval` seconds; ``isValid(_:)``
/// accepts the current one and the previous one (so a nonce handed out just before a rotation still
/// works, RFC 9449 §8.2), compared in constant time. Nothing is stored, so the source is a value that
/// any number of tasks share; instances of one server behind a load balancer agree when given the same
/// `secret`. A client cannot predict the next nonce without the secret. Not checked: that a nonce is used
/// only once (the `jti` replay cache does that for proofs).
public struct DPoPNonceSource: Sendable {
    /// The default rotation interval: 300 s.
    public static let defaultRotationInterval: Int64 = 300

    /// Seconds between rotations (at least 1).
    public let rotationInterval: Int64
    private let secret: [UInt8]
    private let now: @Sendable () -> Int64

    /// A source keyed with `secret` (at least 16 random bytes; share it among instances of one server),
    /// reading the time from `now` (seconds since 1970).
    public init(secret: [UInt8], rotationInterval: Int64 = DPoPNonceSource.defaultRotationInterval, now: @escaping @Sendable () -> Int64) {
        self.secret = secret
        self.rotationInterval = max(1, rotationInterval)
        self.now = now
    }

    /// A source with a fresh 32-byte secret from `generator`.
    public init(
        rotationInterval: Int64 = DPoPNonceSource.defaultRotationInterval, now: @escaping @Sendable () -> Int64,
        using generator: inout some RandomNumberGenerator
    ) {
        var secret: [UInt8] = []
        secret.reserveCapacity(32)
        for _ in 0..<4 {
            var word = generator.next()
            for _ in 0..<8 {
                secret.append(UInt8(truncatingIfNeeded: word))
                word >>= 8
            }
        }
        self.init(secret: secret, rotationInterval: rotationInterval, now: now)
    }

    /// A source with a fresh 32-byte secret from the system's generator.
    public init(rotationInterval: Int64 = DPoPNonceSource.defaultRotationInterval, now: @escaping @Sendable () -> Int64) {
        var generator = SystemRandomNumberGenerator()
        self.init(rotationInterval: rotationInterval, now: now, using: &generator)
    }

    /// The nonce to hand out now (the `DPoP-Nonce` header).
    public func current() -> String {
        nonce(interval: Self.interval(now(), rotationInterval))
    }

    /// Whether `nonce` is the current nonce or the previous one.
    public func isValid(_ nonce: String) -> Bool {
        let interval = Self.interval(now(), rotationInterval)
        // Both compared, whatever the first gives, so the time says nothing about which one matched.
        let current = ConstantTime.isEqual(self.nonce(interval: interval).utf8, nonce.utf8)
        let previous = ConstantTime.isEqual(self.nonce(interval: interval - 1).utf8, nonce.utf8)
        return current || previous
    }

    private func nonce(interval: Int64) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array("AuthFlow DPoP nonce \(interval)".utf8), key: secret)
        return Base64URL.encode(Array(code).prefix(16))
    }

    /// Floor division, so that times before 1970 rotate too.
    private static func interval(_ time: Int64, _ length: Int64) -> Int64 {
        time >= 0 ? time / length : -((-time - 1) / length) - 1
    }
}
