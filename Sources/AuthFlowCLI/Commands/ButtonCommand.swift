import AuthButtonLayout
import AuthJSON

/// `authflow button layout --type T --style S --width W --height H [--corner-radius R] [--margin M]
/// [--logo-only] [--platform P] [--container WxH] [--svg FILE]`: checks a Sign in with Apple button spec,
/// prints its layout (or its violations and the nearest valid spec) as JSON, and writes an SVG preview.
///
/// Exit status 0 when the spec is valid, 1 when it breaks a rule (the JSON is still printed) or cannot be
/// laid out, 2 for bad usage.
enum ButtonCommand {
    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        switch try arguments.operand() {
        case "layout": try layout(&arguments, terminal: &terminal)
        case let other?: throw .usage("button takes 'layout', not '\(other)'")
        case nil: throw .usage("button needs 'layout'")
        }
    }

    private static func layout(_ arguments: inout Arguments, terminal: inout some Terminal) throws(CLIError) {
        let typeName = try arguments.option("--type") ?? "signIn"
        let styleName = try arguments.option("--style") ?? "black"
        guard let widthText = try arguments.option("--width"), let heightText = try arguments.option("--height") else {
            throw .usage("button layout needs --width W and --height H (points)")
        }
        let radiusText = try arguments.option("--corner-radius")
        let marginText = try arguments.option("--margin")
        let platformText = try arguments.option("--platform")
        let containerText = try arguments.option("--container")
        let svgPath = try arguments.option("--svg")
        let logoOnly = arguments.flag("--logo-only")
        try arguments.expectNone()

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
