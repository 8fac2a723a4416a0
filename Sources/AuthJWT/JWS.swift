// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL
import AuthJSON

/// A JWS in compact serialization (RFC 7515 §7.1): `BASE64URL(header).BASE64URL(payload).BASE64URL(signature)`.
///
/// Decoding checks the form only; it verifies nothing. Use ``IDTokenValidator`` (or
/// ``verifySignature(using:verifiers:allowedAlgorithms:maximumCandidateKeys:)``) before trusting the content.
///
/// ```swift
/// let jws = try JWS(compact: token)
/// jws.header.algorithm        // .rs256
/// jws.payload                 // the payload bytes
/// jws.signingInput            // the exact ASCII bytes the signature covers
/// ```
///
/// Refused with a typed ``AuthJWTError``: a token over ``maximumTokenSize`` (before any parsing), five
/// segments (an encrypted JWE), any other count but three, a segment that is not strict base64url, a header
/// that is not a JSON object or breaks the rules of ``JOSEHeader``.
public struct JWS: Sendable {
    /// The default size limit: 64 KiB, far above any real ID token (typically under 2 KiB).
    public static let maximumTokenSize = 64 * 1024

    /// The decoded protected header.
    public let header: JOSEHeader
    /// The decoded payload bytes (for a JWT, a JSON object: see ``JWT``).
    public let payload: [UInt8]
    /// The decoded signature bytes (empty for `alg: none`).
    public let signature: [UInt8]
    /// `ASCII(BASE64URL(header) || '.' || BASE64URL(payload))`, exactly as received (RFC 7515 §5.2 step 8).
    public let signingInput: [UInt8]

    /// Decodes a compact JWS.
    public init(compact text: some StringProtocol, maximumSize: Int = JWS.maximumTokenSize) throws(AuthJWTError) {
        // Copied out of a `String` first, so that the copy and the scan below are specialized, not generic.
        let bytes = Array(String(text).utf8)
        guard bytes.count <= maximumSize else { throw .tokenTooLarge(size: bytes.count, limit: maximumSize) }
        var dots: [Int] = []
        for index in bytes.indices where bytes[index] == UInt8(ascii: ".") { dots.append(index) }
        guard dots.count == 2 else {
            throw dots.count == 4 ? .encryptedTokenNotSupported : .invalidSegmentCount(dots.count + 1)
        }
        let headerBytes = try Self.decode(bytes[..<dots[0]], segment: "header")
        payload = try Self.decode(bytes[(dots[0] + 1)..<dots[1]], segment: "payload")
        signature = try Self.decode(bytes[(dots[1] + 1)...], segment: "signature")
        signingInput = Array(bytes[..<dots[1]])
        header = try JOSEHeader(Self.object(headerBytes, segment: "header"))
    }

    private static func decode(_ segment: ArraySlice<UInt8>, segment name: String) throws(AuthJWTError) -> [UInt8] {
        do {
            return try Base64URL.decode(bytes: segment)
        } catch {
            throw .invalidBase64URL(segment: name, error)
        }
    }

    static func object(_ bytes: [UInt8], segment: String) throws(AuthJWTError) -> JSONObject {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: bytes)
        } catch {
            throw .invalidJSON(segment: segment, error)
        }
        guard let object = value.objectValue else { throw .notAnObject(segment: segment) }
        return object
    }
}
