"""Every screen at the limits of the game's numbers: nothing clips.

Each counter at 999 (agenda points just short of the target, or 999 on the win screen), the
hand-size modifiers at +-99, 10 clicks a turn, turn 9,999, a run on the last remote with 999
bad-publicity credits, a number of -999 waiting for its purpose. Every screen is drawn whole and
each piece of text it draws is checked: on the glass, and clear of every other piece of text.
"""

import pytest

from engine_lite.game import Game
from engine_lite.netrunner.state import GameState, CORP, RUNNER, FIRST_REMOTE, MAX_REMOTES, WIN_AGENDA
from engine_lite.netrunner import actions as A
from firmware.screens import fonts
from firmware.screens.ui import WIDTH, HEIGHT
from simhelp import play

LAST_REMOTE = FIRST_REMOTE + MAX_REMOTES - 1


def limit_state(active=CORP, run=False, access=False, clicks=10, modifier=99, won=False):
    """A state with every number at its limit."""
    s = GameState()
    s.turn = 9999
    s.active = active
    s.agenda_target = 99
    for side in (CORP, RUNNER):
        p = s.player(side)
        p.credits = 999
        p.clicks_per_turn = 10
        p.clicks = clicks if side == active else 0
        p.agenda_points = 999 if won and side == active else 98
        p.hand_size_mod = modifier
    s.corp.bad_publicity = 999
    s.corp.rnd = 999
    r = s.runner
    r.tags = r.brain_damage = r.link = r.mu = r.grip = 999
    if run:
        s.run_server = LAST_REMOTE
        s.run_bp_credits = 999
        s.run_access = 1 if access else 0
    if won:
        s.winner = active
        s.win_reason = WIN_AGENDA
    s.trace_strength, s.trace_link, s.trace_success = 2 * 999 + 99, 2 * 999, 1
    return s


LONG_HISTORY = [
    A.action(A.INSTALL_ICE, CORP, 999, 999), A.action(A.SET, RUNNER, 4, 104),
    A.action(A.ABILITY, RUNNER, 10, 999), A.action(A.DAMAGE, RUNNER, A.DAMAGE_BRAIN, 999),
    A.action(A.TRACE, CORP, 30, 999, 999), A.action(A.RUN_EVENT, RUNNER, LAST_REMOTE, 999),
    A.action(A.HAND_SIZE, CORP, -99), A.action(A.AGENDA_TARGET, CORP, 99),
]


class TextBoxes:
    """Records the box of every piece of text drawn while it is installed."""

    def __init__(self, monkeypatch):
        self.boxes = []
        draw = fonts.Font.draw
        boxes = self.boxes

        def recording(font, fb, text, x, y, color=1):
            boxes.append((x, y, font.measure(text), font.height, text))
            return draw(font, fb, text, x, y, color)
        monkeypatch.setattr(fonts.Font, "draw", recording)

    def problems(self):
        found = []
        boxes = [b for b in self.boxes if b[2] and b[4].strip()]
        for x, y, w, h, text in boxes:
            if x < 0 or y < 0 or x + w > WIDTH or y + h > HEIGHT:
                found.append("off the glass: %r at %d,%d" % (text, x, y))
        for i in range(len(boxes)):
            x, y, w, h, text = boxes[i]
            for x2, y2, w2, h2, text2 in boxes[i + 1:]:
                # glyph cells carry a blank column at right: a touch is not an overlap
                if x < x2 + w2 - 1 and x2 < x + w - 1 and y < y2 + h2 and y2 < y + h:
                    found.append("overlap: %r at %d,%d and %r at %d,%d" % (text, x, y, text2, x2, y2))
        return found


def render(sim, state, screen=None, history=(), pending=None, setup=None):
    """Draw the screen whole on the given state; returns the text boxes' problems."""
    game = Game(state)
    for act in history:        # logged as they were, whatever the state now (the log's lines)
        game.rules.encode(act, game.history)
        game.count += 1
    app = sim.app
    app.game = game
    app.toast = None
    del app.screens[1:]
    dashboard = app.screens[0]
    dashboard.pending = None
    dashboard._bar_mode = None
    if pending is not None:
        from firmware.netrunner.purposes import Pending
        dashboard.pending = Pending()
        dashboard.pending.change(state, pending)
    if setup:
        setup(dashboard)
    if screen is not None:
        module, name, args = screen
        import importlib
        app.push(getattr(importlib.import_module(module), name)(*args))
    app.full_redraw = True
    return app


