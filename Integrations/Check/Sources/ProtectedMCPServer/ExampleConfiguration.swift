// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
import AuthResourceServer
import Foundation
import HTTPTypes
import Hummingbird
import MCP

/// The example's glue: its resource-server configuration from the environment, and the SDK's response as
/// Hummingbird's.
enum ExampleConfiguration {
    struct Missing: Error, CustomStringConvertible {
        var name: String
        var description: String { "missing environment variable \(name)" }
    }

    static func resourceServer(resource: String, issuer: String, scope: String, environment: [String: String]) throws
        -> ResourceServerConfiguration
    {
        func value(_ name: String) throws -> String {
            guard let value = environment[name] else { throw Missing(name: name) }
            return value
        }
        var configuration = ResourceServerConfiguration(
            resource: resource, authorizationServers: [issuer], scopesSupported: [scope], keys: try .jwksURL(value("AUTHFLOW_JWKS_URL")))
        configuration.allowsInsecureLoopback = true  // the issuer and this server are on http://127.0.0.1
        if try value("AUTHFLOW_TOKENS") == "introspection" {
            configuration.introspection = TokenIntrospector.Configuration(
                endpoint: try value("AUTHFLOW_INTROSPECTION_URL"), issuer: issuer,
                clientAuthentication: .clientSecretBasic(
                    clientID: try value("AUTHFLOW_INTROSPECTION_CLIENT"), secret: try value("AUTHFLOW_INTROSPECTION_SECRET")))
        }
        return configuration
    }

    /// The SDK's framework-neutral response as a Hummingbird response (a stream stays a stream).
    static func response(_ answer: MCP.HTTPResponse) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields.append(HTTPField(name: name, value: value)) }
        }
        if case .stream(let stream, _) = answer {
            let buffers = stream.map { ByteBuffer(bytes: $0) }
            return Response(status: .init(code: answer.statusCode), headers: fields, body: ResponseBody(asyncSequence: buffers))
        }
        return Response(
            status: .init(code: answer.statusCode), headers: fields,
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.bodyData ?? Data())))
    }
}
