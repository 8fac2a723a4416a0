// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthResourceServer

/// Shared values for the resource server's tests.
enum Fixtures {
    static let resource = "https://mcp.example.com/mcp"
}
