// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Testing

@testable import AuthClient

@Suite("client_secret_basic: RFC 6749 §2.3.1")
struct BasicAuthorizationTests {
    @Test("matches RFC 6749 §4.1.3's example header")
    func rfcExample() {
        #expect(
            BasicAuthorization.header(clientID: "s6BhdRkqt3", secret: "7Fjfp0ZBr1KtDRbnfVdmIw")
                == "Basic czZCaGRSa3F0Mzo3RmpmcDBaQnIxS3REUmJuZlZkbUl3")
    }

    @Test("form-encodes the id and secret before base64, as Python's quote + b64encode does")
    func encoded() {
        // python3 -c 'import base64,urllib.parse as u; print(base64.b64encode((u.quote("my:app",safe="")+":"+u.quote("s3c ret/+é",safe="")).encode()).decode())'
        #expect(
            BasicAuthorization.header(clientID: "my:app", secret: "s3c ret/+é")
                == "Basic bXklM0FhcHA6czNjJTIwcmV0JTJGJTJCJUMzJUE5")
    }
}
