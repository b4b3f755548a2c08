"""The Infiltration monitor's other screens: the agents, one agent's events, More, the end with
the ranking and its tie-break and the holdings prompt (a new game starts in firmware.games).
"""

from engine_lite.infiltration import rules as I
from firmware.screens.fonts import SMALL
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, step_of
from firmware.screens.widgets import Menu, Item, NumberPrompt, Confirm, title_bar, hint, centered
from firmware.games import start_game, new_game_items, previous_games
from firmware.history_steps import still_checking
from firmware.screens.logscreen import LogScreen
from firmware.tournament.tournament_menus import TimerMenu

EVENTS = (("Advance", I.ADVANCE), ("Retreat", I.RETREAT), ("Wound", I.WOUND), ("Heal", I.HEAL),
          ("Escape", I.ESCAPE), ("Arrest", I.ARREST))


def _status(s, agent):
    if agent.status != I.INSIDE:
        return I.STATUSES[agent.status]
    text = "wounded" if agent.wounded else "inside"
    if s.delayed(agent):
        text += ", delayed"
    return text


class AgentsMenu(Menu):
    """Every agent and how it is; OK on one: what happens to it."""

    name = "agents"

    def __init__(self):
        Menu.__init__(self, "AGENTS")

    def header(self, app):
        return "*wounded !delayed"

    def items(self, app):
        s = app.game.state
        return [Item("Agent %d" % (i + 1), _status(s, s.agents[i]), True,
                     (lambda p: lambda app: app.push(AgentMenu(p)))(i + 1))
                for i in range(s.players)]


class AgentMenu(Menu):
    """What can happen to one agent; one that cannot happen now is struck through (choosing it
    says why)."""

    name = "agent"

    def __init__(self, player):
        Menu.__init__(self, "AGENT %d" % player)
        self.player = player

    def items(self, app):
        s = app.game.state
        agent = s.agents[self.player - 1]
        inside = agent.status == I.INSIDE and not s.ended
        moves = inside and agent.delayed_round != s.round
        possible = (moves, moves, inside and not agent.wounded, inside and agent.wounded,
                    inside, inside)
        return [Item(EVENTS[i][0], "", possible[i],
                     (lambda verb: lambda app: _event(app, verb, self.player))(EVENTS[i][1]))
                for i in range(len(EVENTS))]


def _event(app, verb, player):
    if app.act((verb, 0, player, 0, 0)):
        app.home()


class MonitorMore(Menu):
    """Everything else: a table die, the displays set by hand, the result, a new game."""

    name = "monitor_more"

    def __init__(self):
        Menu.__init__(self, "MORE")

    def items(self, app):
        s = app.game.state
        return [
            Item("Table die result", "1-6", not s.ended, lambda app: app.push(NumberPrompt(
                "SECURITY", "The die shows", 3, 1, 6, _table_die))),
            Item("Result", "", bool(s.ended), lambda app: app.push(EndScreen())),
            Item("Game log", "", True, _game_log),
            Item("Previous games", "", True, previous_games),
            Item("Round timer", _timer_text(app), True,
                 _timer),
            Item("Undo", "hold<", app.game.count > 0, lambda app: app.undo()),
            Item("Redo", "hold>", bool(app.game.redo_stack), lambda app: app.redo()),
        ] + new_game_items(app)             # New Infiltration, then a New row for each other game


def _game_log(app):
    if app.game.unchecked:            # (the log reads the whole history)
        if still_checking(app):
            return
    app.push(LogScreen())


def _timer(app):
    app.push(TimerMenu())


def _timer_text(app):
    clock = app.round_clock
    return "off" if clock is None else clock.clock_text()


def _table_die(app, die):
    if app.act((I.SECURITY, 0, die, 0, 0)):
        app.home()


def ranking(s):
    """The escaped agents best first: [(player, points, holdings)]; then the others."""
    escaped = [(i + 1, s.agents[i]) for i in range(s.players) if s.agents[i].status == I.ESCAPED]
    escaped.sort(key=lambda pa: (pa[1].points() or 0, pa[1].holdings), reverse=True)
    return [(p, a.points(), a.holdings) for p, a in escaped]


def tie_break(s):
    """Why the winner won, when points alone did not say: "tie at 5: 4 beats 3"."""
    order = ranking(s)
    if len(order) < 2 or order[0][1] != order[1][1] or order[0][1] is None:
        return ""
    first, second = order[0][2], order[1][2]
    for a, b in zip(first, second):
        if a != b:
            return "Tie at %d: %d beats %d" % (order[0][1], a, b)
    return "Tie at %d, same holdings: no winner" % order[0][1]


class EndScreen(Screen):
    """The end: the ranking of the escaped agents, the tie-break, the arrested. OK enters the
    next escaped agent's holdings (the values of its file tokens and special cards)."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "infiltration_end"
    ends_game = True

    def _missing(self, s):
        for i in range(s.players):
            agent = s.agents[i]
            if agent.status == I.ESCAPED and not agent.entered:
                return i + 1
        return 0

    def draw(self, app, fb):
        s = app.game.state
        title_bar(fb, "GAME OVER", "winner: %s" % (s.winner or "none"))
        y = 11
        for player, points, holdings in ranking(s)[:4]:
            text = "Agent %d: %s" % (player, "?" if points is None else "%d points" % points)
            if holdings:
                text += " (%s)" % " ".join(str(v) for v in holdings[:5])
            SMALL.draw(fb, text[:25], 2, y)
            y += 9
        caught = [str(i + 1) for i in range(s.players) if s.agents[i].status == I.ARRESTED]
        if caught:
            SMALL.draw(fb, ("Arrested: " + " ".join(caught))[:25], 2, y)
        missing = self._missing(s)
        if missing:
            hint(fb, "OK: holdings of agent %d" % missing)
        else:
            centered(fb, SMALL, tie_break(s) or ("Nobody escaped" if not ranking(s) else ""), 47)
            hint(fb, "< back  hold < undo")

    def on_button(self, app, name, event):
        missing = self._missing(app.game.state)
        if name == "OK" and event == PRESS and missing:
            app.push(HoldingsPrompt(missing))
        else:
            Screen.on_button(self, app, name, event)


class HoldingsPrompt(Screen):
    """An escaped agent's holdings, one value at a time: UP/DOWN set the value, OK adds it,
    LEFT takes the last one back (or leaves), RIGHT: done."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "holdings"

    def __init__(self, player):
        self.player = player
        self.values = []
        self.value = 1

    def draw(self, app, fb):
        title_bar(fb, "AGENT %d HOLDINGS" % self.player)
        listed = " ".join(str(v) for v in self.values) or "none yet"
        SMALL.draw(fb, listed[:25], 2, 12)
        SMALL.draw(fb, "total %d" % sum(self.values), 2, 21)
        centered(fb, SMALL, "next value: %d" % self.value, 34)
        hint(fb, "^v value OK add > done")

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            value = self.value + step_of(event) * (1 if name == "UP" else -1)
            self.value = max(1, min(I.MAX_VALUE, value))
        elif name == "OK" and event == PRESS and len(self.values) < I.MAX_HOLDINGS:
            self.values.append(self.value)
        elif name == "LEFT" and event == PRESS and self.values:
            self.values.pop()
        elif name == "RIGHT" and event == PRESS:
            if app.act((I.HOLDINGS, 0, self.player, tuple(self.values), 0)):
                app.pop()
        else:
            Screen.on_button(self, app, name, event)
