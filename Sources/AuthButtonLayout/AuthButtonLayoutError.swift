// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// An error from AuthButtonLayout: a button that cannot be laid out as asked.
///
/// Each case has a stable numeric ``code`` (8001 and up).
public enum AuthButtonLayoutError: Error, Hashable, Sendable {
    /// A size, radius or margin that is not a finite number (NaN or infinity) or is negative.
    case invalidNumber(String)
    /// The spec breaks the rules; every violation is listed.
    case violations([ButtonViolation])
    /// The container cannot hold the button with its minimum margin on every side.
    case containerTooSmall(needed: Size, available: Size)

    /// A stable number for the case: 8001 and up.
    public var code: Int {
        switch self {
        case .invalidNumber: 8001
        case .violations: 8002
        case .containerTooSmall: 8003
        }
    }
}

extension AuthButtonLayoutError: CustomStringConvertible {
    public var description: String {
        let reason =
            switch self {
            case .invalidNumber(let name): "\(name) must be a finite, non-negative number of points"
            case .violations(let violations): "the button breaks the rules: " + violations.map(\.description).joined(separator: "; ")
            case .containerTooSmall(let needed, let available):
                "the container (\(available.width)x\(available.height) pt) is smaller than the button with its margins (\(needed.width)x\(needed.height) pt)"
            }
        return "AuthButtonLayoutError \(code): \(reason)"
    }
}
