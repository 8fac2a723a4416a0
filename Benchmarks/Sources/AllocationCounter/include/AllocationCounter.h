// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Counts heap allocations, for the benchmark's memory section: built as a shared library
// (libAuthFlowAllocationCounter.so) that the benchmark loads with LD_PRELOAD into a child of its own, where
// its malloc, calloc, realloc, aligned_alloc, memalign and posix_memalign count each call and hand it to
// glibc's. The benchmark binary does not link it, so every other row runs on glibc's allocator untouched.
#ifndef AUTHFLOW_ALLOCATION_COUNTER_H
#define AUTHFLOW_ALLOCATION_COUNTER_H

/// Allocations made so far by every thread of the process (frees are not counted).
unsigned long authflow_allocation_count(void);

#endif
