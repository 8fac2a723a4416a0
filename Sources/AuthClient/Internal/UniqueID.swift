// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthBase64URL

/// Unique identifiers for `jti` claims (DPoP proofs, client assertions): 128 bits from the system CSPRNG,
/// base64url. Not injected: their values are never compared by anything but the server's replay check,
/// and a test double cannot make them collide by accident.
enum UniqueID {
    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<2 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return Base64URL.encode(bytes)
    }
}
