// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

import AuthButtonLayout
import AuthJSON

/// `authflow button layout --type T --style S --width W --height H [--corner-radius R] [--margin M]
/// [--logo-only] [--platform P] [--container WxH] [--svg FILE]`: checks a Sign in with Apple button spec,
/// prints its layout (or its violations and the nearest valid spec) as JSON, and writes an SVG preview.
///
/// Exit status 0 when the spec is valid, 1 when it breaks a rule (the JSON is still printed) or cannot be
/// laid out, 2 for bad usage.
enum ButtonLayoutCommand: CLICommand {
    static let type = Option<String>(
        "type", value: "TYPE", help: "the title (default signIn)", allowedValues: ButtonType.allCases.map(\.name) + ["default"])
    static let style = Option<String>(
        "style", value: "STYLE", help: "the colours (default black)", allowedValues: AppleButtonStyle.allCases.map(\.name))
    static let width = Option<String>("width", value: "POINTS", help: "the button's width", required: true)
    static let height = Option<String>("height", value: "POINTS", help: "the button's height", required: true)
    static let cornerRadius = Option<String>("corner-radius", value: "POINTS", help: "the corner radius")
    static let margin = Option<String>("margin", value: "POINTS", help: "the clear margin around the button")
    static let logoOnly = Flag("logo-only", help: "the logo without a title")
    static let platform = Option<String>(
        "platform", value: "PLATFORM[:VERSION]", help: "iOS, macOS, tvOS, watchOS or web, such as iOS:13.2",
        completion: .values(["iOS", "macOS", "tvOS", "watchOS", "web"]))
    static let container = Option<String>("container", value: "WxH", help: "the space available, such as 375x100")
    static let svg = Option<String>("svg", value: "FILE", help: "write an SVG preview of the layout", completion: .file)

    static let spec = CommandSpec(
        "layout", summary: "check a button spec against Apple's rules and print its layout as JSON",
        discussion: """
            Checks the size, corner radius and margin rules of the Sign in with Apple button, prints the layout
            (or the violations and the nearest valid spec) as JSON, and writes an SVG preview with --svg.
            Exits 1 when the spec breaks a rule (the JSON is still printed).
            """,
        options: [type, style, width, height, cornerRadius, margin, logoOnly, platform, container, svg],
        examples: ["button layout --type continue --style white --width 280 --height 50 --svg button.svg"])

    static func run(_ arguments: ParsedArguments, terminal: inout some Terminal) throws(CLIError) {
        let typeName = arguments.value(Self.type) ?? "signIn"
        let styleName = arguments.value(Self.style) ?? "black"
        let widthText = try arguments.required(Self.width)
        let heightText = try arguments.required(Self.height)
        let radiusText = arguments.value(Self.cornerRadius)
        let marginText = arguments.value(Self.margin)
        let platformText = arguments.value(Self.platform)
        let containerText = arguments.value(Self.container)
        let svgPath = arguments.value(Self.svg)
        let logoOnly = arguments.isSet(Self.logoOnly)

        guard let type = typeName == "default" ? .default : ButtonType.allCases.first(where: { $0.name == typeName }) else {
            throw .usage("--type takes signIn, continue, signUp or default, not '\(typeName)'")
        }
        guard let style = AppleButtonStyle.allCases.first(where: { $0.name == styleName }) else {
            throw .usage("--style takes white, whiteOutline or black, not '\(styleName)'")
        }
        var spec = ButtonSpec(
            type: type, style: style, size: Size(width: try number(widthText, "--width"), height: try number(heightText, "--height")),
            content: logoOnly ? .logoOnly : .logoAndTitle, platform: try platformText.map(platform))
        if let radiusText { spec.cornerRadius = try number(radiusText, "--corner-radius") }
        if let marginText { spec.margin = try number(marginText, "--margin") }
        let container = try containerText.map(size)

        let violations = spec.violations()
        var output: [(String, JSONValue)] = [
            ("type", .string(type.name)), ("style", .string(style.name)), ("content", .string(spec.content.rawValue)),
            ("size", json(spec.size)), ("cornerRadius", json(spec.cornerRadius)), ("margin", json(spec.effectiveMargin)),
            ("fontSize", json(spec.fontSize)), ("valid", .bool(violations.isEmpty)),
            ("violations", .array(violations.map { ["rule": .string($0.name), "message": .string($0.description)] })),
        ]
        var failure: String? = nil
        var svg: String? = nil
        do throws(AuthButtonLayoutError) {
            let layout = try ButtonLayout(spec, in: container)
            output.append(
                (
                    "layout",
                    [
                        "container": json(layout.container), "button": json(layout.buttonFrame), "logo": json(layout.logoFrame),
                        "title": layout.titleFrame.map(json) ?? .null,
                    ]
                ))
            svg = layout.svg()
        } catch {
            output.append(("layout", .null))
            let resolved = spec.resolved()
            output.append(
                (
                    "resolved",
                    [
                        "size": json(resolved.size), "cornerRadius": json(resolved.cornerRadius), "margin": json(resolved.effectiveMargin),
                        "remainingViolations": .array(resolved.violations().map { .string($0.name) }),
                    ]
                ))
            failure = "\(error)"
        }
        var object = JSONObject()
        for (name, value) in output { try? object.append(name, value) }
        terminal.write(String(decoding: JSONValue.object(object).serialized(pretty: true), as: UTF8.self) + "\n", to: .standardOutput)
        if let failure { throw .failure(failure) }
        if let svgPath, let svg { try terminal.writeFile(svgPath, bytes: Array(svg.utf8)) }
    }

    private static func number(_ text: String, _ option: String) throws(CLIError) -> Double {
        guard let value = Double(text), value.isFinite else { throw .usage("\(option) takes a number of points, not '\(text)'") }
        return value
    }

    /// `WxH`, such as `375x100`.
    private static func size(_ text: String) throws(CLIError) -> Size {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]) else {
            throw .usage("--container takes WIDTHxHEIGHT in points, such as 375x100, not '\(text)'")
        }
        return Size(width: width, height: height)
    }

    /// `iOS`, `iOS:13.2`, `macOS:10.15.1`, `tvOS:17`, `watchOS`, `web`.
    private static func platform(_ text: String) throws(CLIError) -> ButtonPlatform {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard let family = ButtonPlatform.Family.allCases.first(where: { $0.rawValue == parts.first.map(String.init) }) else {
            throw .usage("--platform takes iOS, macOS, tvOS, watchOS or web, with an optional :VERSION, not '\(text)'")
        }
        guard parts.count == 2 else { return ButtonPlatform(family) }
        let numbers = parts[1].split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else { throw .usage("bad version in --platform '\(text)'") }
        return ButtonPlatform(family, version: numbers.map { $0! })
    }

    private static func json(_ value: Double) -> JSONValue {
        JSONNumber(value).map(JSONValue.number) ?? .null
    }

    private static func json(_ size: Size) -> JSONValue {
        ["width": json(size.width), "height": json(size.height)]
    }

    private static func json(_ rect: Rect) -> JSONValue {
        ["x": json(rect.x), "y": json(rect.y), "width": json(rect.width), "height": json(rect.height)]
    }
}
