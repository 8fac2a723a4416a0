// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

extension Rect {
    /// The rectangle with each number rounded to 1/1000 pt.
    func snapped() -> Rect {
        func snap(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
        return Rect(x: snap(x), y: snap(y), width: snap(width), height: snap(height))
    }
}
