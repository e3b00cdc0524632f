from django.urls import path

from proceedings.api import views

urlpatterns = [
    path("cases/<str:number>/proceedings/", views.ProceedingListView.as_view(), name="case-proceedings"),
    path(
        "cases/<str:number>/proceedings/<int:event_id>/void/",
        views.ProceedingVoidView.as_view(),
        name="case-proceeding-void",
    ),
    path("cases/<str:number>/status/", views.CaseStatusView.as_view(), name="case-status"),
    path("cases/<str:number>/timeline/", views.CaseTimelineView.as_view(), name="case-timeline"),
    path("cases/<str:number>/deadlines/", views.CaseDeadlineListView.as_view(), name="case-deadlines"),
    path("deadlines/", views.DeadlineListView.as_view(), name="deadline-list"),
    path("deadlines/<int:deadline_id>/", views.DeadlineDetailView.as_view(), name="deadline-detail"),
    path("calendar/", views.CalendarView.as_view(), name="calendar"),
    path("calendar/rotate/", views.CalendarRotateView.as_view(), name="calendar-rotate"),
    path("calendar/<str:token>.ics", views.CalendarFeedView.as_view(), name="calendar-feed"),
]
