from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied


def named_user(username: str):
    """The one user ``username`` logs in as, or None: the user of exactly that name, or
    else the only one whose name is the same but for case ("LanLan" for "lanlan").

    Names are unique regardless of case, so there is only one a name can mean; two names
    that differ only in case, from before sign-up refused them, log in as typed only, and
    a third spelling means neither. One query whatever the name (every name the same but
    for case, the exact one among them), so that its time does not tell which names
    exist either. On SQLite "any case" is ASCII's only.
    """
    User = get_user_model()
    field = User.USERNAME_FIELD
    same_but_case = list(User._default_manager.filter(**{f"{field}__iexact": username}))
    for user in same_but_case:
        if getattr(user, field) == username:
            return user
    return same_but_case[0] if len(same_but_case) == 1 else None


class NameInAnyCaseBackend(ModelBackend):
    """Log-in with the user name typed in any case, hashing the password exactly once
    whether the name exists, exists in another case, or not at all.

    How long a log-in takes must not say whether its name exists. A backend that tried
    the name as typed and then a second one that tried it in another case would hash the
    password twice for an existing name typed in another case, once for an unknown one:
    twice as long, and the difference shows across the network. So this backend alone
    tries the password, as Django's ModelBackend does (hashing it for nothing when the
    name is unknown), with the name looked up in any case (``named_user``).

    It comes first in AUTHENTICATION_BACKENDS and its answer is final: a failure raises
    PermissionDenied, which stops Django from asking ModelBackend after it (that would
    hash again). ModelBackend stays in the list only so that the sessions it logged in
    stay valid.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        User = get_user_model()
        if username is None:
            username = kwargs.get(User.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = named_user(username)
        if user is None:
            User().set_password(password)  # the time of a hash, as for a name that exists
            raise PermissionDenied
        if user.check_password(password) and self.user_can_authenticate(user):
            return user
        raise PermissionDenied
