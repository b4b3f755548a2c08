"""Starting a run and stealing during one: the overlay the Runner opens every turn, kept small.

An overlay (firmware.app.OVERLAYS): loaded while one of its screens is open.
"""

from engine_lite.state import RUNNER, HQ, RND, ARCHIVES, FIRST_REMOTE, server_name, SIDE_NAMES
from engine_lite import actions as A
from firmware.widgets import Menu, Item, NumberPrompt, Confirm

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


class AgendaPrompt(NumberPrompt):
    """How many agenda points a side scores, steals or forfeits. It starts at 2 (where most
    agendas are), and a number that would win the game asks first: holding UP (5 at a time)
    cannot end a game by accident."""

    TYPICAL = 2

    def __init__(self, title, verb, side):
        NumberPrompt.__init__(self, title, "Agenda points", self.TYPICAL, 1, 9, self._chosen)
        self.verb = verb
        self.side = side

    def _chosen(self, app, points):
        s = app.game.state
        act = A.action(self.verb, self.side, points)
        if self.verb != A.FORFEIT and s.player(self.side).agenda_points + points >= s.agenda_target:
            app.push(Confirm("WIN?", "%s reaches %d points and wins the game" % (
                SIDE_NAMES[self.side], s.player(self.side).agenda_points + points),
                lambda app: _act_home(app, act)))
        else:
            _act_home(app, act)


def _act_home(app, act):
    if app.act(act):
        app.home()     # during a run: the run's bar, on Succ
        app.screens[0].cursor = 0


class StealPrompt(AgendaPrompt):
    """How many agenda points the Runner steals (Steal, on the run's bar)."""

    def __init__(self):
        AgendaPrompt.__init__(self, "STEAL", A.STEAL, RUNNER)
