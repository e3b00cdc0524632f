from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

api_v1: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("", include("public_record.api.urls")),  # before elections: cases/import/ is not a case number
    path("", include("elections.api.urls")),
    path("", include("challenges.api.urls")),
    path("", include("objections.api.urls")),
    path("", include("proceedings.api.urls")),
    path("", include("notes.api.urls")),
]

urlpatterns = [
    path("", RedirectView.as_view(url="/api/v1/docs/", permanent=False)),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api-auth/", include("rest_framework.urls")),
]
