/// The login commands' command lines, read into their option structs (``LoginOptions``,
/// ``TokenOptions``, ``ProfileOptions``, ``ProviderOptions``) and run against the real process.
enum LoginCommands {
    static func login(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        if arguments.contains("--authorize-url") { return try LoginCommand.run(arguments, terminal: &terminal) }
        var options = LoginOptions()
        options.issuer = try arguments.option("--issuer")
        options.clientID = try arguments.option("--client-id")
        options.clientSecret = try secretSource(&arguments)
        while let scope = try arguments.option("--scope") { options.scopes += scope.split(separator: " ").map(String.init) }
        if let port = try arguments.option("--port") { options.port = try number(port, "--port") }
        if let path = try arguments.option("--redirect-path") { options.redirectPath = path }
        options.device = arguments.flag("--device")
        options.noBrowser = arguments.flag("--no-browser")
        options.profile = try arguments.option("--profile") ?? "default"
        options.insecureLoopbackIssuer = arguments.flag("--insecure-loopback-issuer")
        options.deviceAuthorizationEndpoint = try arguments.option("--device-authorization-endpoint")
        try arguments.expectNone()
        try LoginFlow.run(options, environment: .system(), terminal: &terminal)
    }

    static func token(_ kind: TokenCommands.Kind, _ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        var options = TokenOptions()
        options.profile = try arguments.option("--profile") ?? "default"
        let formats = TokenFormat.allCases.filter { arguments.flag("--" + $0.rawValue) }
        guard formats.count <= 1 else { throw .usage("give at most one of --bare, --header, --json, --exec-credential") }
        options.format = formats.first ?? .bare
        try arguments.expectNone()
        try TokenCommands.run(kind, options, environment: .system(), terminal: &terminal)
    }

    static func account(_ command: String, _ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        let options = ProfileOptions(profile: try arguments.option("--profile"))
        try arguments.expectNone()
        switch command {
        case "userinfo": try AccountCommands.userinfo(options, environment: .system(), terminal: &terminal)
        case "logout": try AccountCommands.logout(options, environment: .system(), terminal: &terminal)
        default: try AccountCommands.status(options, environment: .system(), terminal: &terminal)
        }
    }

    static func provider(_ arguments: Arguments, terminal: inout some Terminal) throws(CLIError) {
        var arguments = arguments
        var options = ProviderOptions()
        if let port = try arguments.option("--port") { options.port = try number(port, "--port") }
        if let host = try arguments.option("--issuer-host") { options.issuerHost = host }
        while let user = try arguments.option("--user") { options.users.append(user) }
        if let lifetime = try arguments.option("--access-token-lifetime") {
            guard let seconds = Int64(lifetime), seconds > 0 else {
                throw .usage("--access-token-lifetime takes seconds, not '\(lifetime)'")
            }
            options.accessTokenLifetime = seconds
        }
        try arguments.expectNone()
        try ProviderCommand.run(options, terminal: &terminal)
    }

    private static func secretSource(_ arguments: inout Arguments) throws(CLIError) -> ClientSecretSource? {
        let file = try arguments.option("--client-secret-file")
        let variable = try arguments.option("--client-secret-env")
        switch (file, variable) {
        case (nil, nil): return nil
        case (let path?, nil): return path == "-" ? .standardInput : .file(path)
        case (nil, let name?): return .environment(name)
        default: throw .usage("give --client-secret-file or --client-secret-env, not both")
        }
    }

    private static func number(_ text: String, _ name: String) throws(CLIError) -> UInt16 {
        guard let value = UInt16(text) else { throw .usage("\(name) takes 0 to 65535, not '\(text)'") }
        return value
    }
}
