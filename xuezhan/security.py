"""Response headers that Django 5.2 does not set by itself."""

from django.conf import settings


class ContentSecurityPolicyMiddleware:
    """Adds ``settings.CONTENT_SECURITY_POLICY`` to every response that has none: a
    script that an attacker slips into a page (a user name, a room name) cannot run,
    and nothing loads from another host."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
