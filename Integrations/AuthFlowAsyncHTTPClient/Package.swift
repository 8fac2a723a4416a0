// swift-tools-version:6.0
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlow over AsyncHTTPClient: a separate package, like Benchmarks/ and Fuzz/, so that the main package keeps
// zero dependencies. It depends on the root package by path and on AsyncHTTPClient (SwiftNIO, swift-nio-ssl).
//
// - AuthAsyncHTTPClient: `AsyncHTTPClientTransport`, an `HTTPTransport` over `HTTPClient` that can trust a
//   private CA (additional trust roots from PEM files or bytes) on Linux and Apple platforms;
// - `authflow-ahc`: the CLI over that transport, installed as `authflow` by Scripts/install-authflow — `--ca-file` works on Linux, and it links no FoundationNetworking
//   (no libcurl), which is what Scripts/install-authflow builds and installs;
// - AuthFlowTLSTesting and `AuthFlowTLSProvider`: the fake OpenID provider over HTTPS with a given certificate,
//   for the tests and .ci/private-ca-check. Products for the CI aggregate only, not API.
//
// Its tests are not here: they live in Integrations/Check/Tests/AuthAsyncHTTPClientTests, the CI aggregate that
// depends on this package by path, so that SwiftNIO, swift-nio-ssl and AsyncHTTPClient are compiled once in CI
// (Vapor brings AsyncHTTPClient to that package anyway). Run them with
// `swift build --package-path Integrations/Check --build-tests` and
// `swift test --package-path Integrations/Check --skip-build --filter AuthAsyncHTTPClientTests`.
import PackageDescription

let package = Package(
    name: "AuthFlowAsyncHTTPClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "AuthAsyncHTTPClient", targets: ["AuthAsyncHTTPClient"]),
        // Not `authflow`: the main package's executable product has that name, and both would be linked to the
        // same .build/<configuration>/authflow. Scripts/install-authflow installs it as `authflow`.
        .executable(name: "authflow-ahc", targets: ["AuthFlowAsyncHTTPClientCLI"]),
        // For the CI aggregate (Integrations/Check: these tests and .ci/private-ca-check), not API.
        .library(name: "AuthFlowTLSTesting", targets: ["AuthFlowTLSTesting"]),
        .executable(name: "AuthFlowTLSProvider", targets: ["AuthFlowTLSProvider"]),
    ],
    dependencies: [
        .package(name: "AuthFlow", path: "../.."),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.100.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.36.0"),
    ],
    targets: [
        .target(
            name: "AuthAsyncHTTPClient",
            dependencies: [
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "AuthCallback", package: "AuthFlow"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(
            name: "AuthFlowAsyncHTTPClientCLI",
            dependencies: [
                "AuthAsyncHTTPClient",
                .product(name: "_AuthFlowCLI", package: "AuthFlow"),
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(
            name: "AuthFlowTLSTesting",
            dependencies: [
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "AuthTesting", package: "AuthFlow"),
                .product(name: "AuthJSON", package: "AuthFlow"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        .executableTarget(
            name: "AuthFlowTLSProvider",
            dependencies: [
                "AuthFlowTLSTesting",
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "AuthJSON", package: "AuthFlow"),
                .product(name: "AuthTesting", package: "AuthFlow"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The main package's settings: explicit `any`, imports declared by the file that uses them.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
