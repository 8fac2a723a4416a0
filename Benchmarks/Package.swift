// swift-tools-version:6.0
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlow's benchmarks: a separate package so that the main package keeps zero dependencies. It depends
// on the root package by path and on the peers our primitives are measured against: swift-crypto,
// vapor/jwt-kit and swift-extras-base64.
import PackageDescription

let package = Package(
    name: "AuthFlowBenchmarks",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "AuthFlow", path: ".."),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64", exact: "1.2.0"),
    ],
    targets: [
        .executableTarget(
            name: "AuthFlowBenchmarks",
            dependencies: [
                .product(name: "AuthDigest", package: "AuthFlow"),
                .product(name: "AuthBase64URL", package: "AuthFlow"),
                .product(name: "AuthPKCE", package: "AuthFlow"),
                .product(name: "AuthJSON", package: "AuthFlow"),
                .product(name: "AuthJWT", package: "AuthFlow"),
                .product(name: "AuthCallback", package: "AuthFlow"),
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "AuthCredentials", package: "AuthFlow"),
                .product(name: "AuthDPoP", package: "AuthFlow"),
                .product(name: "AuthHTTP", package: "AuthFlow"),
                .product(name: "AuthResourceServer", package: "AuthFlow"),
                .product(name: "AuthTesting", package: "AuthFlow"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
                "InstructionCounter",
            ]
        ),
        // The benchmark gate's counter: perf_event_open, or callgrind's client requests under valgrind.
        .target(name: "InstructionCounter"),
        // The memory section's allocation counter: a shared library the benchmark preloads into a child of its
        // own (LD_PRELOAD), never linked, so the other rows run on the plain allocator.
        .target(name: "AllocationCounter"),
    ],
    swiftLanguageModes: [.v6]
)

let executableName = "authflow-benchmarks"
package.products = [
    .executable(name: executableName, targets: ["AuthFlowBenchmarks"]),
    .library(name: "AuthFlowAllocationCounter", type: .dynamic, targets: ["AllocationCounter"]),
]
