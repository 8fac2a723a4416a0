// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback
import AuthClient
import AuthCredentials
import AuthJSON
import AuthJWT
import AuthSession
import AuthTesting
import Testing

@Suite("Device authorization grant (RFC 8628): user code, polling rules, the same User as the code flow")
struct DeviceAuthorizationTests {
    @Test("a device login polls every interval until the user approves, then signs in like the code flow")
    func approved() async throws {
        let fixture = try Fixture()
        let authorization = try await fixture.client.requestDeviceAuthorization()
        #expect(authorization.userCode.utf8.count == 9 && authorization.userCode.contains("-"))
        #expect(authorization.verificationURI == fixture.provider.configuration.issuer + "/device")
        #expect(authorization.verificationURIComplete == authorization.verificationURI + "?user_code=" + authorization.userCode)
        #expect(authorization.interval == 5 && authorization.expiresIn == 600)
        #expect(authorization.expiresAt == Fixture.start.adding(seconds: 600))
        let polls = Locked(0)
        let user = try await fixture.client.pollDeviceAuthorization(authorization) { poll in
            guard case .pending = poll else { return }
            if polls.withLock({
                $0 += 1
                return $0
            }) == 2 {
                fixture.provider.approveDevice(userCode: authorization.userCode)
            }
        }
        #expect(user.subject == "alice")
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(5), .seconds(5)])
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.tokens == (await user.tokens))
        #expect(try await user.fetchProfile().subject == "alice")
    }

    @Test("a provider that sends no ID token for the device grant: the user is the userinfo sub; without userinfo, missingIDToken")
    func withoutIDToken() async throws {
        let fixture = try Fixture { $0.issuesIDTokenForDeviceGrant = false }
        let authorization = try await fixture.client.requestDeviceAuthorization()
        let user = try await fixture.client.pollDeviceAuthorization(authorization) { _ in
            fixture.provider.approveDevice(userCode: authorization.userCode)
        }
        #expect(user.subject == "alice")
        #expect(await user.tokens?.idToken == nil)
        #expect(await fixture.store.credential(for: "alice", grant: fixture.client.grant)?.email == "alice@example.com")
        #expect(try await user.refreshTokens().idToken != nil)  // a refresh that brings one: validated, same sub

        var metadata = fixture.provider.metadata
        metadata.userinfoEndpoint = nil
        let bare = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: fixture.provider, clock: .manual(fixture.time),
            sleeper: fixture.sleeper)
        let second = try await bare.requestDeviceAuthorization()
        await #expect {
            try await bare.pollDeviceAuthorization(second) { _ in fixture.provider.approveDevice(userCode: second.userCode) }
        } throws: {
            ($0 as? AuthClientError)?.code == 10017
        }
    }

    @Test("slow_down adds 5 seconds to the interval for every later poll, not a multiplier (RFC 8628 §3.5)")
    func slowDown() async throws {
        let fixture = try Fixture()
        let authorization = try await fixture.client.requestDeviceAuthorization()
        fixture.provider.fail(.token, with: .oauthError(.slowDown), times: 2)
        let intervals = Locked<[Int64]>([])
        _ = try await fixture.client.pollDeviceAuthorization(authorization) { poll in
            switch poll {
            case .slowDown(let interval): intervals.withLock { $0.append(interval) }
            case .pending: fixture.provider.approveDevice(userCode: authorization.userCode)
            case .unavailable: break
            }
        }
        #expect(intervals.withLock { $0 } == [10, 15])
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(10), .seconds(15), .seconds(15)])
    }

    @Test("the fake provider itself answers slow_down to a poll sooner than the interval, and adds 5 seconds")
    func providerEnforcesInterval() async throws {
        let fixture = try Fixture()
        let authorization = try await fixture.client.requestDeviceAuthorization()
        let body = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=" + authorization.deviceCode
        var request = TransportRequest(method: .post, url: fixture.provider.url(of: .token))
        request.setHeader("Authorization", "Basic " + "demo-app:\(Fixture.secret)".utf8.base64Standard)
        request.body = Array(body.utf8)
        func error(_ response: TransportResponse) -> String? { try? JSONValue(parsing: response.body).objectValue?["error"]?.stringValue }
        #expect(error(try await fixture.provider.send(request)) == "authorization_pending")
        #expect(error(try await fixture.provider.send(request)) == "slow_down")
        fixture.time.advance(by: 9)
        #expect(error(try await fixture.provider.send(request)) == "slow_down")  // 10 s apart were needed; now 15
        fixture.time.advance(by: 14)
        #expect(error(try await fixture.provider.send(request)) == "slow_down")  // now 20
        fixture.time.advance(by: 20)
        #expect(error(try await fixture.provider.send(request)) == "authorization_pending")
    }

    @Test("access_denied and expired_token end the poll with their own errors")
    func deniedAndExpired() async throws {
        let fixture = try Fixture()
        let denied = try await fixture.client.requestDeviceAuthorization()
        await #expect {
            try await fixture.client.pollDeviceAuthorization(denied) { _ in fixture.provider.denyDevice(userCode: denied.userCode) }
        } throws: {
            ($0 as? AuthClientError)?.code == 10020
        }
        let expired = try await fixture.client.requestDeviceAuthorization()
        fixture.provider.fail(.token, with: .oauthError(.expiredToken))
        await #expect { try await fixture.client.pollDeviceAuthorization(expired) } throws: { ($0 as? AuthClientError)?.code == 10021 }
        #expect(await fixture.store.lastCredential(for: fixture.client.grant) == nil)
    }

    @Test("the local deadline from expires_in ends the poll without another request")
    func localDeadline() async throws {
        let fixture = try Fixture { $0.deviceCodeLifetime = 12 }
        let authorization = try await fixture.client.requestDeviceAuthorization()
        let before = fixture.provider.requestCount(.token)
        await #expect { try await fixture.client.pollDeviceAuthorization(authorization) } throws: {
            ($0 as? AuthClientError)?.code == 10021
        }
        #expect(fixture.provider.requestCount(.token) - before == 2)  // at 5 s and 10 s; the code expires at 12 s
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(5), .seconds(2)])  // the last wait ends at the expiry, not at 15 s
    }

    @Test("no response or a 5xx doubles the next wait; the next real answer restores the interval")
    func backOff() async throws {
        let fixture = try Fixture()
        let authorization = try await fixture.client.requestDeviceAuthorization()
        fixture.provider.fail(.token, with: .status(503))
        fixture.provider.fail(.token, with: .noResponse)
        _ = try await fixture.client.pollDeviceAuthorization(authorization) { poll in
            if case .pending = poll { fixture.provider.approveDevice(userCode: authorization.userCode) }
        }
        #expect(fixture.sleeper.sleeps == [.seconds(5), .seconds(10), .seconds(20), .seconds(5)])
    }

    @Test("cancelling the polling task ends it promptly as a cancelled login")
    func cancel() async throws {
        let fixture = try Fixture {
            $0.devicePollingInterval = 3_600
            $0.deviceCodeLifetime = 7_200
        }
        let client = try fixture.clientOnRealClock()
        let authorization = try await client.requestDeviceAuthorization()
        try await Fixture.expectCancelledPromptly { try await client.pollDeviceAuthorization(authorization) }
    }

    @Test("a provider without a device endpoint, and a parameter the client sets itself, are refused before any request")
    func refusedBeforeRequest() async throws {
        let fixture = try Fixture()
        var metadata = fixture.provider.metadata
        metadata.deviceAuthorizationEndpoint = nil
        let client = try AuthClient(
            configuration: fixture.client.configuration, metadata: metadata, transport: UnimplementedTransport.unimplemented("no request"))
        await #expect { try await client.requestDeviceAuthorization() } throws: { ($0 as? AuthClientError)?.code == 10012 }
        await #expect {
            try await fixture.client.requestDeviceAuthorization(additionalParameters: [FormParameter(name: "client_id", value: "x")])
        } throws: {
            ($0 as? AuthClientError)?.code == 10001
        }
    }

    @Test("the response is read strictly where it matters and tolerantly where real providers differ")
    func parsing() throws {
        let now = NumericDate(secondsSince1970: 1_800_000_000)
        let google = #"{"device_code":"dc","user_code":"ABCD-EFGH","verification_url":"https://www.google.com/device","expires_in":"1800"}"#
        let read = try DeviceAuthorization(json: Array(google.utf8), receivedAt: now)
        #expect(read.verificationURI == "https://www.google.com/device")
        #expect(read.expiresIn == 1800 && read.interval == 5 && read.verificationURIComplete == nil)
        #expect(!"\(read)".contains("dc,") && "\(read)".contains("device_code: <redacted>"))
        let refused = [
            #"{"user_code":"A","verification_uri":"https://x.example/d","expires_in":60}"#,
            #"{"device_code":"d","user_code":"A","verification_uri":"https://x.example/d"}"#,
            #"{"device_code":"d","user_code":"A","verification_uri":"http://x.example/d","expires_in":60}"#,
            #"{"device_code":"d","user_code":"A","verification_uri":"https://x.example/d","expires_in":-1}"#,
            // Found by the device-authorization fuzz target (Fuzz/): a code that expires at once.
            #"{"device_code":"d","user_code":"A","verification_uri":"https://x.example/d","expires_in":0}"#,
            #"{"device_code":"d","user_code":"","verification_uri":"https://x.example/d","expires_in":60}"#,
            #"["device_code"]"#,
        ]
        for body in refused {
            #expect(throws: AuthClientError.self, "\(body)") { try DeviceAuthorization(json: Array(body.utf8), receivedAt: now) }
        }
    }
}

extension String.UTF8View {
    /// Standard base64 (RFC 4648 §4), for a hand-made Basic header.
    fileprivate var base64Standard: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let bytes = Array(self)
        var out: [UInt8] = []
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let chunk = Array(bytes[start..<Swift.min(start + 3, bytes.count)])
            var value = 0
            for (offset, byte) in chunk.enumerated() { value |= Int(byte) << (16 - 8 * offset) }
            for index in 0..<4 {
                let sextet = (value >> (18 - 6 * index)) & 63
                out.append(index <= chunk.count ? alphabet[sextet] : UInt8(ascii: "="))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
