// This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
// Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
// SPDX-License-Identifier: Apache-2.0

#include "InstructionCounter.h"

#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#endif

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define AUTHFLOW_HAVE_CALLGRIND 1
#else
#define AUTHFLOW_HAVE_CALLGRIND 0
#endif

static int mode = 0;
// A counter counts the thread that opened it, and Swift's async code may run on any thread of the pool: each
// stretch opens its own on the thread it runs on (start and stop are called on one thread, synchronously).
static __thread int descriptor = -1;

#if defined(__linux__)
static int open_counter(void) {
    struct perf_event_attr attributes;
    memset(&attributes, 0, sizeof attributes);
    attributes.type = PERF_TYPE_HARDWARE;
    attributes.size = sizeof attributes;
    attributes.config = PERF_COUNT_HW_INSTRUCTIONS;
    attributes.disabled = 1;
    attributes.exclude_kernel = 1;
    attributes.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &attributes, 0, -1, -1, 0);
}
#endif

int authflow_counter_open(void) {
#if AUTHFLOW_HAVE_CALLGRIND
    // Under valgrind the hardware counter would count valgrind's own work: callgrind counts the guest's.
    if (RUNNING_ON_VALGRIND) {
        mode = 2;
        return mode;
    }
#endif
#if defined(__linux__)
    int probe = open_counter();
    if (probe >= 0) {
        close(probe);
        mode = 1;
        return mode;
    }
#endif
    mode = 0;
    return mode;
}

void authflow_counter_start(void) {
    if (mode == 1) {
#if defined(__linux__)
        descriptor = open_counter();
        ioctl(descriptor, PERF_EVENT_IOC_RESET, 0);
        ioctl(descriptor, PERF_EVENT_IOC_ENABLE, 0);
#endif
    } else if (mode == 2) {
#if AUTHFLOW_HAVE_CALLGRIND
        CALLGRIND_ZERO_STATS;
        CALLGRIND_START_INSTRUMENTATION;
#endif
    }
}

uint64_t authflow_counter_stop(const char *label) {
    uint64_t count = 0;
    if (mode == 1) {
#if defined(__linux__)
        ioctl(descriptor, PERF_EVENT_IOC_DISABLE, 0);
        if (read(descriptor, &count, sizeof count) != (ssize_t)sizeof count) count = 0;
        close(descriptor);
        descriptor = -1;
#endif
    } else if (mode == 2) {
#if AUTHFLOW_HAVE_CALLGRIND
        CALLGRIND_DUMP_STATS_AT(label);
        CALLGRIND_STOP_INSTRUMENTATION;
#endif
    }
    (void)label;
    return count;
}

uint64_t authflow_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    return (uint64_t)mallinfo2().uordblks;
#else
    return 0;
#endif
}
