// swift-tools-version:6.1
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlowMCP: AuthResourceServer in front of the MCP Swift SDK's Streamable HTTP server transports
// (modelcontextprotocol/swift-sdk). A separate package so that the root keeps zero dependencies; it depends
// on the root by path. Its tests live in ../Check, which builds every integration once.
import PackageDescription

let package = Package(
    name: "AuthFlowMCP",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [.library(name: "AuthFlowMCP", targets: ["AuthFlowMCP"])],
    dependencies: [
        .package(name: "AuthFlow", path: "../.."),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
    ],
    targets: [
        .target(
            name: "AuthFlowMCP",
            dependencies: [
                .product(name: "AuthHTTP", package: "AuthFlow"),
                .product(name: "AuthResourceServer", package: "AuthFlow"),
                .product(name: "MCP", package: "swift-sdk"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
