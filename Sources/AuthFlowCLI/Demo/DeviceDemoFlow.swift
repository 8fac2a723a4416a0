// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting

/// `authflow demo --device`: the device authorization grant (RFC 8628), offline against the fake provider,
/// narrated step by step. The waits between polls run on a simulated clock, so the demo takes no real time
/// and shows exactly how long a real client would wait. `--fail` shows a denial, an expiry, or `slow_down`.
struct DeviceDemoFlow: Sendable {
    /// What `--fail` can show in the device flow.
    enum Failure: String, CaseIterable, Sendable {
        case denied, expired
        case slowDown = "slow-down"

        var explanation: String {
            switch self {
            case .denied: "the user denies the request on the other device (RFC 8628 §3.5 access_denied)"
            case .expired: "nobody enters the code before it expires (RFC 8628 §3.5 expired_token, and the client's own deadline)"
            case .slowDown:
                "the provider answers slow_down once: the interval grows by 5 seconds (RFC 8628 §3.5) and the login still succeeds"
            }
        }

        /// Whether the login still ends signed in.
        var succeeds: Bool { self == .slowDown }
    }

    let failure: Failure?

    func run() async -> (text: String, asExpected: Bool) {
        var out = Narration()
        let failure = failure
        let demo = PollingDemo { if failure == .expired { $0.deviceCodeLifetime = 12 } }
        out.line("AuthFlow demo: the device authorization grant (RFC 8628), offline, against AuthTesting's fake provider.")
        out.line("The waits between polls run on a simulated clock: no real time passes.")
        if let failure { out.line("Showing: \(failure.rawValue) — \(failure.explanation).") }
        do {
            try await flow(demo, out: &out)
            out.line(
                "\nDone: the device is signed in. Try `authflow demo --device --fail` with one of: \(Failure.allCases.map(\.rawValue).joined(separator: ", "))."
            )
            return (out.text, failure == nil || failure?.succeeds == true)
        } catch let error as DemoFlow.CaughtFailure {
            out.line("\n✗ Caught at step \(error.step): \(error.message)")
            out.line("  That is the error your code gets. Nothing was stored.")
            return (out.text, failure != nil && failure?.succeeds == false)
        } catch {
            out.line("\n✗ Unexpected error: \(error)")
            return (out.text, false)
        }
    }

    private func flow(_ demo: PollingDemo, out: inout Narration) async throws {
        let (provider, wire) = (demo.provider, demo.wire)
        let client = try await demo.discover("OpenID Connect Discovery 1.0 §4, RFC 8628 §4", out: &out)
        out.check("device_authorization_endpoint: \(client.metadata.deviceAuthorizationEndpoint ?? "none")")

        // 2. The device authorization request
        out.step(
            2, "Device authorization request", "RFC 8628 §3.1, §3.2",
            "AuthClient.requestDeviceAuthorization — Sources/AuthClient/DeviceAuthorization/AuthClient+DeviceAuthorization.swift")
        let authorization = try await demo.attempt(2, &out) { try await client.requestDeviceAuthorization() }
        out.exchanges(wire.takeExchanges())
        out.value("user_code", authorization.userCode, "what the user types on the other device")
        out.value("verification_uri", authorization.verificationURI, "where they type it")
        out.value(
            "verification_uri_complete", authorization.verificationURIComplete ?? "none", "the same with the code filled in, for a QR code")
        out.value("expires_in", "\(authorization.expiresIn) s", "the client stops polling after this")
        out.value("interval", "\(authorization.interval) s", "the wait between polls")
        out.check(
            "the device_code is a credential: the client sends it only to the token endpoint, never in a description or an error (the demo shows the wire)"
        )

        // 3. The user, elsewhere
        out.step(
            3, "The user signs in on another device", "RFC 8628 §3.3, §5.4 (remote phishing)",
            "FakeOpenIDProvider's /device page — Sources/AuthTesting/FakeOpenIDProvider+Pages.swift")
        switch failure {
        case .expired: out.line("    (nobody comes)")
        case .denied:
            out.line(
                "    after two polls, the user opens \(authorization.verificationURI), enters \(authorization.userCode) and presses Deny")
        default:
            out.line(
                "    after two polls, the user opens \(authorization.verificationURI), enters \(authorization.userCode) and approves as alice"
            )
        }
        if failure == .slowDown { provider.fail(.token, with: .oauthError(.slowDown)) }

        // 4. Polling
        out.step(
            4, "Polling the token endpoint", "RFC 8628 §3.4, §3.5",
            "AuthClient.pollDeviceAuthorization — Sources/AuthClient/DeviceAuthorization/AuthClient+DeviceAuthorization.swift")
        let pending = Locked(0)
        let failure = failure
        let polled = await Result { () async throws(AuthClientError) -> User in
            try await client.pollDeviceAuthorization(authorization) { poll in
                guard case .pending = poll,
                    pending.withLock({
                        $0 += 1
                        return $0
                    }) == 2
                else { return }
                switch failure {
                case .expired: break
                case .denied: provider.denyDevice(userCode: authorization.userCode)
                default: provider.approveDevice(userCode: authorization.userCode)
                }
            }
        }
        let user = try demo.polled(polled, step: 4, slowedDown: failure == .slowDown, out: &out)
        out.check("the ID token was validated (signature, iss, aud, exp, at_hash; no nonce in this grant) and the tokens saved")

        try await demo.fetchProfile(step: 5, of: user, out: &out)
    }
}

extension Result {
    /// The result of an async throwing operation.
    init(_ operation: () async throws(Failure) -> Success) async {
        do {
            self = .success(try await operation())
        } catch {
            self = .failure(error)
        }
    }
}
