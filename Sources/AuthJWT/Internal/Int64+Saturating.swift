// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension Int64 {
    /// `self + other`, held at `Int64.min` or `Int64.max` instead of trapping: time arithmetic on values a
    /// token or a proof chose (an `exp` of Int64.max, an `iat` near Int64.min). `package`: NumericDate, the
    /// DPoP verifier and the resource server share it.
    package func saturatingAdd(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
