// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// The numbers behind the Sign in with Apple button rules, in points.
///
/// From Apple's Human Interface Guidelines (Sign in with Apple › Buttons): a minimum size of 140×30 pt,
/// a minimum margin of 1/10 of the button's height on every side, and an adjustable corner radius. The
/// default radius of 6 pt and the proportions used for layout (logo side, title font size, gaps, title
/// width per character) are **AuthFlow's** choices and estimates, not Apple's published numbers: a real
/// app should use Apple's own button (`ASAuthorizationAppleIDButton`, or the JavaScript button on the web),
/// which draws the official logo and localized title. This module checks a layout and previews it.
public enum ButtonRules {
    /// The smallest button with a title: 140×30 pt.
    public static let minimumSize = Size(width: 140, height: 30)
    /// The smallest logo-only button: square, as high as the smallest titled button (AuthFlow's rule).
    public static let minimumLogoOnlySize = Size(width: 30, height: 30)
    /// The default corner radius.
    public static let defaultCornerRadius = 6.0
    /// The clear space on every side, as a fraction of the height.
    public static let minimumMarginRatio = 0.1

    /// The logo's side, as a fraction of the height.
    public static let logoRatio = 0.5
    /// The title's font size, as a fraction of the height, when the width allows it.
    public static let fontSizeRatio = 0.43
    /// The smallest title font size: the title is shrunk to fit the width down to this size, no further.
    public static let minimumFontSize = 12.0
    /// The gap between logo and title, as a fraction of the height.
    public static let gapRatio = 0.1
    /// The padding between the contents and the button's left and right edges, as a fraction of the height.
    public static let paddingRatio = 0.1
    /// The estimated advance of one title character, as a fraction of the font size.
    public static let characterWidthRatio = 0.46

    /// The largest corner radius for a height: half of it (a capsule).
    public static func maximumCornerRadius(height: Double) -> Double { height / 2 }
    /// The smallest margin for a height.
    public static func minimumMargin(height: Double) -> Double { height * minimumMarginRatio }
}
