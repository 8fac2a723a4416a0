// swift-tools-version:6.2
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// CI's one build of every integration package (never published): it depends on each of ../AuthFlow* by
// path and holds their tests and the example MCP server, so that SwiftNIO, Hummingbird, Vapor and the MCP
// SDK are resolved and compiled once, in one .build, rather than once per package. A new integration is one
// `.package(path:)` line, its product in `integrations`, and a test folder.
//
// ../AuthFlowAsyncHTTPClient is here too, with its tests (Tests/AuthAsyncHTTPClientTests, moved from that
// package) and its two executables (`swift build --product authflow-ahc`, `--product AuthFlowTLSProvider`):
// .ci/private-ca-check and .ci/interop-resource-server share this one debug build of SwiftNIO, swift-nio-ssl and
// AsyncHTTPClient (.ci/integrations-build) instead of compiling them twice.
import PackageDescription

/// Every integration package beside this one: its folder (= package name) and its library product.
let integrations = ["AuthFlowHummingbird", "AuthFlowVapor", "AuthFlowMCP"]

let package = Package(
    name: "AuthFlowIntegrationCheck",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: integrations.map { .package(path: "../\($0)") } + [
        .package(path: "../AuthFlowAsyncHTTPClient"),
        .package(name: "AuthFlow", path: "../.."),
        // The same versions as the integration packages ask for (exact), for their test helpers.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // As ../AuthFlowAsyncHTTPClient asks, for its tests' NIO helpers.
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
    ],
    targets: [
        // The example: an MCP server (Streamable HTTP, the SDK's stateless transport) on Hummingbird, with one
        // tool, protected by AuthFlowHummingbird; .ci/interop-resource-server drives it with the Python SDK.
        .executableTarget(
            name: "ProtectedMCPServer",
            dependencies: [
                .product(name: "AuthFlowHummingbird", package: "AuthFlowHummingbird"),
                .product(name: "AuthFlowMCP", package: "AuthFlowMCP"),
                .product(name: "AuthResourceServer", package: "AuthFlow"),
                .product(name: "AuthURLSession", package: "AuthFlow"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: integrations.map { .product(name: $0, package: $0) } + [
                .product(name: "AuthBase64URL", package: "AuthFlow"),
                .product(name: "AuthDPoP", package: "AuthFlow"),
                .product(name: "AuthJSON", package: "AuthFlow"),
                .product(name: "AuthJWT", package: "AuthFlow"),
                .product(name: "AuthResourceServer", package: "AuthFlow"),
                .product(name: "AuthTesting", package: "AuthFlow"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "VaporTesting", package: "vapor"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        ),
        // ../AuthFlowAsyncHTTPClient's tests (AsyncHTTPClientTransport against a TLS server with a private CA).
        .testTarget(
            name: "AuthAsyncHTTPClientTests",
            dependencies: [
                .product(name: "AuthAsyncHTTPClient", package: "AuthFlowAsyncHTTPClient"),
                .product(name: "AuthFlowTLSTesting", package: "AuthFlowAsyncHTTPClient"),
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "AuthTesting", package: "AuthFlow"),
                .product(name: "AuthJWT", package: "AuthFlow"),
                .product(name: "AuthURLSession", package: "AuthFlow"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            // ../AuthFlowAsyncHTTPClient's settings, under which these tests were written.
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .enableUpcomingFeature("InternalImportsByDefault"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
