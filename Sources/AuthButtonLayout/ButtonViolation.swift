// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// One way a button spec breaks the Sign in with Apple button rules. ``ButtonSpec/violations()`` lists
/// them all, so that a form can show every problem at once.
public enum ButtonViolation: Hashable, Sendable {
    /// Narrower than the minimum (140 pt for a button with a title).
    case widthBelowMinimum(width: Double, minimum: Double)
    /// Lower than the minimum (30 pt).
    case heightBelowMinimum(height: Double, minimum: Double)
    /// A negative corner radius.
    case negativeCornerRadius(Double)
    /// A corner radius over half the height (a capsule is the roundest a button gets).
    case cornerRadiusAboveMaximum(radius: Double, maximum: Double)
    /// Less clear space around the button than 1/10 of its height.
    case marginBelowMinimum(margin: Double, minimum: Double)
    /// A logo-only button that is not square.
    case logoOnlyNotSquare(Size)
    /// The title does not fit the width even at the smallest font size (``ButtonRules/minimumFontSize``):
    /// `needed` is the smallest width that holds it.
    case titleDoesNotFit(needed: Double, available: Double)
    /// The platform does not offer this button type.
    case typeUnavailable(ButtonType, platform: String)
    /// The platform does not offer this style.
    case styleUnavailable(AppleButtonStyle, platform: String)

    /// A stable identifier for JSON and tests.
    public var name: String {
        switch self {
        case .widthBelowMinimum: "widthBelowMinimum"
        case .heightBelowMinimum: "heightBelowMinimum"
        case .negativeCornerRadius: "negativeCornerRadius"
        case .cornerRadiusAboveMaximum: "cornerRadiusAboveMaximum"
        case .marginBelowMinimum: "marginBelowMinimum"
        case .logoOnlyNotSquare: "logoOnlyNotSquare"
        case .titleDoesNotFit: "titleDoesNotFit"
        case .typeUnavailable: "typeUnavailable"
        case .styleUnavailable: "styleUnavailable"
        }
    }
}

extension ButtonViolation: CustomStringConvertible {
    public var description: String {
        switch self {
        case .widthBelowMinimum(let width, let minimum): "width \(width) pt is below the minimum \(minimum) pt"
        case .heightBelowMinimum(let height, let minimum): "height \(height) pt is below the minimum \(minimum) pt"
        case .negativeCornerRadius(let radius): "corner radius \(radius) pt is negative"
        case .cornerRadiusAboveMaximum(let radius, let maximum): "corner radius \(radius) pt is above half the height, \(maximum) pt"
        case .marginBelowMinimum(let margin, let minimum): "margin \(margin) pt is below 1/10 of the height, \(minimum) pt"
        case .logoOnlyNotSquare(let size): "a logo-only button must be square, not \(size.width)x\(size.height) pt"
        case .titleDoesNotFit(let needed, let available): "the title needs a width of about \(needed) pt, not \(available) pt"
        case .typeUnavailable(let type, let platform): "\(platform) does not offer the \(type.name) button"
        case .styleUnavailable(let style, let platform): "\(platform) does not offer the \(style.name) style"
        }
    }
}
