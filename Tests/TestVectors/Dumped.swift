// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Test support for the suites that check secrets stay out of `dump()` and `Mirror`.

/// What `dump(value)` prints: every child the value's mirror shows, recursively.
public func dumped(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
