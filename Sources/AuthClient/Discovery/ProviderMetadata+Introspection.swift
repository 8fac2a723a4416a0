// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthJSON

extension ProviderMetadata {
    /// `introspection_endpoint` (RFC 8414 §2, RFC 7662), if the document lists one. Read from ``document``; its
    /// transport security is checked when a token is introspected. A provider whose discovery document lacks it
    /// may still list it in its RFC 8414 metadata, which ``AuthClient/introspect(_:hint:signed:)`` looks up.
    public var introspectionEndpoint: String? {
        get { document["introspection_endpoint"]?.stringValue }
        set { document.replace("introspection_endpoint", with: newValue.map(JSONValue.string)) }
    }
}
