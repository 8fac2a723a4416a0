// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthClient
public import AuthJWT
import AuthSession

/// A wall clock that stands still until the test moves it.
///
/// ```swift
/// let time = ManualWallClock(NumericDate(secondsSince1970: 1_700_000_000))
/// let client = try AuthClient(…, clock: .manual(time))
/// time.advance(by: 3600)        // the access token has now expired
/// ```
public final class ManualWallClock: Sendable {
    private let current: Locked<NumericDate>

    public init(_ start: NumericDate) {
        current = Locked(start)
    }

    /// The clock's time.
    public var now: NumericDate { current.withLock { $0 } }

    /// Moves the clock forward (or back, with a negative number) by `seconds`.
    public func advance(by seconds: Int64) {
        current.withLock { $0 = $0.adding(seconds: seconds) }
    }
}

extension WallClock {
    /// A clock that always reads `date`.
    public static func fixed(_ date: NumericDate) -> WallClock {
        WallClock { date }
    }

    /// A clock that reads `clock`, which the test advances.
    public static func manual(_ clock: ManualWallClock) -> WallClock {
        WallClock { clock.now }
    }
}
