// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthClient
import AuthCredentials
import AuthJWT
import AuthTesting
import Foundation

/// Complete logins through AuthTesting's in-process fake provider: authorization request (PKCE, state,
/// nonce), the session and the fake browser, the callback checks, the code exchange with client
/// authentication, ID-token issue and validation (JWKS cached after the first), and the store write.
///
/// No peer library runs this flow on Linux (AppAuth, Okta and Auth0's SDKs are Apple-only), so this
/// section reports throughput against the goal of issues 7 and 20: at least 5,000 logins per second, with
/// HS256, ES256 and RS256 ID tokens. Each login counts the provider's work (signing the ID token with
/// AuthTesting's test signer) and the client's (validating it), so both sides' speed shows.
enum LoginBenchmark {
    static let goal = 5_000.0

    static func run(settings: Settings) async {
        print("\nLogins through the fake provider (ours: AuthClient + AuthTesting, in process; goal ≥ 5,000/s for each algorithm)")
        print(pad("case", 34) + padLeft("µs/login", 12) + padLeft("logins/s", 12) + "  goal")
        let secret = "a-benchmark-client-secret-of-32-bytes+"
        let cases: [(String, TestSigningKey, ClientAuthentication)] = [
            ("HS256 ID token, client secret", .hs256(secret: secret), .clientSecretBasic(secret)),
            ("ES256 ID token, public client", .es256, .none),
            ("RS256 ID token, public client", .rs256, .none),
        ]
        // AUTHFLOW_LOGIN_ALGORITHM=ES256 runs that row only (for profiling one algorithm).
        let only = ProcessInfo.processInfo.environment["AUTHFLOW_LOGIN_ALGORITHM"]
        for (name, key, authentication) in cases where only.map({ name.hasPrefix($0 + " ") }) ?? true {
            var configuration = FakeOpenIDProvider.Configuration()
            configuration.signingKey = key
            configuration.clientAuthentication = authentication
            let provider = FakeOpenIDProvider(configuration)
            guard var clientConfiguration = try? provider.clientConfiguration else {
                print(pad(name, 34) + "  the client could not be configured")
                continue
            }
            clientConfiguration.allowedAlgorithms = [key.algorithm]
            guard
                let client = try? AuthClient(
                    configuration: clientConfiguration, metadata: provider.metadata, transport: provider, store: InMemoryCredentialStore())
            else {
                print(pad(name, 34) + "  the client could not be configured")
                continue
            }
            let browser = provider.browser()
            var generator = SystemRandomNumberGenerator()
            func login() async -> Bool { (try? await client.login(with: browser, using: &generator)) != nil }
            guard await login() else {
                print(pad(name, 34) + "  the login failed")
                continue
            }
            let clock = ContinuousClock()
            var samples: [Double] = []
            for _ in 0..<settings.samples {
                var count = 0
                let start = clock.now
                while clock.now - start < settings.sampleDuration * 4 || count == 0 {
                    _ = await login()
                    count += 1
                }
                samples.append(nanoseconds(clock.now - start) / Double(count))
            }
            let perLogin = median(samples)
            let perSecond = 1e9 / perLogin
            let verdict = perSecond >= goal ? "met" : "NOT met"
            recordedLogins.append((name, perLogin))
            print(
                pad(name, 34) + padLeft(format(perLogin / 1_000, decimals: 1), 12) + padLeft(String(Int(perSecond.rounded())), 12) + "  "
                    + verdict)
        }
    }
}
