"""Menus: the active side's actions, servers to run on, tokens and damage, agenda points,
counters, settings.

Every basic action is listed with its cost; one the side cannot take now is struck through, and
choosing it anyway shows the rules' reason. After an action the dashboard comes back and the
bottom line says what happened.
"""

from engine_lite.netrunner.state import CORP, RUNNER, SIDE_NAMES, ADVANCED_REMOTES, NOT_TRACKED
from engine_lite.netrunner import actions as A
from engine_lite.netrunner.golden import rows, tokens
from engine_lite.netrunner.rules import advance_action
from firmware.games import new_game_items, previous_games
from firmware.history_steps import still_checking
from firmware.netrunner.damage import damage_then
from firmware.netrunner.pages import EndTurn
from firmware.netrunner.purposes import ice_then
from firmware.netrunner.runs import AgendaPrompt, ServerMenu
from firmware.netrunner.trace import TraceWizard
from firmware.screens.fonts import MID
from firmware.screens.logscreen import LogScreen
from firmware.screens.widgets import Menu, Item, Confirm, act_then_home, ask
from firmware.settings_menu import SettingsMenu
from firmware.tournament.tournament_menus import TournamentMenu


def ask_then_act(app, title, label, verb, side, low=0, high=99):
    """Ask for one number, then do verb(side, number) and go home."""
    ask(app, title, label, low, high, lambda app, n: act_then_home(app, A.action(verb, side, n)))


def _can(s, side, clicks, credits=0):
    """Whether the side could pay clicks and credits for an action now."""
    me = s.player(side)
    return (s.active == side and not s.in_run() and me.clicks >= clicks and me.credits >= credits)


class ActionMenu(Menu):
    """The basic actions of one side, most used first, with their costs."""

    name = "actions"

    def __init__(self, side):
        Menu.__init__(self, "%s ACTIONS" % SIDE_NAMES[side].upper())
        self.side = side

    def header(self, app):
        # What the cost column says, "1+X": a click and X credits (the dashboard shows what
        # the side has; an action it cannot pay for now is struck through).
        return "click+cr"

    def items(self, app):
        s = app.game.state
        side = self.side
        # (each answer worked out once: a call costs on a Pico, and a menu's items are made at
        # every draw and key; make bench: press to photon, a menu opening)
        one = _can(s, side, 1)
        tag_cost = _can(s, side, 1, 2) and s.runner.tags > 0
        simple = lambda verb: (lambda app: act_then_home(app, A.action(verb, side)))
        items = [
            Item("+1 credit", "1", one, simple(A.GAIN_CREDIT)),
            Item("Draw a card", "1", one, simple(A.DRAW)),
            Item("Use a click", "1", one,
                 lambda app: act_then_home(app, A.action(A.ABILITY, side, 1, 0))),
        ]
        if side == RUNNER:
            items += [
                Item("Run...", "1", one,
                     lambda app: _run(app)),
                Item("Run event", "1+X", one,
                     lambda app: ask(app, "RUN EVENT", "Event cost (credits)", 0, 99,
                                     lambda app, cost: _run(app, cost))),
                Item("Install", "1+X", one,
                     lambda app: ask_then_act(app, "INSTALL", "Install cost (credits)", A.INSTALL, side)),
                Item("Play event", "1+X", one,
                     lambda app: ask_then_act(app, "PLAY EVENT", "Play cost (credits)", A.PLAY, side)),
                Item("Remove tag", "1+2", tag_cost,
                     simple(A.REMOVE_TAG)),
            ]
        else:
            # What only this menu does comes first (the dashboard has +1 credit, draw, install,
            # advance, rez and score a press or two away): purging (make bench: purge, 4
            # presses). Every row stays where it is whatever the state: with the Runner tagged,
            # Trash resource came first, and the recipes a hand knows (Acts, OK: purge) did
            # something else (issue 60). A tagged Runner's resource is two presses from the
            # dashboard anyway (DOWN, DOWN, OK).
            items.insert(0, Item("Purge viruses", "3", _can(s, side, 3), _purge))
            items += [
                Item("Install", "1+X", one,
                     lambda app: ask_then_act(app, "INSTALL", "Install cost (credits)", A.INSTALL, side)),
                Item("Install ice", "1+X", one, _install_ice),
                Item("Play operation", "1+X", one,
                     lambda app: ask_then_act(app, "PLAY", "Play cost (credits)", A.PLAY, side)),
                Item("Advance", "1+1", _can(s, side, 1, 1), lambda app: _advance(app, side)),
            ]
            items.append(Item("Trash resource", "1+2", tag_cost, simple(A.TRASH_RESOURCE)))
            items += [
                Item("Rez a card", "0+X", True,
                     lambda app: ask_then_act(app, "REZ", "Rez cost (credits)", A.REZ, side)),
                Item("Score agenda", "0", True,
                     lambda app: _agenda_prompt(app, "SCORE", A.SCORE, side)),
            ]
        items += [
            Item("Card ability", "X+X", True, lambda app: _ability(app, side)),
            Item("Pay credits", "0+X", True,
                 lambda app: ask_then_act(app, "PAY", "Credits to pay", A.PAY, side, 1)),
            Item("End turn", "", s.active == side, lambda app: _end_turn(app)),
        ]
        return items


