// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import Foundation
import Testing

@testable import AuthFlowCLI

@Suite("authflow button")
struct ButtonCommandTests {
    static func json(_ terminal: MemoryTerminal) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(terminal.standardOutput)) as? [String: Any])
    }

    @Test("layout prints frames for a valid button and writes the SVG preview")
    func valid() throws {
        var terminal = MemoryTerminal()
        #expect(
            terminal.run("button", "layout", "--type", "continue", "--style", "white", "--width", "280", "--height", "50", "--svg", "b.svg")
                == 0)
        let output = try Self.json(terminal)
        #expect(output["valid"] as? Bool == true)
        #expect(output["margin"] as? Double == 5)
        let layout = try #require(output["layout"] as? [String: Any])
        #expect(layout["button"] as? [String: Double] == ["x": 5, "y": 5, "width": 280, "height": 50])
        #expect(layout["container"] as? [String: Double] == ["x": 0, "y": 0, "width": 290, "height": 60])
        let svg = String(decoding: try #require(terminal.files["b.svg"]), as: UTF8.self)
        #expect(svg.contains("Continue with Apple</text>"))
    }

    @Test("an invalid button prints every violation and the nearest valid spec, and exits 1")
    func invalid() throws {
        var terminal = MemoryTerminal()
        #expect(terminal.run("button", "layout", "--width", "100", "--height", "20", "--corner-radius", "30", "--svg", "b.svg") == 1)
        let output = try Self.json(terminal)
        #expect(output["valid"] as? Bool == false)
        let rules = try #require(output["violations"] as? [[String: String]]).compactMap { $0["rule"] }
        #expect(rules == ["widthBelowMinimum", "heightBelowMinimum", "cornerRadiusAboveMaximum", "titleDoesNotFit"])
        let resolved = try #require(output["resolved"] as? [String: Any])
        #expect(resolved["size"] as? [String: Double] == ["width": 140, "height": 30])
        #expect(resolved["cornerRadius"] as? Double == 15)
        #expect(terminal.errors.contains("AuthButtonLayoutError 8002"))
        #expect(terminal.files["b.svg"] == nil)
    }

    @Test("platform rules and containers come from the command line")
    func platformsAndContainers() throws {
        var terminal = MemoryTerminal()
        #expect(terminal.run("button", "layout", "--type", "signUp", "--width", "200", "--height", "44", "--platform", "iOS:13.1") == 1)
        #expect(terminal.output.contains("typeUnavailable"))
        var small = MemoryTerminal()
        #expect(small.run("button", "layout", "--width", "200", "--height", "44", "--container", "200x44") == 1)
        #expect(small.errors.contains("AuthButtonLayoutError 8003"))
        var logo = MemoryTerminal()
        #expect(logo.run("button", "layout", "--logo-only", "--width", "44", "--height", "44", "--corner-radius", "22") == 0)
    }

    @Test("bad usage exits 2")
    func usage() {
        var terminal = MemoryTerminal()
        #expect(terminal.run("button") == 2)
        #expect(terminal.run("button", "layout", "--width", "200") == 2)
        #expect(terminal.run("button", "layout", "--width", "wide", "--height", "44") == 2)
        #expect(terminal.run("button", "layout", "--width", "nan", "--height", "44") == 2)
        #expect(terminal.run("button", "layout", "--width", "200", "--height", "44", "--type", "login") == 2)
        #expect(terminal.run("button", "layout", "--width", "200", "--height", "44", "--style", "red") == 2)
        #expect(terminal.run("button", "layout", "--width", "200", "--height", "44", "--platform", "android") == 2)
        #expect(terminal.run("button", "layout", "--width", "200", "--height", "44", "--container", "big") == 2)
        #expect(terminal.run("button", "layout", "--width", "200", "--height", "44", "--svg", "/nonexistent/b.svg") == 1)
    }
}
