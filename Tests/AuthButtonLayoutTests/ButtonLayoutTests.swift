// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthButtonLayout
import Testing

@Suite("ButtonLayout")
struct ButtonLayoutTests {
    @Test("centers a 200x44 button in its minimal container with a 4.4 pt margin on every side")
    func minimalContainer() throws {
        let layout = try ButtonLayout(ButtonSpec(size: Size(width: 200, height: 44)))
        #expect(layout.container == Rect(x: 0, y: 0, width: 208.8, height: 52.8))
        #expect(layout.buttonFrame == Rect(x: 4.4, y: 4.4, width: 200, height: 44))
        // Logo: half the height, vertically centered.
        #expect(layout.logoFrame.width == 22 && layout.logoFrame.height == 22)
        #expect(abs(layout.logoFrame.y - (4.4 + 11)) < 1e-9)
        let title = try #require(layout.titleFrame)
        #expect(abs((title.y + title.height / 2) - (4.4 + 22)) < 1e-9)
        // Logo and title form a group centered in the button.
        let left = layout.logoFrame.x - layout.buttonFrame.x
        let right = layout.buttonFrame.x + layout.buttonFrame.width - (title.x + title.width)
        #expect(abs(left - right) < 1e-9)
        #expect(layout.buttonFrame.contains(layout.logoFrame) && layout.buttonFrame.contains(title))
        #expect(title.x >= layout.logoFrame.x + layout.logoFrame.width)
    }

    @Test("a larger container keeps the button centered; a smaller one is refused")
    func containers() throws {
        let spec = ButtonSpec(type: .continue, style: .white, size: Size(width: 280, height: 50))
        let layout = try ButtonLayout(spec, in: Size(width: 375, height: 100))
        #expect(layout.buttonFrame == Rect(x: 47.5, y: 25, width: 280, height: 50))
        #expect(
            throws: AuthButtonLayoutError.containerTooSmall(needed: Size(width: 290, height: 60), available: Size(width: 289, height: 100))
        ) {
            try ButtonLayout(spec, in: Size(width: 289, height: 100))
        }
        #expect(try ButtonLayout(spec, in: Size(width: 290, height: 60)).buttonFrame.x == 5)
    }

    @Test("a logo-only button has the logo centered and no title")
    func logoOnly() throws {
        let layout = try ButtonLayout(ButtonSpec(size: Size(width: 44, height: 44), cornerRadius: 22, content: .logoOnly))
        #expect(layout.titleFrame == nil)
        #expect(abs(layout.logoFrame.x - 15.4) < 1e-9 && abs(layout.logoFrame.y - 15.4) < 1e-9 && layout.logoFrame.width == 22)
    }

    @Test("an invalid spec is refused with every violation, and bad numbers by name")
    func refusals() {
        let error = #expect(throws: AuthButtonLayoutError.self) { try ButtonLayout(ButtonSpec(size: Size(width: 100, height: 44))) }
        guard case .violations(let violations)? = error else {
            Issue.record("expected violations, got \(String(describing: error))")
            return
        }
        #expect(violations.map(\.name) == ["widthBelowMinimum", "titleDoesNotFit"])
        #expect(error?.code == 8002)
        #expect(throws: AuthButtonLayoutError.invalidNumber("width")) { try ButtonLayout(ButtonSpec(size: Size(width: .nan, height: 44))) }
        #expect(throws: AuthButtonLayoutError.invalidNumber("height")) { try ButtonLayout(ButtonSpec(size: Size(width: 200, height: -1))) }
        #expect(throws: AuthButtonLayoutError.invalidNumber("container")) {
            try ButtonLayout(ButtonSpec(size: Size(width: 200, height: 44)), in: Size(width: .infinity, height: 50))
        }
    }

    @Test("the SVG preview draws the container, the styled button, a placeholder mark and the title")
    func svg() throws {
        let svg = try ButtonLayout(ButtonSpec(type: .signUp, style: .whiteOutline, size: Size(width: 220, height: 44), cornerRadius: 8))
            .svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"228.8\" height=\"52.8\""))
        #expect(svg.contains(##"<rect x="4.4" y="4.4" width="220" height="44" rx="8" fill="#FFFFFF" stroke="#000000" stroke-width="1"/>"##))
        #expect(svg.contains(">Sign up with Apple</text>"))
        #expect(svg.contains("<circle"))
        #expect(svg.hasSuffix("</svg>\n"))
        let logoOnly = try ButtonLayout(ButtonSpec(size: Size(width: 30, height: 30), content: .logoOnly)).svg()
        #expect(!logoOnly.contains("<text"))
    }
}
