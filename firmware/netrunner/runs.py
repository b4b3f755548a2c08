"""Choosing where to run (a run made by an event, too) and how many agenda points to score, steal
or forfeit."""

from engine_lite.netrunner.state import RUNNER, HQ, RND, ARCHIVES, FIRST_REMOTE, server_name
from engine_lite.netrunner import actions as A
from firmware.screens.widgets import Menu, Item, NumberPrompt
from firmware.netrunner.purposes import points_action, points_then

REMOTES_LISTED = 6


class ServerMenu(Menu):
    """Where the Runner runs; with an event's cost, the run is made by that event (The
    Maker's Eye, Legwork...): its click, not a second one."""

    name = "servers"

    def __init__(self, event_cost=-1):
        Menu.__init__(self, "RUN ON" if event_cost < 0 else "EVENT: RUN ON")
        self.event_cost = event_cost

    def items(self, app):
        servers = [HQ, RND, ARCHIVES] + [FIRST_REMOTE + i for i in range(REMOTES_LISTED)]
        cost = self.event_cost
        return [Item(server_name(server), "", True,
                     (lambda server: lambda app: _start_run(app, server, cost))(server))
                for server in servers]


def _start_run(app, server, cost):
    act = A.action(A.RUN, RUNNER, server) if cost < 0 else A.action(A.RUN_EVENT, RUNNER, server, cost)
    if app.act(act):
        app.home()   # the dashboard's bar is now the run's: Access, Rez, Fail, More, Trace


class AgendaPrompt(NumberPrompt):
    """How many agenda points a side scores, steals or forfeits. It starts at 2 (where most
    agendas are), and a number that would win the game asks first: holding UP (5 at a time)
    cannot end a game by accident."""

    TYPICAL = 2
    hold_limit = 3     # an agenda's worth a hold: more takes a second, deliberate hold

    def __init__(self, title, verb, side):
        NumberPrompt.__init__(self, title, "Agenda points", self.TYPICAL, 1, 9, self._chosen)
        self.verb = verb
        self.side = side
        self.describe = self._needs

    def _needs(self, points):
        """Where that leaves the side against the agenda target ("3 + 2 = 5 of 7 to win")."""
        s = self._state
        has = s.player(self.side).agenda_points
        if self.verb == A.FORFEIT:
            return "%d - %d = %d of %d to win" % (has, points, max(0, has - points),
                                                  s.agenda_target)
        return "%d + %d = %d of %d to win" % (has, points, has + points, s.agenda_target)

    def draw(self, app, fb):
        self._state = app.game.state
        NumberPrompt.draw(self, app, fb)

    def _chosen(self, app, points):
        points_then(app, points_action(app.game.state, self.verb, self.side, points))
