// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Two classes of inputs to one operation, dudect's "fixed" and "random": `run(step)` does the operation
/// on the input prepared for measurement `step` (of the class the measurement order gives it) and returns
/// a byte of the result (kept, so the optimiser cannot drop the work). Inputs are prepared before timing.
struct TimingPair {
    var name: String
    /// What the two classes are, for the report.
    var summary: String
    var run: (_ step: Int) -> UInt8
}