def _end_turn(app):
    app.pop()
    app.push(EndTurn())


def _advance(app, side):
    """Advance a card: which remote's (its counters kept), 0 for a card elsewhere (ice, say)."""
    def done(app, remote):
        act_then_home(app, advance_action(side, remote))
    corp = app.game.state.corp
    ask(app, "ADVANCE", "Remote (0: elsewhere)", 0, ADVANCED_REMOTES, done, value=1,
        describe=lambda n: "has %d" % corp.advancements(n) if n else "counters not kept")


def _install_ice(app):
    def with_cost(app, cost):
        ice_then(app, cost, 0)        # (from the menu: from no ice)
    ask(app, "INSTALL ICE", "Install cost (credits)", 0, 99, with_cost)


def _ability(app, side):
    def with_clicks(app, clicks):
        ask(app, "CARD ABILITY", "Credits it costs", 0, 99,
            lambda app, credits: act_then_home(app, A.action(A.ABILITY, side, clicks, credits)))
    ask(app, "CARD ABILITY", "Clicks it costs", 0, 9, with_clicks)


# The screens these menus open.

def _run(app, cost=-1):
    app.push(ServerMenu(cost))


def _agenda_prompt(app, title, verb, side):
    app.push(AgendaPrompt(title, verb, side))


def _trace(app):
    app.push(TraceWizard())


def _tournament(app):
    app.push(TournamentMenu())


def game_log(app):
    """Open the game log (either game's More menu)."""
    if app.game.unchecked:            # (the log reads the whole history)
        if still_checking(app):
            return
    app.push(LogScreen())


class MoreMenu(Menu):
    """Everything that is not a basic action."""

    name = "more"

    def __init__(self):
        Menu.__init__(self, "MORE")

    def items(self, app):
        return [
            Item("Trace", "", True, _trace),
            Item("Tags & damage", "", True, lambda app: app.push(TokensMenu())),
            Item("Agenda points", "", True, lambda app: app.push(AgendaMenu())),
            Item("Counters", "", True, lambda app: app.push(CountersMenu())),
            Item("Undo", "hold<", app.game.count > 0, lambda app: app.undo()),
            Item("Redo", "hold>", bool(app.game.redo_stack), lambda app: app.redo()),
            Item("Game log", "", True, game_log),
            Item("Previous games", "", True, previous_games),
            Item("Tournament", "", True,
                 _tournament),
            Item("Settings", "", True, _settings),
        ] + new_game_items(app)             # New game, then a New row for each other game


def _purge(app):
    """Purge viruses: with no virus counters on the tracker, three clicks for nothing is a slip
    more often than a purge (issue 60: Acts, OK, OK spent them without a word), so it asks, and
    only a held OK does it."""
    if app.game.state.runner.virus:
        act_then_home(app, A.action(A.PURGE, CORP))
        return
    app.push(Confirm("PURGE", "No virus counters on the tracker. Purge anyway, for 3 clicks?",
                     lambda app: act_then_home(app, A.action(A.PURGE, CORP)), hold=True))


def _settings(app):
    app.push(SettingsMenu())


