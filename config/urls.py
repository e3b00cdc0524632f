from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from elections.api import root

api_v1: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    path("", include("public_record.api.urls")),  # before elections: cases/import/ is not a case number
    path("", include("elections.api.urls")),
    path("", include("challenges.api.urls")),
    path("", include("objections.api.urls")),
    path("", include("proceedings.api.urls")),
    path("", include("notes.api.urls")),

    path("", root.ApiRootView.as_view(), name="api-root"),
]

urlpatterns = [
    path("", RedirectView.as_view(url="/api/v1/docs/", permanent=False)),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    # Any other path under /api/ is a JSON 404, not Django's HTML page.
    re_path(r"^api/(?P<rest>.*)$", root.not_found),
    path("api-auth/", include("rest_framework.urls")),
]
