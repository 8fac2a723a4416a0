// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Where a valid button and its parts go inside a container, in points.
///
/// ```swift
/// let layout = try ButtonLayout(ButtonSpec(type: .signIn, style: .white, size: Size(width: 200, height: 44)))
/// layout.container       // 208.8 x 52.8: the button plus its minimum margin on each side
/// layout.buttonFrame     // centered in the container
/// layout.logoFrame, layout.titleFrame
/// ```
///
/// The button is centered in the container; logo and title are centered as a group inside it, the logo
/// square and vertically centered, the title frame one line high (1.2 × the font size). A logo-only
/// button has the logo centered and no title frame. Coordinates are rounded to 1/1000 pt, so that
/// printed layouts read cleanly (4.4, not 4.400000000000006).
public struct ButtonLayout: Hashable, Sendable {
    public let spec: ButtonSpec
    /// The container's bounds, origin at 0,0.
    public let container: Rect
    public let buttonFrame: Rect
    public let logoFrame: Rect
    /// Nil for a logo-only button.
    public let titleFrame: Rect?

    /// Lays out `spec` in a container of `containerSize`, or in the smallest container that holds the button
    /// and its margin when nil.
    ///
    /// - Throws: ``AuthButtonLayoutError/invalidNumber(_:)``, ``AuthButtonLayoutError/violations(_:)`` with
    ///   every broken rule, or ``AuthButtonLayoutError/containerTooSmall(needed:available:)``.
    public init(_ spec: ButtonSpec, in containerSize: Size? = nil) throws(AuthButtonLayoutError) {
        try spec.checkNumbers()
        let violations = spec.violations()
        guard violations.isEmpty else { throw .violations(violations) }
        let margin = spec.effectiveMargin
        let needed = Size(width: spec.size.width + 2 * margin, height: spec.size.height + 2 * margin)
        let available = containerSize ?? needed
        guard available.width.isFinite, available.height.isFinite else { throw .invalidNumber("container") }
        guard available.width >= needed.width, available.height >= needed.height else {
            throw .containerTooSmall(needed: needed, available: available)
        }
        self.spec = spec
        container = Rect(x: 0, y: 0, width: available.width, height: available.height)
        let buttonFrame = container.centering(spec.size).snapped()
        self.buttonFrame = buttonFrame
        let height = spec.size.height
        let logoSide = height * ButtonRules.logoRatio
        let group = buttonFrame.centering(Size(width: spec.contentWidth, height: height))
        let logoFrame = Rect(x: group.x, y: buttonFrame.y + (height - logoSide) / 2, width: logoSide, height: logoSide).snapped()
        self.logoFrame = logoFrame
        if spec.content == .logoAndTitle {
            let lineHeight = spec.fontSize * 1.2
            let titleX = logoFrame.x + logoSide + height * ButtonRules.gapRatio
            titleFrame = Rect(
                x: titleX, y: buttonFrame.y + (height - lineHeight) / 2, width: group.x + group.width - titleX, height: lineHeight
            ).snapped()
        } else {
            titleFrame = nil
        }
    }
}
