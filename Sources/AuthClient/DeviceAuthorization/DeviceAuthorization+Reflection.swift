// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension DeviceAuthorization: CustomReflectable {
    /// What `dump`, `Mirror` and debuggers show: the user code, the URIs and the timing, as in the
    /// description; the device code is redacted, and the DPoP key shows through its own redacted mirror.
    /// The user code is not a secret: the user reads it off the screen (RFC 8628 §3.3).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "deviceCode": "<redacted>",
                "userCode": userCode,
                "verificationURI": verificationURI,
                "verificationURIComplete": verificationURIComplete as Any,
                "expiresIn": expiresIn,
                "interval": interval,
                "expiresAt": expiresAt,
                "dpopKey": dpopKey as Any,
            ],
            displayStyle: .struct)
    }
}
