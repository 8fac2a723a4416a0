// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

// Counts the instructions a stretch of code retires, for the benchmark gate (.ci/benchmark-gate): with the
// kernel's hardware counter (perf_event_open, user mode only) where it is available, or under valgrind's
// callgrind, where each counted stretch is dumped to a file of its own, named by the label given.
#ifndef AUTHFLOW_INSTRUCTION_COUNTER_H
#define AUTHFLOW_INSTRUCTION_COUNTER_H

#include <stdint.h>

/// 0: nothing counts here; 1: perf_event_open (counts are read in process); 2: callgrind (counts are dumped).
int authflow_counter_open(void);
/// Starts counting from zero.
void authflow_counter_start(void);
/// Stops counting; returns the count (perf), or 0 after dumping it as `label` (callgrind).
uint64_t authflow_counter_stop(const char *label);

/// Bytes of heap in use (glibc's mallinfo2 `uordblks`), for the memory section; 0 where it is not known.
uint64_t authflow_heap_in_use(void);

#endif
