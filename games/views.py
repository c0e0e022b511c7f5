from django.shortcuts import render


def lobby(request):
    """The lobby: open to everyone; sitting at a table needs an account."""
    return render(request, "games/lobby.html")
