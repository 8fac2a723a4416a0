// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// The fuzzing driver: `authflow-fuzz TARGET [libFuzzer options and corpus folders]`.
//
// SwiftPM links an executable with its `main` renamed to `<Target>_main` and `--defsym main=…`, so
// libFuzzer's own `main` is not used: this top-level code is the program's entry, picks the target and hands
// the remaining arguments to `LLVMFuzzerRunDriver`, libFuzzer's documented entry for programs that keep their
// own `main`.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

nonisolated(unsafe) var selected: FuzzTarget?

let arguments = CommandLine.arguments
guard arguments.count >= 2, let target = FuzzTarget.all.first(where: { $0.name == arguments[1] }) else {
    var usage = "usage: authflow-fuzz TARGET [libFuzzer options] [corpus folders]\n\ntargets:\n"
    for target in FuzzTarget.all { usage += "  \(target.name.padding(20)) \(target.checks)\n" }
    writeError(usage)
    exit(arguments.count >= 2 && arguments[1] == "--list" ? 0 : 2)
}
selected = target

// `authflow-fuzz TARGET --seeds DIR` writes the inputs the harness makes itself (its own signed tokens) into DIR.
if arguments.count == 4, arguments[2] == "--seeds" {
    for (index, seed) in target.seeds().enumerated() {
        let path = arguments[3] + "/harness-\(index)"
        guard let file = fopen(path, "wb") else { violated("cannot write \(path)") }
        _ = seed.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
    exit(0)
}

// libFuzzer sees the program name and the arguments after the target's name.
var argc = CommandLine.argc - 1
var argv = CommandLine.unsafeArgv
argv[1] = argv[0]
var shifted = argv + 1
exit(
    runDriver(&argc, &shifted) { data, size in
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        selected?.body(bytes)
        return 0
    })

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
