// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthCallback

extension FakeOpenIDProvider: CustomReflectable {
    /// The configuration (its client secret redacted by `ClientAuthentication`'s mirror) and the clock;
    /// the issued codes, tokens and the random generator's state are not shown.
    public var customMirror: Mirror {
        Mirror(self, children: ["configuration": configuration, "clock": clock, "state": "<redacted>"], displayStyle: .class)
    }
}

extension FakeOpenIDProvider.RegistrationPolicy: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The policy's name; the initial access token it requires is redacted.
    public var description: String {
        switch self {
        case .open: "open"
        case .requiresInitialAccessToken: "requiresInitialAccessToken(<redacted>)"
        case .refuse(let error): "refuse(\(error.rawValue))"
        case .disabled: "disabled"
        }
    }

    public var debugDescription: String { description }

    /// As the description.
    public var customMirror: Mirror {
        switch self {
        case .requiresInitialAccessToken: Mirror(self, children: ["requiresInitialAccessToken": "<redacted>"], displayStyle: .enum)
        case .refuse(let error): Mirror(self, children: ["refuse": error], displayStyle: .enum)
        case .open, .disabled: Mirror(self, children: [], displayStyle: .enum)
        }
    }
}
