// swift-tools-version:6.0
// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0
//
// AuthFlow's fuzz targets: a separate package (like Benchmarks/) that depends on the root by path, built with
// libFuzzer and AddressSanitizer. Build and run (see CONTRIBUTING.md, "Fuzzing"):
//
//   swift build -c release --package-path Fuzz -Xswiftc -sanitize=fuzzer,address \
//       -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld
//   Fuzz/.build/release/authflow-fuzz json -max_total_time=60 corpus/json
import PackageDescription

let package = Package(
    name: "AuthFlowFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "AuthFlow", path: "..")],
    targets: [
        .executableTarget(
            name: "AuthFlowFuzz",
            dependencies: [
                .product(name: "AuthBase64URL", package: "AuthFlow"),
                .product(name: "AuthJSON", package: "AuthFlow"),
                .product(name: "AuthJWT", package: "AuthFlow"),
                .product(name: "AuthCallback", package: "AuthFlow"),
                .product(name: "AuthCredentials", package: "AuthFlow"),
                .product(name: "AuthClient", package: "AuthFlow"),
                .product(name: "AuthTesting", package: "AuthFlow"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)

package.products = [.executable(name: "authflow-fuzz", targets: ["AuthFlowFuzz"])]
