// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Prelude `tokens` (after `login`): the token response of steps 4 and 5, and the provider's keys.
let tokens = try await client.exchangeCode(try request.response(from: redirect).code, for: request)
let jwks = try JWKSet(json: TestSigningKey.jwkSet([.rs256]).serialized())  // the provider's jwks_uri
guard let idToken = tokens.idToken else { return }
