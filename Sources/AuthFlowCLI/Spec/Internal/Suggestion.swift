// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// "Did you mean" suggestions by edit distance (Levenshtein: insertions, deletions, substitutions).
enum Suggestion {
    /// `"; did you mean '--scope'?"` for the nearest candidate close enough to `word`, or "".
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        nearest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate nearest to `word`, when it is within a third of the word's length (at least 1, at
    /// most 3 edits) or starts with `word`; ties go to the earlier candidate.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = min(3, max(1, word.count / 3))
        var best: (candidate: String, distance: Int)? = nil
        for candidate in candidates {
            let distance = candidate.hasPrefix(word) && word.count >= 3 ? 0 : editDistance(word, candidate)
            if distance <= limit, distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The Levenshtein distance between `a` and `b`, over their characters.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
