# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""Fills the device-grant interop provider's fresh database (after `manage.py migrate`): the test user
and the device client. Run with DJANGO_SETTINGS_MODULE=deviceprovider.settings and the environment
.ci/interop-device sets. Prints nothing secret (the test user's password is a fixed test value).
"""
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "deviceprovider.settings")
django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from oauth2_provider.models import get_application_model  # noqa: E402

User = get_user_model()
Application = get_application_model()

user = User.objects.create_user(
    username=os.environ["DEVICE_PROVIDER_USERNAME"], password=os.environ["DEVICE_PROVIDER_PASSWORD"],
    email="alice@example.com", first_name="Alice", last_name="Device")

# A public client (RFC 8628 §5.6: a device app cannot keep a secret), allowed the device grant only
# (DOT allows refresh_token for every client that may use the device grant), signing ID tokens with RS256.
Application.objects.create(
    name="AuthFlow device interop", client_id=os.environ["DEVICE_PROVIDER_CLIENT_ID"],
    client_type=Application.CLIENT_PUBLIC,
    authorization_grant_type=Application.GRANT_DEVICE_CODE,
    algorithm=Application.RS256_ALGORITHM, redirect_uris="", user=user)
# A confidential service client for the client credentials grant (RFC 6749 §4.4), which also introspects
# (RFC 7662; DOT's introspection endpoint accepts a client's Basic credentials). Only when the script asks.
service = os.environ.get("DEVICE_PROVIDER_SERVICE_CLIENT_ID")
if service:
    Application.objects.create(
        name="AuthFlow service interop", client_id=service, client_secret=os.environ["DEVICE_PROVIDER_SERVICE_SECRET"],
        client_type=Application.CLIENT_CONFIDENTIAL, authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS,
        redirect_uris="", user=None)
print(f"provider: user {user.username} (pk {user.pk}), public device client {os.environ['DEVICE_PROVIDER_CLIENT_ID']}"
      + (f", confidential service client {service}" if service else ""))
