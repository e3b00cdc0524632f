from django.urls import path

from stats import views

app_name = "stats"
urlpatterns = [
    path("", views.expect, name="expect"),
    path("running-long/", views.running_long_page, name="running-long"),
]
