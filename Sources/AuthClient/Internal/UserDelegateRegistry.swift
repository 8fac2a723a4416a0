// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession

/// The weakly held ``UserDelegate``s of each subject of one client.
final class UserDelegateRegistry: Sendable {
    private struct Entry {
        weak var delegate: (any UserDelegate)?
    }

    private let entries = Locked<[String: [Entry]]>([:])

    func add(_ delegate: any UserDelegate, for subject: String) {
        entries.withLock { entries in
            var list = entries[subject, default: []].filter { $0.delegate != nil }
            if !list.contains(where: { $0.delegate === delegate }) { list.append(Entry(delegate: delegate)) }
            entries[subject] = list
        }
    }

    func remove(_ delegate: any UserDelegate, for subject: String) {
        entries.withLock { entries in
            entries[subject] = entries[subject, default: []].filter { $0.delegate != nil && $0.delegate !== delegate }
        }
    }

    func count(for subject: String) -> Int {
        entries.withLock { $0[subject, default: []].filter { $0.delegate != nil }.count }
    }

    /// Tells each live delegate of `subject`, on the main actor, in the order they were added.
    func userDidLogout(_ subject: String) {
        let delegates = entries.withLock { $0[subject, default: []].compactMap(\.delegate) }
        guard !delegates.isEmpty else { return }
        Task { @MainActor in
            for delegate in delegates { delegate.userDidLogout() }
        }
    }
}
