// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON
public import AuthJWT

/// A device authorization (RFC 8628 §3.2): the code the user types on another device, where to type it,
/// and how long and how often the client may poll for the tokens. Data the app renders — nothing prints.
///
/// ```swift
/// let authorization = try await client.requestDeviceAuthorization()
/// show("Go to \(authorization.verificationURI) and enter \(authorization.userCode)")
/// if let complete = authorization.verificationURIComplete { showQRCode(complete) }   // §3.3.1
/// let user = try await client.pollDeviceAuthorization(authorization)
/// ```
///
/// Read strictly where it matters: `device_code`, `user_code`, `verification_uri` and a non-negative
/// `expires_in` are required; `interval` defaults to 5 s (§3.2) and is at least 1 s. Tolerated as other
/// mature clients do: `verification_url` for `verification_uri` (Google's spelling), and numbers sent as
/// digit strings. The verification URIs must be https (or loopback http when the configuration allows an
/// insecure loopback issuer), since the user is sent there to sign in. The `device_code` is a credential:
/// it never appears in ``description``.
public struct DeviceAuthorization: Hashable, Sendable {
    /// `device_code`: what the client polls with. Secret.
    public let deviceCode: String
    /// `user_code`: what the user types (show it as it is, RFC 8628 §6.1).
    public let userCode: String
    /// `verification_uri`: where the user types it.
    public let verificationURI: String
    /// `verification_uri_complete`: the same page with the code filled in, for a QR code (§3.3.1). Show
    /// the ``userCode`` beside it all the same, so the user can check it (§5.4).
    public let verificationURIComplete: String?
    /// `expires_in`, in seconds.
    public let expiresIn: Int64
    /// `interval`: the seconds to wait between polls (default 5, §3.2).
    public let interval: Int64
    /// When the device code expires: the response's arrival plus `expires_in`.
    public let expiresAt: NumericDate
    /// The DPoP key the polls prove (RFC 9449), set by `AuthClient.requestDeviceAuthorization` when the
    /// configuration uses DPoP. A secret.
    public var dpopKey: P256PrivateKey?

    public init(
        deviceCode: String, userCode: String, verificationURI: String, verificationURIComplete: String? = nil, expiresIn: Int64,
        interval: Int64 = 5, receivedAt: NumericDate
    ) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.verificationURIComplete = verificationURIComplete
        self.expiresIn = max(0, expiresIn)
        self.interval = max(1, interval)
        expiresAt = NumericDate(secondsSince1970: receivedAt.adding(seconds: max(0, expiresIn)).secondsSince1970)
    }

    /// Reads a device authorization response (RFC 8628 §3.2) that arrived at `receivedAt`.
    public init(json body: some Sequence<UInt8>, receivedAt: NumericDate, allowsInsecureLoopback: Bool = false) throws(AuthClientError) {
        guard let object = (try? JSONValue(parsing: body))?.objectValue else {
            throw Self.invalid("the body is not a JSON object")
        }
        func string(_ name: String) throws(AuthClientError) -> String? {
            guard let member = object[name], !member.isNull else { return nil }
            guard let text = member.stringValue, !text.isEmpty else { throw Self.invalid("'\(name)' is not a non-empty string") }
            return text
        }
        func seconds(_ name: String) throws(AuthClientError) -> Int64? {
            guard let member = object[name], !member.isNull else { return nil }
            if let value = JSONMembers.seconds(member) { return value }
            throw Self.invalid("'\(name)' is not a non-negative whole number of seconds")
        }
        guard let deviceCode = try string("device_code") else { throw Self.invalid("'device_code' is missing") }
        guard let userCode = try string("user_code") else { throw Self.invalid("'user_code' is missing") }
        let standard = try string("verification_uri")
        let google = try string("verification_url")
        guard let verificationURI = standard ?? google else {
            throw Self.invalid("'verification_uri' is missing")
        }
        guard let expiresIn = try seconds("expires_in") else { throw Self.invalid("'expires_in' is missing") }
        // Found by the device-authorization fuzz target: a code that is already expired cannot be used.
        guard expiresIn > 0 else { throw Self.invalid("'expires_in' is 0: the device code is already expired") }
        let complete = try string("verification_uri_complete")
        try SecureURL.check(verificationURI, name: "verification_uri", allowsInsecureLoopback: allowsInsecureLoopback)
        if let complete { try SecureURL.check(complete, name: "verification_uri_complete", allowsInsecureLoopback: allowsInsecureLoopback) }
        self.init(
            deviceCode: deviceCode, userCode: userCode, verificationURI: verificationURI, verificationURIComplete: complete,
            expiresIn: expiresIn, interval: try seconds("interval") ?? 5, receivedAt: receivedAt)
    }

    private static func invalid(_ reason: String) -> AuthClientError {
        .unexpectedResponse(
            endpoint: "device_authorization", status: 200, reason: "not a device authorization response (RFC 8628 §3.2): \(reason)")
    }
}

extension DeviceAuthorization: CustomStringConvertible {
    /// The user code, the URIs and the timing; never the device code.
    public var description: String {
        "DeviceAuthorization(user_code: \(userCode), verification_uri: \(verificationURI), "
            + "verification_uri_complete: \(verificationURIComplete ?? "none"), expires_in: \(expiresIn), interval: \(interval), device_code: <redacted>)"
    }
}
