// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthSession

/// A `Clock` whose sleeps end at once: its time jumps to each deadline and every wait is recorded, so a test
/// of retries and back-off runs in microseconds and can check the waits the code asked for.
///
/// ```swift
/// let sleeper = ImmediateClock()
/// let client = try AuthClient(configuration: configuration, metadata: metadata, transport: provider, sleeper: sleeper)
/// // … a refresh retried twice …
/// sleeper.sleeps   // [.seconds(1), .seconds(2)]
/// ```
///
/// Optionally pass a `WallClock`-moving closure (`onSleep`) to move a ``ManualWallClock`` by the same amount,
/// so token expiry sees the time that passed. A cancelled task's sleep throws `CancellationError`, as a real
/// clock's does.
public final class ImmediateClock: Clock, Sendable {
    /// A point on the clock: the time slept since it was made.
    public struct Instant: InstantProtocol {
        /// Time since the clock was made.
        public var offset: Duration

        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let state = Locked<(now: Instant, sleeps: [Duration])>((Instant(offset: .zero), []))
    private let onSleep: @Sendable (Duration) -> Void

    /// A clock at zero; `onSleep` is told each wait (e.g. to advance a ``ManualWallClock``).
    public init(onSleep: @escaping @Sendable (Duration) -> Void = { _ in }) {
        self.onSleep = onSleep
    }

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// Every wait asked for, in order.
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let waited = state.withLock { state -> Duration in
            let waited = max(.zero, state.now.duration(to: deadline))
            state.sleeps.append(waited)
            state.now = max(state.now, deadline)
            return waited
        }
        onSleep(waited)
        await Task.yield()
        try Task.checkCancellation()
    }
}

extension Clock where Self == ImmediateClock {
    /// A clock whose sleeps end at once (see ``ImmediateClock``).
    public static var immediate: ImmediateClock { ImmediateClock() }
}
