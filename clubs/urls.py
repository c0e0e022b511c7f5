"""The clubs' pages under /clubs/: my clubs, an invitation, a club's page, and every
action on it, each a POST (``clubs.views``, ``clubs.admin_views``)."""

from django.urls import path

from clubs import admin_views, standings_views, views

app_name = "clubs"

urlpatterns = [
    path("", views.my_clubs, name="mine"),
    path("join/<str:code>/", views.invite, name="invite"),
    path("<int:club_id>/", views.club_page, name="club"),
    # The standings beyond the page: the CSV export, a member's rounds.
    path("<int:club_id>/standings/", standings_views.standings_page, name="standings"),
    path("<int:club_id>/standings.csv", standings_views.standings_csv, name="standings_csv"),
    path("<int:club_id>/members/<int:user_id>/", standings_views.member_page, name="member"),
    # What a member does.
    path("<int:club_id>/leave/", views.leave, name="leave"),
    path("<int:club_id>/tables/<int:table_id>/open/", views.open_room, name="open_room"),
    # What the admins do (the form of a new table is a page; the rest are POSTs only).
    path("<int:club_id>/tables/new/", views.new_table, name="new_table"),
    path("<int:club_id>/tables/add/", admin_views.add_table, name="add_table"),
    path(
        "<int:club_id>/tables/<int:table_id>/archive/",
        admin_views.archive_table,
        name="archive_table",
    ),
    path("<int:club_id>/apart/", admin_views.keep_apart, name="keep_apart"),
    path("<int:club_id>/together/", admin_views.let_together, name="let_together"),
    path("<int:club_id>/invites/new/", admin_views.new_invite, name="new_invite"),
    path(
        "<int:club_id>/invites/<int:invite_id>/revoke/",
        admin_views.revoke_invite,
        name="revoke_invite",
    ),
    path("<int:club_id>/members/approve/", admin_views.approve, name="approve"),
    path("<int:club_id>/members/remove/", admin_views.remove, name="remove"),
    path("<int:club_id>/members/ban/", admin_views.ban, name="ban"),
    path("<int:club_id>/members/admin/", admin_views.make_admin, name="make_admin"),
    path("<int:club_id>/members/not-admin/", admin_views.unmake_admin, name="unmake_admin"),
    path("<int:club_id>/hand-over/", admin_views.hand_over, name="hand_over"),
    path("<int:club_id>/close/", admin_views.close, name="close"),
    path("<int:club_id>/announcement/", admin_views.announcement, name="announcement"),
    path("<int:club_id>/period/", admin_views.period, name="period"),
    path("<int:club_id>/approval/", admin_views.approval, name="approval"),
    path("<int:club_id>/watching/", admin_views.members_watch, name="members_watch"),
]
