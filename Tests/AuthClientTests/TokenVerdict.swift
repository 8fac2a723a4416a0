// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One case of a vector file of tokens made by an independent library (joserfc): its name, the compact token,
/// and the verdict the generating script assigned (`accept`, or the rule it breaks).
struct TokenVerdict: Decodable {
    let name: String
    let token: String
    let verdict: String
}
