from django.urls import path

from access.api import views

urlpatterns = [
    path("auth/token/rotate/", views.TokenRotateView.as_view(), name="token-rotate"),
]
