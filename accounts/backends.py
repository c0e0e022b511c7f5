from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend


class NameInAnyCaseBackend(ModelBackend):
    """Log-in with the user name typed in another case than it was stored ("LanLan" for
    "lanlan"): names are unique regardless of case, so there is only one it can mean.

    It comes second, after Django's ModelBackend, which tries the name as typed (and
    keeps the sessions of players logged in before it existed): this one steps in only
    when exactly one other name matches. Names that differ only in case, from before
    sign-up refused them, log in as typed only. On SQLite "any case" is ASCII's only.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if username is None or password is None:
            return None
        User = get_user_model()
        field = User.USERNAME_FIELD
        stored = list(User._default_manager.filter(**{f"{field}__iexact": username})
                      .values_list(field, flat=True)[:2])
        if len(stored) != 1 or stored[0] == username:
            return None  # nobody, more than one, or tried as typed already
        return super().authenticate(request, username=stored[0], password=password)
