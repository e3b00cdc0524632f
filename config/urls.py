from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core import health
from core.api import root
from desk.front_door import front_door

api_v1: list[URLPattern | URLResolver] = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: the production Content-Security-Policy
    # allows no inline script.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    path("", include("public_record.api.urls")),  # before elections: cases/import/ is not a case number
    path("health/", health.HealthView.as_view(), name="health"),
    path("", include("elections.api.urls")),
    path("", include("challenges.api.urls")),
    path("", include("objections.api.urls")),
    path("", include("proceedings.api.urls")),
    path("", include("filings.api.urls")),
    path("", include("notes.api.urls")),
    path("", include("access.api.urls")),
    path("", include("stats.api.urls")),
    path("", root.ApiRootView.as_view(), name="api-root"),
]

urlpatterns = [
    path("", front_door, name="front-door"),  # the desk's sign-in (staff: the admin), not the API docs
    path("admin/", admin.site.urls),
    path("desk/", include("desk.urls")),  # the counsel desk: counsel and paralegals, in a browser
    path("expect/", include("stats.urls")),  # what to expect: the figures' pictures, for anyone signed in
    path("api/v1/", include(api_v1)),
    # Any other path under /api/ is a JSON 404, not Django's HTML page: newlines included ('.' would stop
    # at a %0A in a segment and leave the path to Django's HTML 404).
    re_path(r"^api/(?P<rest>[\s\S]*)$", root.not_found),
    path("api-auth/", include("rest_framework.urls")),
]
