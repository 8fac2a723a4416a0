// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Prelude `login`: the values the flow articles assume, from a provider that runs in this process
// (AuthTesting's FakeOpenIDProvider, RS256, user "alice"). Each name is what the prose calls it.
import AuthFlow
import AuthTesting

let provider = FakeOpenIDProvider()
let configuration = try provider.clientConfiguration  // issuer, client id, redirect URI, scopes
let client = try await AuthClient.discover(configuration, transport: provider)
let metadata = client.metadata  // what discovery returned
let clock = client.clock  // the injected wall clock
let browser = provider.browser(.approve(subject: "alice"))  // the user agent: signs alice in
let agent: any UserAgent = browser
// Step 2: the authorization request, its state and nonce.
var generator = SystemRandomNumberGenerator()
let request = try client.authorizationRequest(using: &generator)
let authorizationURL = request.url.text
let state = request.state
let nonce = request.nonce
// Step 3: the redirect the browser came back with.
let redirect = try await AuthenticationSession(url: request.url, callback: request.callback, userAgent: browser).authenticate()
// Placeholders for the app's own code.
@Sendable func handle(_ callbackURL: URI) {}
@Sendable func exchange(_ code: String) {}
@Sendable func show(_ problem: some Sendable) { print(problem) }
