// swift-tools-version:6.0
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlowVapor: a Vapor 4 middleware that protects routes with AuthResourceServer (RFC 6750, RFC 9068,
// RFC 9449, RFC 7662, RFC 9728). A separate package so that the root keeps zero dependencies; it depends on
// the root by path. Its tests live in ../Check, which builds every integration once.
import PackageDescription

let package = Package(
    name: "AuthFlowVapor",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "AuthFlowVapor", targets: ["AuthFlowVapor"])],
    dependencies: [
        .package(name: "AuthFlow", path: "../.."),
        .package(url: "https://github.com/vapor/vapor", exact: "4.122.3"),
    ],
    targets: [
        .target(
            name: "AuthFlowVapor",
            dependencies: [
                .product(name: "AuthHTTP", package: "AuthFlow"),
                .product(name: "AuthResourceServer", package: "AuthFlow"),
                .product(name: "Vapor", package: "vapor"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
