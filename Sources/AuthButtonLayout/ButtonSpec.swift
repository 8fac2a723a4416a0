// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A Sign in with Apple button as a design asks for it: type, style, size, corner radius, margin and
/// whether it shows the title; checked against the rules and laid out without any UI framework.
///
/// ```swift
/// let spec = ButtonSpec(type: .continue, style: .black, size: Size(width: 280, height: 44))
/// spec.violations()                 // [] — valid
/// let layout = try ButtonLayout(spec)
/// layout.titleFrame                  // where the title goes, in points
/// ```
///
/// The rules are in ``ButtonRules``; see `Docs/SignInWithApple.md` for which come from Apple.
public struct ButtonSpec: Hashable, Sendable {
    /// Whether the button shows the title next to the logo.
    public enum Content: String, Hashable, Sendable, CaseIterable {
        case logoAndTitle, logoOnly
    }

    public var type: ButtonType
    public var style: AppleButtonStyle
    public var size: Size
    /// The corner radius; ``ButtonRules/defaultCornerRadius`` unless set.
    public var cornerRadius: Double
    /// The clear space on every side; the minimum (1/10 of the height) when nil.
    public var margin: Double?
    public var content: Content
    /// The platform to check availability on, or nil not to check it.
    public var platform: ButtonPlatform?

    public init(
        type: ButtonType = .default, style: AppleButtonStyle = .black, size: Size, cornerRadius: Double = ButtonRules.defaultCornerRadius,
        margin: Double? = nil, content: Content = .logoAndTitle, platform: ButtonPlatform? = nil
    ) {
        self.type = type
        self.style = style
        self.size = size
        self.cornerRadius = cornerRadius
        self.margin = margin
        self.content = content
        self.platform = platform
    }

    /// The margin used: the one asked for, or the minimum.
    public var effectiveMargin: Double { margin ?? ButtonRules.minimumMargin(height: size.height) }

    /// The room for logo, gap and title: the width less the padding on both sides.
    var contentRoom: Double { size.width - 2 * size.height * ButtonRules.paddingRatio }

    /// The estimated width of the title at a font size.
    func titleWidth(fontSize: Double) -> Double {
        Double(type.title.count) * fontSize * ButtonRules.characterWidthRatio
    }

    /// The title's font size: 0.43 of the height, shrunk if needed so the title fits the width.
    public var fontSize: Double {
        let logoAndGap = size.height * (ButtonRules.logoRatio + ButtonRules.gapRatio)
        return min(size.height * ButtonRules.fontSizeRatio, (contentRoom - logoAndGap) / titleWidth(fontSize: 1))
    }

    /// The estimated width of logo, gap and title together, at ``fontSize``.
    public var contentWidth: Double {
        let logo = size.height * ButtonRules.logoRatio
        guard content == .logoAndTitle else { return logo }
        return logo + size.height * ButtonRules.gapRatio + titleWidth(fontSize: fontSize)
    }

    /// The width the title needs at the smallest font size, with logo, gap and padding.
    var minimumTitledWidth: Double {
        size.height * (ButtonRules.logoRatio + ButtonRules.gapRatio + 2 * ButtonRules.paddingRatio)
            + titleWidth(fontSize: ButtonRules.minimumFontSize)
    }

    /// Fails with ``AuthButtonLayoutError/invalidNumber(_:)`` for NaN, infinite or negative sizes and margins.
    public func checkNumbers() throws(AuthButtonLayoutError) {
        for (name, value) in [("width", size.width), ("height", size.height), ("margin", margin ?? 0)] {
            guard value.isFinite, value >= 0 else { throw .invalidNumber(name) }
        }
        guard cornerRadius.isFinite else { throw .invalidNumber("corner radius") }
    }

    /// Every rule the spec breaks, in a fixed order (size, radius, margin, shape, title, platform).
    public func violations() -> [ButtonViolation] {
        var violations: [ButtonViolation] = []
        let minimum = content == .logoOnly ? ButtonRules.minimumLogoOnlySize : ButtonRules.minimumSize
        if size.width < minimum.width { violations.append(.widthBelowMinimum(width: size.width, minimum: minimum.width)) }
        if size.height < minimum.height { violations.append(.heightBelowMinimum(height: size.height, minimum: minimum.height)) }
        let maximumRadius = ButtonRules.maximumCornerRadius(height: size.height)
        if cornerRadius < 0 {
            violations.append(.negativeCornerRadius(cornerRadius))
        } else if cornerRadius > maximumRadius {
            violations.append(.cornerRadiusAboveMaximum(radius: cornerRadius, maximum: maximumRadius))
        }
        let minimumMargin = ButtonRules.minimumMargin(height: size.height)
        if let margin, margin < minimumMargin { violations.append(.marginBelowMinimum(margin: margin, minimum: minimumMargin)) }
        if content == .logoOnly, size.width != size.height { violations.append(.logoOnlyNotSquare(size)) }
        if content == .logoAndTitle, size.width < minimumTitledWidth {
            violations.append(.titleDoesNotFit(needed: minimumTitledWidth, available: size.width))
        }
        if let platform {
            if !platform.supports(type) { violations.append(.typeUnavailable(type, platform: platform.name)) }
            if !platform.supports(style) { violations.append(.styleUnavailable(style, platform: platform.name)) }
        }
        return violations
    }

    /// The nearest valid spec: size raised to the minimum (and to fit the title), a logo-only button made
    /// square, the radius clamped to 0…height/2, the margin raised to 1/10 of the height. Platform
    /// availability is not changed (pick another type or style); check ``violations()`` afterwards for it.
    public func resolved() -> ButtonSpec {
        var spec = self
        let minimum = content == .logoOnly ? ButtonRules.minimumLogoOnlySize : ButtonRules.minimumSize
        spec.size.height = max(size.height.isFinite ? size.height : 0, minimum.height)
        spec.size.width = max(size.width.isFinite ? size.width : 0, minimum.width)
        if content == .logoOnly {
            let side = max(spec.size.width, spec.size.height)
            spec.size = Size(width: side, height: side)
        } else {
            spec.size.width = max(spec.size.width, spec.minimumTitledWidth)
        }
        let radius = cornerRadius.isFinite ? cornerRadius : ButtonRules.defaultCornerRadius
        spec.cornerRadius = min(max(radius, 0), ButtonRules.maximumCornerRadius(height: spec.size.height))
        if let margin {
            spec.margin = max(margin.isFinite ? margin : 0, ButtonRules.minimumMargin(height: spec.size.height))
        }
        return spec
    }
}
