// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthButtonLayout
import Testing

@Suite("ButtonSpec rules")
struct ButtonSpecTests {
    static func spec(
        width: Double = 200, height: Double = 44, radius: Double = 6, margin: Double? = nil,
        content: ButtonSpec.Content = .logoAndTitle
    ) -> ButtonSpec {
        ButtonSpec(
            type: .signIn, style: .black, size: Size(width: width, height: height), cornerRadius: radius, margin: margin, content: content)
    }

    @Test("types and styles keep Apple's raw values, default is signIn, titles are Apple's")
    func rawValues() {
        #expect(ButtonType.allCases.map(\.rawValue) == [0, 1, 2])
        #expect(AppleButtonStyle.allCases.map(\.rawValue) == [0, 1, 2])
        #expect([ButtonType.signIn, .continue, .signUp].map(\.rawValue) == [0, 1, 2])
        #expect([AppleButtonStyle.white, .whiteOutline, .black].map(\.rawValue) == [0, 1, 2])
        #expect(ButtonType.default == .signIn)
        #expect(ButtonType.allCases.map(\.title) == ["Sign in with Apple", "Continue with Apple", "Sign up with Apple"])
    }

    @Test(
        "the minimum size is 140x30: at the bound passes, just below fails",
        arguments: [
            (140.0, 30.0, [String]()), (139.99, 30.0, ["widthBelowMinimum"]), (140.0, 29.99, ["heightBelowMinimum"]),
            (139.0, 29.0, ["widthBelowMinimum", "heightBelowMinimum"]),
        ])
    func minimumSize(width: Double, height: Double, expected: [String]) {
        #expect(Self.spec(width: width, height: height, radius: 0).violations().map(\.name) == expected)
    }

    @Test(
        "the corner radius goes from 0 to half the height",
        arguments: [
            (0.0, [String]()), (6.0, []), (22.0, []), (22.01, ["cornerRadiusAboveMaximum"]), (-0.01, ["negativeCornerRadius"]),
        ])
    func cornerRadius(radius: Double, expected: [String]) {
        #expect(Self.spec(height: 44, radius: radius).violations().map(\.name) == expected)
    }

    @Test(
        "the margin must be at least a tenth of the height",
        arguments: [
            (nil as Double?, [String]()), (4.4, []), (4.39, ["marginBelowMinimum"]), (0.0, ["marginBelowMinimum"]),
        ])
    func margin(margin: Double?, expected: [String]) {
        #expect(Self.spec(height: 44, margin: margin).violations().map(\.name) == expected)
        #expect(Self.spec(height: 44, margin: margin).effectiveMargin == (margin ?? 4.4))
    }

    @Test("a logo-only button is square and at least 30x30")
    func logoOnly() {
        #expect(Self.spec(width: 30, height: 30, radius: 15, content: .logoOnly).violations().isEmpty)
        #expect(
            Self.spec(width: 44, height: 30, radius: 6, content: .logoOnly).violations() == [
                .logoOnlyNotSquare(Size(width: 44, height: 30))
            ])
        #expect(
            Self.spec(width: 29, height: 29, radius: 6, content: .logoOnly).violations().map(\.name) == [
                "widthBelowMinimum", "heightBelowMinimum",
            ])
    }

    @Test("every violation is reported at once, in a fixed order")
    func allViolations() {
        let spec = ButtonSpec(
            type: .signUp, style: .whiteOutline, size: Size(width: 100, height: 20), cornerRadius: 30, margin: 1, platform: .watchOS)
        #expect(
            spec.violations().map(\.name) == [
                "widthBelowMinimum", "heightBelowMinimum", "cornerRadiusAboveMaximum", "marginBelowMinimum", "titleDoesNotFit",
                "typeUnavailable", "styleUnavailable",
            ])
    }

    @Test("platform availability: signUp from iOS 13.2, macOS 10.15.1, tvOS 13.1; no whiteOutline on watchOS or tvOS")
    func platforms() {
        #expect(!ButtonPlatform.iOS(13, 1).supports(ButtonType.signUp) && ButtonPlatform.iOS(13, 2).supports(ButtonType.signUp))
        #expect(!ButtonPlatform.macOS(10, 15).supports(ButtonType.signUp) && ButtonPlatform.macOS(10, 15, 1).supports(ButtonType.signUp))
        #expect(!ButtonPlatform.tvOS(13).supports(ButtonType.signUp) && ButtonPlatform.tvOS(13, 1).supports(ButtonType.signUp))
        #expect(ButtonPlatform.iOS(13).supports(ButtonType.continue) && !ButtonPlatform.watchOS.supports(ButtonType.continue))
        #expect(ButtonPlatform.watchOS.supports(ButtonType.signIn) && ButtonPlatform.web.supports(ButtonType.signUp))
        #expect(
            !ButtonPlatform.watchOS.supports(AppleButtonStyle.whiteOutline)
                && !ButtonPlatform.tvOS(17).supports(AppleButtonStyle.whiteOutline))
        #expect(ButtonPlatform.iOS(13).supports(AppleButtonStyle.whiteOutline) && ButtonPlatform.tvOS(17).supports(AppleButtonStyle.white))
        #expect(ButtonPlatform.iOS(13, 2).name == "iOS 13.2" && ButtonPlatform.watchOS.name == "watchOS")
    }

    @Test("the resolver clamps into a valid spec, and leaves a valid spec alone")
    func resolver() {
        let resolved = ButtonSpec(size: Size(width: 10, height: 10), cornerRadius: 99, margin: 0).resolved()
        #expect(resolved.size.height == 30 && resolved.size.width >= 140)
        #expect(resolved.cornerRadius == 15 && resolved.margin == 3)
        #expect(resolved.violations().isEmpty)
        #expect(
            ButtonSpec(size: Size(width: 150, height: 60), cornerRadius: -3, content: .logoOnly).resolved().size
                == Size(width: 150, height: 150))
        #expect(ButtonSpec(size: Size(width: 150, height: 60), cornerRadius: -3).resolved().cornerRadius == 0)
        let valid = Self.spec()
        #expect(valid.resolved() == valid)
        let nan = ButtonSpec(size: Size(width: .nan, height: .infinity), cornerRadius: .nan).resolved()
        #expect(nan.violations().isEmpty && nan.cornerRadius == 6)
    }
}
