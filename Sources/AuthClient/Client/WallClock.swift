// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

public import AuthJWT

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the client reads the time of day: token expiry, ID-token `exp`/`iat`, proactive refresh. Injected
/// so that tests decide what time it is (`AuthTesting` adds `.fixed` and a manual clock).
///
/// ```swift
/// let client = AuthClient(configuration: configuration, metadata: metadata, transport: transport, clock: .system)
/// WallClock.system.now()   // NumericDate(1795386445)
/// ```
///
/// Elapsed time (timeouts, delays) uses a Swift `Clock`; this is only the calendar time that tokens carry.
public struct WallClock: Sendable {
    private let read: @Sendable () -> NumericDate

    /// A clock that reads `now`.
    public init(_ now: @escaping @Sendable () -> NumericDate) {
        read = now
    }

    /// The current time.
    public func now() -> NumericDate { read() }

    /// The system's real-time clock (`CLOCK_REALTIME`).
    public static let system = WallClock {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return NumericDate(secondsSince1970: Int64(spec.tv_sec), nanoseconds: Int32(spec.tv_nsec))
            ?? NumericDate(secondsSince1970: Int64(spec.tv_sec))
    }
}
