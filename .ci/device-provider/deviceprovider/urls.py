"""DOT mounted at the root, so the issuer is http://127.0.0.1:PORT and discovery is at
/.well-known/openid-configuration; Django's own sign-in page at /accounts/login/."""
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("", include("oauth2_provider.urls", namespace="oauth2_provider")),
]
