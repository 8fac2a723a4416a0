// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

/// Welch's t-test between two classes of timings, dudect style (Reparaz, Balasch and Verbauwhede, "Dude,
/// is my code constant time?", DATE 2017): the statistic for all the samples and for the samples below
/// each of a few percentiles of both classes together (the tail of a timing distribution is interrupts and
/// cache misses from other processes, which hide a small difference); the largest |t| decides.
struct Welch {
    /// The percentiles that crop the samples; 1 keeps them all.
    static let crops: [Double] = [1, 0.99, 0.95, 0.9, 0.75, 0.5]

    /// One crop's result.
    struct Crop {
        var percentile: Double
        var t: Double
        var meanFixed: Double
        var meanRandom: Double
        var count: Int
        /// The smallest difference of means this crop would have flagged: 4.5 standard errors.
        var detectable: Double
    }

    var crops: [Crop]

    /// The crop with the largest |t|.
    var worst: Crop {
        crops.max { abs($0.t) < abs($1.t) } ?? Crop(percentile: 1, t: 0, meanFixed: 0, meanRandom: 0, count: 0, detectable: 0)
    }

    init(fixed: [Double], random: [Double]) {
        let sorted = (fixed + random).sorted()
        crops = Self.crops.compactMap { percentile in
            let index = min(sorted.count - 1, Int(Double(sorted.count) * percentile))
            let bound = percentile >= 1 ? Double.infinity : sorted[index]
            let a = Self.moments(fixed.filter { $0 < bound })
            let b = Self.moments(random.filter { $0 < bound })
            // A crop that leaves one class almost empty (the classes differ by far more than the noise) says nothing more.
            guard a.count >= 10, b.count >= 10 else { return nil }
            let error = (a.variance / Double(a.count) + b.variance / Double(b.count)).squareRoot()
            return Crop(
                percentile: percentile, t: (a.mean - b.mean) / error, meanFixed: a.mean, meanRandom: b.mean, count: a.count + b.count,
                detectable: 4.5 * error)
        }
    }

    /// Count, mean and sample variance, by Welford's method (no cancellation over many samples).
    static func moments(_ values: [Double]) -> (count: Int, mean: Double, variance: Double) {
        var mean = 0.0
        var squares = 0.0
        for (index, value) in values.enumerated() {
            let delta = value - mean
            mean += delta / Double(index + 1)
            squares += delta * (value - mean)
        }
        return (values.count, mean, values.count > 1 ? squares / Double(values.count - 1) : .infinity)
    }
}