class TokensMenu(Menu):
    """Tags, damage, bad publicity and the tokens on cards (virus counters...)."""

    name = "tokens"
    # The counts are what a player comes here for (a purge's virus counters, the tags a trace
    # gave): 12 px, as the dashboard's (issue 61), four rows to a screen.
    NOTE_FONT = MID
    ROWS = 4
    ROW_HEIGHT = 13

    def __init__(self):
        Menu.__init__(self, "TAGS & DAMAGE")

    def items(self, app):
        s = app.game.state
        go = lambda act: (lambda app: app.act(act))
        damage = lambda kind: (lambda app: ask(
            app, "%s DAMAGE" % A.DAMAGE_KINDS[kind].upper(), "Damage", 1, 20,
            lambda app, n: damage_then(app, kind, n)))
        items = [
            Item("Tag +1", "%d" % s.runner.tags, True, go(A.action(A.TAGS, RUNNER, 1))),
            Item("Tag -1", "", s.runner.tags > 0, go(A.action(A.TAGS, RUNNER, -1))),
            Item("Net damage", "", True, damage(A.DAMAGE_NET)),
            Item("Meat damage", "", True, damage(A.DAMAGE_MEAT)),
            Item("Brain damage", "%d" % s.runner.brain_damage, True, damage(A.DAMAGE_BRAIN)),
            Item("Bad publicity +1", "%d" % s.corp.bad_publicity, True,
                 go(A.action(A.BAD_PUBLICITY, CORP, 1))),
            Item("Bad publicity -1", "", s.corp.bad_publicity > 0,
                 go(A.action(A.BAD_PUBLICITY, CORP, -1))),
        ]
        # the tokens cards carry (the token column of engine_lite.netrunner.state's tables), each side's
        # told together: "Virus counter +1" (a purge takes them all), "Corp power +1" (the
        # Corp's are named so, "counter" would not fit)...
        for side in (RUNNER, CORP):
            for index, attr, token in tokens(side):
                n = getattr(s.player(side), attr)
                name = "Corp " + token if side == CORP else token[0].upper() + token[1:] + " counter"
                items.append(Item(name + " +1", "%d" % n, True,
                                  go(A.action(A.COUNTER, side, index, 1))))
                items.append(Item(name + " -1", "", n > 0, go(A.action(A.COUNTER, side, index, -1))))
        return items


class AgendaMenu(Menu):
    """Scoring, stealing and forfeiting agendas."""

    name = "agenda"

    def __init__(self):
        Menu.__init__(self, "AGENDA POINTS")

    def items(self, app):
        s = app.game.state
        points = lambda title, verb, side: (lambda app: _agenda_prompt(app, title, verb, side))
        return [
            Item("Corp scores", "%d" % s.corp.agenda_points, True, points("SCORE", A.SCORE, CORP)),
            Item("Runner steals", "%d" % s.runner.agenda_points, True,
                 points("STEAL", A.STEAL, RUNNER)),
            Item("Corp forfeits", "", s.corp.agenda_points > 0, points("FORFEIT", A.FORFEIT, CORP)),
            Item("Runner forfeits", "", s.runner.agenda_points > 0,
                 points("FORFEIT", A.FORFEIT, RUNNER)),
        ]


# The Counters menu's rows, made at its first opening (_counter_rows): 26 of them, 2 ms on a Pico
# to sort out (make bench: menus+mixed, the OK that opens Counters).
_COUNTER_ROWS = []


def _counter_rows():
    """The Counters menu's rows, as (side, index among the side's counters, row of
    engine_lite.netrunner.state's table of numbers): the Corp's counters, the Runner's, then the remotes' advancement
    counters (set when a card places some, Shipment from SanSan say: rarely, so last)."""
    if not _COUNTER_ROWS:
        for last in (False, True):
            for side in (CORP, RUNNER):
                side_rows = rows(side)
                for index in range(len(side_rows)):
                    row = side_rows[index]
                    if row[0].endswith("_advancements") == last:
                        _COUNTER_ROWS.append((side, index, row))
    return _COUNTER_ROWS


class _CounterItems:
    """The Counters menu's items, each made when the menu draws or chooses it: it has 26 and
    shows 5 (making them all took 4 ms of every press in it on a Pico: make bench, menus+mixed,
    the OK that opens Counters)."""

    def __init__(self, state):
        self.state = state
        self.rows = _counter_rows()

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, index):
        side, at, row = self.rows[index]         # (IndexError past the last: iteration ends)
        value = self.state.player(side).shown(row[0])
        note = "off" if value < 0 and row[2] == NOT_TRACKED else str(value)
        return Item(row[6], note, True, lambda app: _edit_counter(app, side, at, value, row))


class CountersMenu(Menu):
    """Every number the tracker keeps, set by hand (card text beats the rules)."""

    name = "counters"

    def __init__(self):
        Menu.__init__(self, "COUNTERS")

    def items(self, app):
        return _CounterItems(app.game.state)


def _edit_counter(app, side, index, value, row):
    """Ask for a counter's new value (`row`: its row of FIELDS; R&D and the grip may be off)."""
    tracked = row[2] == NOT_TRACKED
    describe = (lambda v: "not tracked" if v < 0 else "") if tracked else None
    ask(app, "SET", row[6], -1 if tracked else 0, 999,
        lambda app, n: app.act(A.action(A.SET, side, index, n)) and app.pop(),
        value=max(value, -1 if tracked else 0), describe=describe)
