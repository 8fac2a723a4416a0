// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthJSON
import AuthJWT
import AuthSession

extension FakeOpenIDProvider {
    /// RFC 8628 §3.4's grant type.
    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// RFC 8628 §6.1's example character set: no vowels (no words), no look-alikes.
    private static let userCodeCharacters = Array("BCDFGHJKLMNPQRSTVWXZ".utf8)

    /// Approves the device login with `userCode` as `subject` — what the user does on the verification page.
    /// Returns false when no pending device login has that code (the comparison ignores case and dashes,
    /// RFC 8628 §6.1).
    @discardableResult
    public func approveDevice(userCode: String, as subject: String = "alice") -> Bool {
        decideDevice(userCode: userCode, .approved(subject: subject))
    }

    /// Denies the device login with `userCode`: its next poll gets `access_denied`.
    @discardableResult
    public func denyDevice(userCode: String) -> Bool {
        decideDevice(userCode: userCode, .denied)
    }

    private func decideDevice(userCode: String, _ decision: ProviderState.PolledGrant.Decision) -> Bool {
        let wanted = Self.normalizedUserCode(userCode)
        return state.withLock { state in
            guard let code = state.devices.first(where: { Self.normalizedUserCode($0.value.userCode) == wanted }),
                case .pending = code.value.decision
            else { return false }
            state.devices[code.key]?.decision = decision
            return true
        }
    }

    static func normalizedUserCode(_ text: String) -> String {
        String(text.uppercased().filter { $0 != "-" && $0 != " " })
    }

    /// RFC 8628 §3.1–3.2: a device code, a user code `XXXX-XXXX`, the verification URIs, `expires_in`, `interval`.
    func authorizeDevice(_ request: TransportRequest) -> TransportResponse {
        let parameters: [FormParameter]
        let clientID: String
        switch authenticatedForm(request) {
        case .success(let form): (parameters, clientID) = form
        case .failure(let refused): return refused.response
        }
        func value(_ name: String) -> String? { parameters.first { $0.name == name }?.value }
        let now = clock.now().secondsSince1970
        return state.withLock { state -> TransportResponse in
            let deviceCode = state.token()
            var userCode: [UInt8] = []
            for index in 0..<8 {
                if index == 4 { userCode.append(UInt8(ascii: "-")) }
                userCode.append(Self.userCodeCharacters[Int(state.generator.next() % UInt64(Self.userCodeCharacters.count))])
            }
            let text = String(decoding: userCode, as: UTF8.self)
            state.devices[deviceCode] = ProviderState.PolledGrant(
                userCode: text, clientID: clientID, scope: value("scope") ?? (configuration.supportsOpenIDConnect ? "openid" : ""),
                expiresAt: now + state.skew + configuration.deviceCodeLifetime,
                interval: configuration.devicePollingInterval)
            let page = configuration.issuer + "/device"
            return Self.json(
                200,
                [
                    "device_code": .string(deviceCode), "user_code": .string(text), "verification_uri": .string(page),
                    "verification_uri_complete": .string(page + "?user_code=" + text),
                    "expires_in": .number(JSONNumber(configuration.deviceCodeLifetime)),
                    "interval": .number(JSONNumber(configuration.devicePollingInterval)),
                ])
        }
    }

    /// RFC 8628 §3.4–3.5: the answer to one poll, with the interval enforced (`slow_down` adds 5 seconds).
    func pollDevice(_ value: (String) -> String?, clientID: String, jkt: String?) -> TransportResponse {
        answerPoll(
            \.devices, id: value("device_code"), named: "device code", clientID: clientID, jkt: jkt,
            withIDToken: { configuration.issuesIDTokenForDeviceGrant && issuesIDToken(forScope: $0) })
    }
}
