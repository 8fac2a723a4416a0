// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJWT

/// A JWT access token whose `typ`, `alg` and `iss` passed, its signature not yet checked.
struct UnverifiedAccessToken: Sendable {
    let jwt: JWT
    /// The configured issuer it names (the configuration's string, equal byte for byte).
    let issuer: String
}
