"""A club's room belongs to its club (``games.play.homes``): between rounds its page
links back to the club's page."""

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import ClubRoom
from games.play.homes import Home


def home(room_id: int) -> Home | None:
    club_id = ClubRoom.objects.filter(room_id=room_id).values_list("club_id", flat=True).first()
    if club_id is None:
        return None
    return Home(_("Back to the club"), reverse("clubs:club", kwargs={"club_id": club_id}))
