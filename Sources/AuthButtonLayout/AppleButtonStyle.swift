// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The colors of a Sign in with Apple button, with the raw values of Apple's
/// `ASAuthorizationAppleIDButton.Style` (named so that it does not clash with SwiftUI's `ButtonStyle` protocol).
///
/// ```swift
/// AppleButtonStyle.black.fill      // "#000000"
/// ```
public enum AppleButtonStyle: Int, Sendable, CaseIterable, Codable {
    /// White background, black title: for dark backgrounds.
    case white = 0
    /// White background, black title and a black outline: for light backgrounds without enough contrast.
    case whiteOutline = 1
    /// Black background, white title: for white or light backgrounds.
    case black = 2

    /// The name used on the command line and in JSON.
    public var name: String {
        switch self {
        case .white: "white"
        case .whiteOutline: "whiteOutline"
        case .black: "black"
        }
    }

    /// The background color, as CSS hex.
    public var fill: String { self == .black ? "#000000" : "#FFFFFF" }
    /// The title and logo color, as CSS hex.
    public var foreground: String { self == .black ? "#FFFFFF" : "#000000" }
    /// The outline color, if the style has one.
    public var outline: String? { self == .whiteOutline ? "#000000" : nil }
}
