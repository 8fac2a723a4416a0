// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Prelude `screen` (after `login`): the app's window, for a user agent that presents a sheet over it.
// Like Apple's, the presentation-context protocol is isolated to the main actor.
@MainActor final class Screen: PresentationContextProviding {
    func presentationAnchor(for session: any WebAuthenticationSessionProtocol) -> PresentationAnchor? {
        PresentationAnchor(name: "main window")
    }
}
let screen = await Screen()
