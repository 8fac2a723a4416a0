// swift-tools-version:6.2
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlowHummingbird: a Hummingbird 2 middleware that protects routes with AuthResourceServer (RFC 6750,
// RFC 9068, RFC 9449, RFC 7662, RFC 9728). A separate package so that the root keeps zero dependencies; it
// depends on the root by path. Its tests live in ../Check, which builds every integration once.
import PackageDescription

let package = Package(
    name: "AuthFlowHummingbird",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [.library(name: "AuthFlowHummingbird", targets: ["AuthFlowHummingbird"])],
    dependencies: [
        .package(name: "AuthFlow", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "AuthFlowHummingbird",
            dependencies: [
                .product(name: "AuthHTTP", package: "AuthFlow"),
                .product(name: "AuthResourceServer", package: "AuthFlow"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
