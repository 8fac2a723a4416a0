// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

/// `htu` as RFC 9449 §4.3 step 9 compares it: AuthCallback's URI, normalized (RFC 3986 §6.2.2–6.2.3),
/// without user information, query and fragment. One normalizer for the client's proofs and the
/// server's check.
enum TargetURI {
    /// The normalized target URI of `text`, or nil when it is not an absolute URI with an authority.
    static func normalized(_ text: String) -> String? {
        guard let uri = try? URI(parsing: text), uri.host != nil else { return nil }
        return uri.normalizedTarget
    }
}
