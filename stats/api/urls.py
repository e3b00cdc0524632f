from django.urls import path

from stats.api import views

urlpatterns = [
    path("stats/stages/", views.StageFiguresView.as_view(), name="stats-stages"),
    path("stats/shares/", views.ShareFiguresView.as_view(), name="stats-shares"),
    path("cases/<str:number>/outlook/", views.CaseOutlookView.as_view(), name="case-outlook"),
]
