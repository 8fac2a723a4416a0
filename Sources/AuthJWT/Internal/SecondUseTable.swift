// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Synchronization

/// Where a public key keeps its precomputed table (``P256PublicKeyTable``, ``Ed25519PublicKeyTable``):
/// empty until the key's ``buildingUse``-th verification builds it; the uses before it run without a table
/// (about as long as building it, which then pays for itself on the next verification — a key seen once,
/// such as a DPoP proof's `jwk`, never pays for one). Concurrent verifications may each build one; the
/// first stored is kept, the others are dropped. The key holds it as a shared reference, so copies of a
/// JWK and a cached JWK Set share the table.
///
/// Synchronization's `AtomicLazyReference` needs macOS 15 / iOS 18 on Apple systems, and the package
/// supports macOS 13 / iOS 16: there the cache is made only when the system has it, and on older systems
/// verification runs without a table.
final class SecondUseTable<Table: AnyObject & Sendable>: Sendable {
    /// The verification that builds the table: the second. Measured (instructions, Docs/Performance.md):
    /// for P-256 a verification without a table costs ~1.6× one with it, and building costs about one
    /// without; for Ed25519 building costs about one verification without.
    static var buildingUse: Int { 2 }

    #if canImport(Darwin)
        private let storage: (any AnyObject & Sendable)?

        init() {
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                storage = SecondUseTableStorage<Table>()
            } else {
                storage = nil
            }
        }

        /// One use of the key: the table `build` makes, built now on the ``buildingUse``-th use; nil before
        /// that use, or if it cannot be built (`build` gives nil) or kept here.
        func table(_ build: () -> Table?) -> Table? {
            guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return nil }
            guard let storage = storage as? SecondUseTableStorage<Table> else { return nil }
            return storage.table(build)
        }
    #else
        private let storage = SecondUseTableStorage<Table>()

        /// One use of the key: the table `build` makes, built now on the ``buildingUse``-th use; nil before
        /// that use, or if it cannot be built (`build` gives nil).
        func table(_ build: () -> Table?) -> Table? {
            storage.table(build)
        }
    #endif
}

/// The atomic slot of a ``SecondUseTable``.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private final class SecondUseTableStorage<Table: AnyObject & Sendable>: Sendable {
    private let table = AtomicLazyReference<Table>()
    /// Uses without a table so far (it stops counting at ``SecondUseTable/buildingUse``).
    private let uses = Atomic<Int>(0)

    func table(_ build: () -> Table?) -> Table? {
        if let built = table.load() { return built }
        if uses.load(ordering: .relaxed) < SecondUseTable<Table>.buildingUse - 1 {
            uses.add(1, ordering: .relaxed)
            return nil
        }
        guard let built = build() else { return nil }
        return table.storeIfNil(built)
    }
}
