/// `authflow demo [--fail STEP] [--rfc7636-example]`: the whole OpenID Connect login, offline against the
/// fake provider, narrated with the real values and the RFC sections (``DemoFlow``); with `--device`, the
/// device authorization grant (``DeviceDemoFlow``). Exit 0 when the flow
/// went as asked: it succeeded, or it failed exactly where the chosen failure is caught.
enum DemoCommand {
    /// RFC 7636 Appendix B: the 32 octets behind the example verifier.
    static let rfc7636Octets: [UInt8] = [
        116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
        22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]

    static func run(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        let useRFCExample = arguments.flag("--rfc7636-example")
        let device = arguments.flag("--device")
        let failureName = try arguments.option("--fail")
        try arguments.expectNone()
        if device {
            guard !useRFCExample else {
                throw .usage("--rfc7636-example goes with the code flow, not --device (the device grant has no PKCE)")
            }
            var failure: DeviceDemoFlow.Failure? = nil
            if let failureName {
                guard let known = DeviceDemoFlow.Failure(rawValue: failureName) else {
                    throw .usage(
                        "unknown --fail for --device: '\(failureName)'; one of: \(DeviceDemoFlow.Failure.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                failure = known
            }
            let flow = DeviceDemoFlow(failure: failure)
            let (text, asExpected) = runBlocking { await flow.run() }
            terminal.write(text, to: .standardOutput)
            guard asExpected else { throw .failure("the demo did not go as expected (see above)") }
            return
        }
        var failure: DemoFlow.Failure? = nil
        if let failureName {
            guard let known = DemoFlow.Failure(rawValue: failureName) else {
                throw .usage(
                    "unknown step for --fail: '\(failureName)'; one of: \(DemoFlow.Failure.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            failure = known
        }
        let flow = DemoFlow(failure: failure, verifierOctets: useRFCExample ? rfc7636Octets : nil)
        let (text, asExpected) = runBlocking { await flow.run() }
        terminal.write(text, to: .standardOutput)
        guard asExpected else { throw .failure("the demo did not go as expected (see above)") }
    }
}
