// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension AuthorizationRequest: CustomReflectable {
    /// The endpoint, options and callback; the URL's query (which carries the state, nonce and challenge),
    /// the verifier, the state and the nonce are redacted by their own mirrors.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "url": url,
                "pkce": pkce,
                "state": state,
                "nonce": nonce,
                "options": options,
                "redirectURI": redirectURI,
                "callback": callback,
                "resources": resources,
                "pushed": pushed as Any,
            ],
            displayStyle: .struct)
    }
}
