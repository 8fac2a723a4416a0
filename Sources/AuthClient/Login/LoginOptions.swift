// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthCallback

/// The options of one login (another name for ``AuthorizationRequest/Options``), in the shape of
/// AccountSDKIOSWeb's `getLoginSession(withMFA:loginHint:extraScopeValues:withSSO:)`.
///
/// ```swift
/// let options = LoginOptions(withMFA: MFA.otp, loginHint: "ada@example.com",
///                            extraScopeValues: ["orders:write"], withSSO: false)   // false: private browser session
/// let user = try await client.login(with: browser, options: options)
/// ```
public typealias LoginOptions = AuthorizationRequest.Options

extension AuthorizationRequest.Options {
    /// AccountSDKIOSWeb's login parameters: an optional step-up method (its `acr_values` sent, its `amr`
    /// expected), a login hint, extra scopes, and `withSSO` (false: a private browser session, with no
    /// single sign-on from the browser's cookies; true: a shared one).
    public init(
        withMFA method: (any StepUpMethod)? = nil, loginHint: String? = nil, extraScopeValues: Set<String> = [], withSSO: Bool,
        prompt: [Prompt] = [], maxAge: Int64? = nil, additionalParameters: [FormParameter] = []
    ) {
        self.init(
            prompt: prompt, loginHint: loginHint, maxAge: maxAge, additionalParameters: additionalParameters,
            extraScopes: extraScopeValues.sorted().map(Scope.init(rawValue:)), acrValues: method?.acrValues ?? [],
            expectedACR: method?.expectedACR ?? [], expectedAMR: method?.expectedAMR ?? [],
            prefersEphemeralWebBrowserSession: !withSSO)
    }

    /// The options a resource's RFC 9470 challenge asks for: its `acr_values` (expected back in `acr`) and
    /// `max_age`, with `prompt=login` when `max_age` is 0. Nil unless `error` is
    /// ``AuthClientError/stepUpRequired(acrValues:maxAge:)``.
    ///
    /// ```swift
    /// do { _ = try await user.send(request) } catch let error where LoginOptions(stepUp: error) != nil {
    ///     if let options = LoginOptions(stepUp: error) { _ = try await client.login(with: browser, options: options) }
    /// }
    /// ```
    public init?(stepUp error: AuthClientError) {
        guard case .stepUpRequired(let acrValues, let maxAge) = error else { return nil }
        self.init(
            prompt: maxAge == 0 ? [.login] : [], maxAge: maxAge, acrValues: acrValues.map(AuthenticationContextClass.init(rawValue:)))
    }
}
