# This file is part of AuthFlow. Copyright (c) 2026 the AuthFlow project authors.
# Licensed under the Apache License, Version 2.0; see LICENSE for the licence terms.
# SPDX-License-Identifier: Apache-2.0

"""DOT mounted at the root, so the issuer is http://127.0.0.1:PORT and discovery is at
/.well-known/openid-configuration; Django's own sign-in page at /accounts/login/.

With DEVICE_PROVIDER_PREFIX (e.g. "o", the layout DOT's documentation shows: path("o/", include(...))),
DOT is mounted under that path instead: the issuer is http://127.0.0.1:PORT/o, and its metadata is served
only at the appended locations /o/.well-known/openid-configuration and /o/.well-known/oauth-authorization-server
(nothing at the RFC 8414 §3.1 location /.well-known/oauth-authorization-server/o). The sign-in page stays at
the root."""
import os

from django.contrib.auth import views as auth_views
from django.urls import include, path

prefix = os.environ.get("DEVICE_PROVIDER_PREFIX", "")

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path(prefix + "/" if prefix else "", include("oauth2_provider.urls", namespace="oauth2_provider")),
]
