// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// A rectangle in points (origin at the top left, y down, as in UIKit, AppKit flipped views and SVG),
/// without any UI framework.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The rectangle of `size` centered in this one.
    public func centering(_ size: Size) -> Rect {
        Rect(x: x + (width - size.width) / 2, y: y + (height - size.height) / 2, width: size.width, height: size.height)
    }

    /// Whether `other` lies inside this rectangle (edges may touch).
    public func contains(_ other: Rect) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
