#!/usr/bin/env python3
# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0
"""Django's command-line utility for the device-grant interop provider (see .ci/interop-device)."""
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deviceprovider.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
