// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where a button is shown, for the availability rules of Apple's button types and styles.
///
/// ```swift
/// ButtonPlatform.iOS(13, 1).supports(.signUp)         // false: signUp is iOS 13.2+
/// ButtonPlatform.watchOS.supports(.whiteOutline)      // false
/// ```
public struct ButtonPlatform: Hashable, Sendable {
    /// The operating system, or the web (Apple's JavaScript button).
    public enum Family: String, Sendable, CaseIterable {
        case iOS, macOS, tvOS, watchOS, web
    }

    /// The operating system.
    public var family: Family
    /// The OS version as major, minor, patch; the newest when not given, and ignored for the web.
    public var version: [Int]

    public init(_ family: Family, version: [Int] = [Int.max]) {
        self.family = family
        self.version = version
    }

    public static func iOS(_ version: Int...) -> ButtonPlatform { ButtonPlatform(.iOS, version: version) }
    public static func macOS(_ version: Int...) -> ButtonPlatform { ButtonPlatform(.macOS, version: version) }
    public static func tvOS(_ version: Int...) -> ButtonPlatform { ButtonPlatform(.tvOS, version: version) }
    public static let watchOS = ButtonPlatform(.watchOS)
    public static let web = ButtonPlatform(.web)

    /// Whether the platform offers the type: `signUp` arrived in iOS 13.2, macOS 10.15.1 and tvOS 13.1
    /// (Apple's availability of `ASAuthorizationAppleIDButton.ButtonType.signUp`); watchOS shows a single
    /// "Sign in" title.
    public func supports(_ type: ButtonType) -> Bool {
        switch (family, type) {
        case (_, .signIn): true
        case (.watchOS, _): false
        case (.web, _), (_, .continue): true
        case (.iOS, .signUp): isAtLeast([13, 2])
        case (.macOS, .signUp): isAtLeast([10, 15, 1])
        case (.tvOS, .signUp): isAtLeast([13, 1])
        }
    }

    /// Whether the platform offers the style: `whiteOutline` is not on watchOS or tvOS.
    public func supports(_ style: AppleButtonStyle) -> Bool {
        style != .whiteOutline || (family != .watchOS && family != .tvOS)
    }

    /// Compares versions part by part; missing parts count as 0.
    func isAtLeast(_ minimum: [Int]) -> Bool {
        for index in 0..<max(version.count, minimum.count) {
            let have = index < version.count ? version[index] : 0
            let need = index < minimum.count ? minimum[index] : 0
            if have != need { return have > need }
        }
        return true
    }

    /// The platform as text: `iOS 13.2`, `watchOS`, `web`.
    public var name: String {
        version == [Int.max] || family == .web ? family.rawValue : family.rawValue + " " + version.map(String.init).joined(separator: ".")
    }
}
