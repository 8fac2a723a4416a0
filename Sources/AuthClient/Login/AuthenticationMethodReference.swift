// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An Authentication Method Reference (`amr`, OpenID Connect Core §2): a method the user authenticated
/// with. The registered values of RFC 8176 §2 are constants; any other is `AuthenticationMethodReference(rawValue:)`.
///
/// ```swift
/// let options = LoginOptions(acrValues: [.init(rawValue: "otp")], expectedAMR: [.otp])
/// let user = try await client.login(with: browser, options: options)   // throws missingExpectedMFA without it
/// ```
public struct AuthenticationMethodReference: RawRepresentable, Hashable, Sendable, Codable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `face`: facial biometric.
    public static let face = Self(rawValue: "face")
    /// `fpt`: fingerprint biometric.
    public static let fingerprint = Self(rawValue: "fpt")
    /// `hwk`: proof of possession of a hardware-secured key.
    public static let hardwareKey = Self(rawValue: "hwk")
    /// `kba`: knowledge-based authentication.
    public static let knowledgeBased = Self(rawValue: "kba")
    /// `mca`: multiple-channel authentication.
    public static let multipleChannel = Self(rawValue: "mca")
    /// `mfa`: multiple-factor authentication.
    public static let multipleFactor = Self(rawValue: "mfa")
    /// `otp`: a one-time password.
    public static let otp = Self(rawValue: "otp")
    /// `pin`: a personal identification number.
    public static let pin = Self(rawValue: "pin")
    /// `pwd`: a password.
    public static let password = Self(rawValue: "pwd")
    /// `sc`: a smart card.
    public static let smartCard = Self(rawValue: "sc")
    /// `sms`: confirmation by SMS.
    public static let sms = Self(rawValue: "sms")
    /// `swk`: proof of possession of a software-secured key.
    public static let softwareKey = Self(rawValue: "swk")
    /// `tel`: confirmation by telephone call.
    public static let telephone = Self(rawValue: "tel")
    /// `user`: user presence test.
    public static let userPresence = Self(rawValue: "user")

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