DASHBOARDS = [
    ("Corp's turn, 10 clicks", dict(), None, None),
    ("Runner's turn, Run lit", dict(active=RUNNER), None, lambda d: setattr(d, "cursor", 2)),
    ("no clicks left, hand -94", dict(active=RUNNER, clicks=0, modifier=-99), None, None),
    ("a run on the last remote", dict(active=RUNNER, run=True), None, None),
    ("a run, Trace lit", dict(active=RUNNER, run=True), None, lambda d: setattr(d, "cursor", 4)),
    ("access, two cards, Steal lit", dict(active=RUNNER, run=True, access=True), None,
     lambda d: (setattr(d, "to_access", 99), setattr(d, "cursor", 1))),
    ("a number of -999", dict(), -999, None),
    ("a number of +999", dict(active=RUNNER, run=True), 999, None),
    ("a number in access", dict(active=RUNNER, run=True, access=True), -999, None),
]


@pytest.mark.parametrize("name,kwargs,pending,setup", DASHBOARDS, ids=[d[0] for d in DASHBOARDS])
def test_the_dashboard_at_the_limits_clips_nothing(monkeypatch, name, kwargs, pending, setup):
    sim = play("")
    boxes = TextBoxes(monkeypatch)
    app = render(sim, limit_state(**kwargs), pending=pending, setup=setup)
    app.render()
    assert boxes.problems() == []


SCREENS = [
    ("firmware.netrunner.menus", "ActionMenu", (CORP,)), ("firmware.netrunner.menus", "ActionMenu", (RUNNER,)),
    ("firmware.netrunner.menus", "MoreMenu", ()), ("firmware.netrunner.menus", "TokensMenu", ()),
    ("firmware.netrunner.menus", "AgendaMenu", ()), ("firmware.netrunner.menus", "CountersMenu", ()),
    ("firmware.settings_menu", "SettingsMenu", ()), ("firmware.netrunner.pages", "EndTurn", ()),
    ("firmware.screens.logscreen", "LogScreen", ()), ("firmware.netrunner.trace", "TraceWizard", (30,)),
    ("firmware.netrunner.trace", "TraceResult", ()), ("firmware.netrunner.runs", "ServerMenu", (999,)),
    ("firmware.netrunner.runs", "AgendaPrompt", ("FORFEIT", A.FORFEIT, RUNNER)),
]


@pytest.mark.parametrize("screen", SCREENS, ids=["%s(%s)" % (s[1], s[2]) for s in SCREENS])
def test_every_screen_at_the_limits_clips_nothing(monkeypatch, screen):
    sim = play("")
    boxes = TextBoxes(monkeypatch)
    app = render(sim, limit_state(), screen=screen, history=LONG_HISTORY)
    if screen[1] == "TraceWizard":
        app.screen.values = [30, 999, 999]
        app.screen.field = 2             # the Runner's row: the summary line, at its longest
    app.render()
    assert boxes.problems() == []


def test_the_win_screen_at_the_limits_clips_nothing(monkeypatch):
    sim = play("")
    boxes = TextBoxes(monkeypatch)
    app = render(sim, limit_state(active=RUNNER, won=True), screen=("firmware.netrunner.pages", "WinScreen", ()))
    app.render()
    assert boxes.problems() == []


def test_click_pips_while_they_fit_then_a_number(monkeypatch):
    """The Corp's 3 clicks and a Runner's 5 are pips; 10 do not fit: a number."""
    sim = play("")
    boxes = TextBoxes(monkeypatch)
    for side, clicks, pips in ((CORP, 3, True), (RUNNER, 5, True), (RUNNER, 10, False)):
        state = limit_state(active=side)
        state.player(side).clicks_per_turn = state.player(side).clicks = clicks
        boxes.boxes[:] = []
        render(sim, state).render()
        numbers = [b for b in boxes.boxes if b[4] == str(clicks) and b[1] == 0]
        assert bool(numbers) != pips, (side, clicks)
