"""Starting a run and stealing during one: the overlay the Runner opens every turn, kept small.

An overlay (firmware.app.OVERLAYS): loaded while one of its screens is open.
"""

from engine_lite.state import RUNNER, HQ, RND, ARCHIVES, FIRST_REMOTE, server_name
from engine_lite import actions as A
from firmware.widgets import Menu, Item, NumberPrompt

REMOTES_LISTED = 6


class ServerMenu(Menu):
    """Where the Runner runs."""

    name = "servers"

    def __init__(self):
        Menu.__init__(self, "RUN ON")

    def items(self, app):
        servers = [HQ, RND, ARCHIVES] + [FIRST_REMOTE + i for i in range(REMOTES_LISTED)]
        return [Item(server_name(server), "", True,
                     (lambda server: lambda app: _start_run(app, server))(server))
                for server in servers]


def _start_run(app, server):
    if app.act(A.action(A.RUN, RUNNER, server)):
        app.home()   # the dashboard's bar is now the run's: Succ, Fail, Jack, Steal, More


class StealPrompt(NumberPrompt):
    """How many agenda points the Runner steals."""

    def __init__(self):
        NumberPrompt.__init__(self, "STEAL", "Agenda points", 1, 1, 9, _steal)


def _steal(app, points):
    if app.act(A.action(A.STEAL, RUNNER, points)):
        app.home()
