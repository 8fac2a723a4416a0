// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJWT
import AuthSession
import AuthTesting
import Testing

/// The seed SDK's MFA type, mapped as AccountSDKIOSWeb maps its `MFAType` (acr_values = the type's name,
/// expected amr = the same value).
private enum SeedMFA: String, StepUpMethod {
    case password, otp, sms
    var acrValues: [AuthenticationContextClass] { [AuthenticationContextClass(rawValue: rawValue)] }
    var expectedAMR: [AuthenticationMethodReference] { [AuthenticationMethodReference(rawValue: rawValue)] }
}

/// A user agent that records what the session asked for, then lets the fake provider answer.
private struct RecordingBrowser: UserAgent {
    let browser: FakeBrowser
    let requests = Locked<[UserAgentRequest]>([])
    var requiresPresentationContext: Bool { false }
    func present(_ request: UserAgentRequest) async throws(AuthSessionError) -> Redirect {
        requests.withLock { $0.append(request) }
        return try await browser.present(request)
    }
}

@Suite("LoginOptions: per-login parameters and step-up checks through the fake provider")
struct LoginOptionsTests {
    private func login(_ fixture: Fixture, _ options: LoginOptions) async throws(AuthClientError) -> User {
        var generator = SeededRandomNumberGenerator(seed: 7)
        return try await fixture.client.login(with: fixture.provider.browser(), options: options, using: &generator)
    }

    private func parameter(_ name: String, _ fixture: Fixture) -> String? {
        fixture.provider.lastAuthorizationParameters.first { $0.name == name }?.value
    }

    @Test("the seed SDK's call shape sends acr_values, login_hint and the extra scopes after the configured ones")
    func seedShape() async throws {
        let fixture = try Fixture()
        fixture.provider.authenticateNextLogin(acr: "otp", amr: ["pwd", "otp"])
        let options = LoginOptions(withMFA: SeedMFA.otp, loginHint: "alice@example.com", extraScopeValues: ["orders:read"], withSSO: true)
        let user = try await login(fixture, options)
        #expect(user.subject == "alice")
        #expect(parameter("acr_values", fixture) == "otp")
        #expect(parameter("login_hint", fixture) == "alice@example.com")
        #expect(parameter("scope", fixture) == "openid email profile orders:read")
        #expect(try await user.idTokenClaims?.authenticationMethods == [.password, .otp])
    }

    @Test("an ID token without the expected amr fails with missingExpectedMFA (10101), and nothing is saved")
    func missingMFA() async throws {
        let fixture = try Fixture()
        fixture.provider.authenticateNextLogin(acr: "password", amr: ["pwd"])
        await #expect(throws: AuthClientError.missingExpectedMFA(expected: ["otp"], actual: ["pwd"])) {
            try await login(fixture, LoginOptions(withMFA: SeedMFA.otp, withSSO: true))
        }
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
        #expect(fixture.client.loginState == .loggedOut)
        // A provider that ignores acr_values and sends no amr at all: missing as well.
        await #expect(throws: AuthClientError.missingExpectedMFA(expected: ["sms"], actual: [])) {
            try await login(fixture, LoginOptions(withMFA: SeedMFA.sms, withSSO: true))
        }
        #expect(AuthClientError.missingExpectedMFA(expected: [], actual: []).code == 10101)
    }

    @Test("acr must be one of the requested values unless told otherwise (Core §3.1.3.7 item 12)")
    func acrChecked() async throws {
        let fixture = try Fixture()
        let loa2 = AuthenticationContextClass(rawValue: "urn:example:loa:2")
        fixture.provider.authenticateNextLogin(acr: "urn:example:loa:1")
        await #expect(throws: AuthClientError.acrNotSatisfied(expected: ["urn:example:loa:2"], actual: "urn:example:loa:1")) {
            try await login(fixture, LoginOptions(acrValues: [loa2]))
        }
        await #expect(throws: AuthClientError.acrNotSatisfied(expected: ["urn:example:loa:2"], actual: nil)) {
            try await login(fixture, LoginOptions(acrValues: [loa2]))
        }
        fixture.provider.authenticateNextLogin(acr: "urn:example:loa:2")
        let user = try await login(fixture, LoginOptions(acrValues: [loa2]))
        #expect(try await user.idTokenClaims?.authenticationContextClass == loa2)
        // Asked for but not enforced: any acr (or none) is accepted.
        _ = try await login(fixture, LoginOptions(acrValues: [loa2], expectedACR: []))
        #expect(parameter("acr_values", fixture) == "urn:example:loa:2")
    }

    @Test("max_age is sent and auth_time older than it is refused (Core §3.1.3.7 item 13)")
    func maxAge() async throws {
        let fixture = try Fixture()
        // The provider's clock says the user authenticated 400 s before the client's now.
        fixture.provider.clockSkewSeconds = -400
        await #expect {
            try await login(fixture, LoginOptions(maxAge: 300))
        } throws: { error in
            guard case .idToken(.authenticationTooOld(_, _, let maximum))? = error as? AuthClientError else { return false }
            return maximum == 300
        }
        #expect(parameter("max_age", fixture) == "300")
        _ = try await login(fixture, LoginOptions(maxAge: 3600))
    }

    @Test("withSSO: false asks for an ephemeral browser session for this login only")
    func ephemeralPerLogin() async throws {
        let fixture = try Fixture()
        let browser = RecordingBrowser(browser: fixture.provider.browser())
        _ = try await fixture.client.login(with: browser, options: LoginOptions(withSSO: false))
        _ = try await fixture.client.login(with: browser, options: LoginOptions(withSSO: true))
        _ = try await fixture.client.login(with: browser)
        #expect(browser.requests.withLock { $0.map(\.prefersEphemeralWebBrowserSession) } == [true, false, false])
    }

    @Test("bad options are refused before anything is sent: a reserved parameter, a bad scope or acr value")
    func refused() async throws {
        let fixture = try Fixture()
        for options in [
            LoginOptions(additionalParameters: [FormParameter(name: "acr_values", value: "x")]),
            LoginOptions(extraScopes: [Scope(rawValue: "two words")]),
            LoginOptions(acrValues: [AuthenticationContextClass(rawValue: "a b")]),
            LoginOptions(acrValues: [AuthenticationContextClass(rawValue: "")]),
        ] {
            await #expect { try await login(fixture, options) } throws: { ($0 as? AuthClientError)?.code == 10001 }
        }
        #expect(fixture.provider.requestCount(.authorization) == 0)
    }

    @Test("a step-up error turns into the options to log in again with")
    func optionsFromStepUp() {
        let options = LoginOptions(stepUp: .stepUpRequired(acrValues: ["myACR"], maxAge: 0))
        #expect(options?.acrValues == [AuthenticationContextClass(rawValue: "myACR")])
        #expect(options?.expectedACR == [AuthenticationContextClass(rawValue: "myACR")])
        #expect(options?.maxAge == 0)
        #expect(options?.prompt == [.login])
        #expect(LoginOptions(stepUp: .loggedOut) == nil)
    }
}
