// swift-tools-version:6.0
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlow: web-based login in pure Swift, with zero package dependencies.
//
// Every library module is listed once in `libraries`; the products, the umbrella's dependencies and
// the shared Swift settings are all generated from that list, so no module can be forgotten.
import PackageDescription

/// A library module: its name, the modules it imports, and whether it is a leaf that stays out of the
/// umbrella (test doubles, like SwiftNIO keeps its test utilities out of `NIO`).
struct Library {
    var name: String
    var dependencies: [String] = []
    var inUmbrella = true
    var resources: [Resource]? = nil
}

let libraries: [Library] = [
    // Primitives: no Foundation, typed throws, built in Embedded Swift by .ci/run.
    Library(name: "AuthDigest"),
    Library(name: "AuthBase64URL"),
    Library(name: "AuthPKCE", dependencies: ["AuthDigest", "AuthBase64URL"]),
    Library(name: "AuthJSON"),
    Library(name: "AuthJWT", dependencies: ["AuthJSON", "AuthBase64URL", "AuthDigest"]),
    Library(name: "AuthCallback", dependencies: ["AuthDigest"]),
    Library(name: "AuthCredentials", dependencies: ["AuthCallback", "AuthJWT", "AuthJSON"]),
    Library(name: "AuthButtonLayout"),
    Library(name: "AuthSession", dependencies: ["AuthCallback", "AuthCredentials", "AuthDigest", "AuthJWT", "AuthPKCE"]),
    // The HTTP edge both sides share: transport, request/response values, challenges, RFC 9728 metadata, the JWK Set cache.
    Library(name: "AuthHTTP", dependencies: ["AuthJSON", "AuthJWT"]),
    // DPoP (RFC 9449) for both sides: proof verification, replay cache and server nonces; AuthClient makes its proofs with it.
    Library(name: "AuthDPoP", dependencies: ["AuthBase64URL", "AuthCallback", "AuthDigest", "AuthJSON", "AuthJWT"]),
    Library(
        name: "AuthClient",
        dependencies: [
            "AuthBase64URL", "AuthCallback", "AuthCredentials", "AuthDigest", "AuthDPoP", "AuthHTTP", "AuthJSON", "AuthJWT", "AuthPKCE",
            "AuthSession",
        ]),
    // The resource server (RFC 9068, RFC 9449 §7, RFC 7662, RFC 9728): no AuthClient, no Foundation.
    Library(name: "AuthResourceServer", dependencies: ["AuthBase64URL", "AuthDigest", "AuthDPoP", "AuthHTTP", "AuthJSON", "AuthJWT"]),
    // The URLSession transport: the only module that imports Foundation's networking.
    // It also gives every module's error a LocalizedError conformance, so it names them all.
    Library(
        name: "AuthURLSession",
        dependencies: [
            "AuthBase64URL", "AuthButtonLayout", "AuthCallback", "AuthClient", "AuthCredentials", "AuthDigest", "AuthDPoP", "AuthHTTP",
            "AuthJSON", "AuthJWT", "AuthPKCE", "AuthSession",
        ]),
    // Test doubles users can reuse (fake provider, scripted transports, test keys); kept out of the umbrella.
    Library(
        name: "AuthTesting",
        dependencies: [
            "AuthBase64URL", "AuthCallback", "AuthClient", "AuthDigest", "AuthDPoP", "AuthHTTP", "AuthJSON", "AuthJWT", "AuthPKCE",
            "AuthSession",
        ], inUmbrella: false),
]

/// Test targets: one per module, plus the shared vector loader.
let testTargets: [Target] =
    libraries.map { library in
        .testTarget(
            name: "\(library.name)Tests",
            dependencies: [.target(name: library.name), "TestVectors"]
                + (library.name == "AuthTesting" ? [] : ["AuthTesting"])  // seeded generators for tests
        )
    } + [
        .target(
            name: "TestVectors",
            path: "Tests/TestVectors",
            resources: [.copy("Vectors")]
        ),
        // The umbrella's tests; AuthTesting for the secret-redaction check, which builds every secret-holding type.
        .testTarget(name: "AuthFlowTests", dependencies: ["AuthFlow", "AuthTesting"]),
        .testTarget(name: "AuthFlowCLITests", dependencies: ["AuthFlowCLI", "AuthURLSession", "TestVectors"]),
    ]

let package = Package(
    name: "AuthFlow",
    // What the code needs: Swift concurrency (macOS 10.15 / iOS 13) and the standard library's `Duration`
    // and `Clock` (macOS 13 / iOS 16 / tvOS 16 / watchOS 9); visionOS has both from 1.0.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products:
        libraries.map { .library(name: $0.name, targets: [$0.name]) } + [
            .library(name: "AuthFlow", targets: ["AuthFlow"]),
            .executable(name: "authflow", targets: ["AuthFlowExecutable"]),
            // The CLI's commands, for a build of `authflow` over another HTTP stack: Integrations/AuthFlowAsyncHTTPClient
            // builds one with AsyncHTTPClient (private CAs on Linux, a self-contained binary). Not API (`_`).
            .library(name: "_AuthFlowCLI", targets: ["AuthFlowCLI"]),
        ],
    targets:
        libraries.map { library in
            .target(
                name: library.name,
                dependencies: library.dependencies.map { .target(name: $0) },
                resources: library.resources
            )
        } + [
            .target(
                name: "AuthFlow",
                dependencies: libraries.filter(\.inUmbrella).map { .target(name: $0.name) }
            ),
            // The CLI's commands: every library but the URLSession transport, which the executable brings (so a
            // build over another HTTP stack links no FoundationNetworking, and so no libcurl).
            .target(
                name: "AuthFlowCLI",
                dependencies: libraries.filter { $0.name != "AuthURLSession" }.map { .target(name: $0.name) }
            ),
            // `authflow`: the commands over URLSessionTransport.
            .executableTarget(name: "AuthFlowExecutable", dependencies: ["AuthFlowCLI", "AuthClient", "AuthURLSession"]),
            // The dudect-style timing check of ES256 signing that .ci/constant-time-check builds in release
            // mode and runs; no product, so nothing depends on it.
            .executableTarget(name: "AuthFlowTimingCheck", dependencies: ["AuthDigest", "AuthJWT", "AuthTesting"]),
        ] + testTargets,
    swiftLanguageModes: [.v6]
)

// The same settings for every target: strict Swift 6, explicit `any`, and imports that must be declared
// by the file that uses them.
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
