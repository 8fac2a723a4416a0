// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession

/// What the client knows of its provider's documents as text, for the provider cache.
final class ProviderCacheState: Sendable {
    struct Inner {
        /// The discovery document as fetched (or read from the cache); nil for a client made from metadata.
        var discoveryDocument: String?
        /// Whether the client was made from the cache because the provider could not be reached.
        var fromCache = false
    }

    let inner = Locked(Inner())
}
