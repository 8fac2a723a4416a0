// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// `userinfo_signing_alg_values_supported` (OpenID Connect Discovery §3): the JWS algorithms the provider
    /// may sign userinfo responses with, or nil when the document does not say. A signed userinfo response
    /// whose `alg` is not listed is refused. A member that is not an array of strings reads as an empty list,
    /// which refuses every algorithm rather than none.
    ///
    /// ```swift
    /// metadata.userinfoSigningAlgorithmsSupported   // ["RS256", "ES256"]
    /// ```
    public var userinfoSigningAlgorithmsSupported: [String]? {
        get { Self.strings(document["userinfo_signing_alg_values_supported"]) }
        set { document.replace("userinfo_signing_alg_values_supported", with: newValue.map { .array($0.map(JSONValue.string)) }) }
    }
}
