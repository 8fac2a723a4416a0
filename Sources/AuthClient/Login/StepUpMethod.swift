// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The mapping hook for step-up: how an app's own multi-factor methods become `acr_values` to ask for and
/// `amr` values (RFC 8176) to expect in the ID token, as AccountSDKIOSWeb's `MFAType` does.
///
/// ```swift
/// enum MFA: StepUpMethod {
///     case password, otp, sms
///     var acrValues: [AuthenticationContextClass] {
///         switch self {
///         case .password: [.init(rawValue: "password")]
///         case .otp: [.init(rawValue: "otp")]
///         case .sms: [.init(rawValue: "sms")]
///         }
///     }
///     var expectedAMR: [AuthenticationMethodReference] {
///         switch self {
///         case .password: [.password]
///         case .otp: [.otp]
///         case .sms: [.sms]
///         }
///     }
/// }
/// let user = try await client.login(with: browser, options: LoginOptions(withMFA: MFA.otp))
/// ```
///
/// The login then sends `acr_values`, and the ID token's `amr` must contain one of ``expectedAMR``, or the
/// login fails with ``AuthClientError/missingExpectedMFA(expected:actual:)`` and nothing is saved. `acr`
/// is checked against ``expectedACR`` (default: none; providers often answer with another acr than asked).
public protocol StepUpMethod: Sendable {
    /// Sent as `acr_values` (OpenID Connect Core §3.1.2.1).
    var acrValues: [AuthenticationContextClass] { get }
    /// At least one must be in the ID token's `amr`; empty: `amr` is not checked.
    var expectedAMR: [AuthenticationMethodReference] { get }
    /// The ID token's `acr` must be one of these; empty (the default): `acr` is not checked.
    var expectedACR: [AuthenticationContextClass] { get }
}

extension StepUpMethod {
    public var expectedACR: [AuthenticationContextClass] { [] }
}
