"""Damage to the Runner, and the question a flatline by the grip's count asks first.

Reached from the dashboard's number ring (UP, then Net, Meat or Brain) and from More > Tags &
damage.
"""

from engine_lite.netrunner.state import RUNNER
from engine_lite.netrunner import actions as A
from firmware.screens.widgets import Confirm, act_then_home, ask
from firmware.board.buttons import PRESS
from engine_lite.netrunner.golden import counters


def damage_then(app, kind, amount):
    """Damage to the Runner. When the grip's count says it flatlines, the count is asked about
    first: it is followed from the start hand, draws, installs and discards, but a card that
    draws or discards by its own text can put it off, and a flatline ends the game."""
    s = app.game.state
    grip = s.runner.grip
    act = A.action(A.DAMAGE, RUNNER, kind, amount)
    if 0 <= grip < amount and not app.game.rules.over(s):
        app.push(FlatlineCheck(act, grip))
    elif (grip < 0 and kind != A.DAMAGE_BRAIN and amount >= s.runner.max_hand_size()
          and not app.game.rules.over(s)):
        # The grip is not followed, and this much could flatline a Runner holding a hand:
        # asked, never passed by unseen (issue 35)
        app.push(UncountedFlatline(act))
    else:
        act_then_home(app, act)


class UncountedFlatline(Confirm):
    """"6 meat damage: fewer cards in the grip? Flatlined": the grip is not followed, so the
    table says. A held OK: flatlined (the grip's count is set to the cards it had: none more
    than the damage, and the damage done); LEFT: the damage only."""

    name = "flatline"
    keys = "hold OK flatlined  < no"

    def __init__(self, act):
        Confirm.__init__(self, "FLATLINE?", "%d %s damage: more than the Runner's cards?" % (
            act[3], A.DAMAGE_KINDS[act[2]]), self._flatlined, hold=True)
        self.act = act

    def _flatlined(self, app):
        index = [c[1] for c in counters(RUNNER)].index("grip")
        if app.act(A.action(A.SET, RUNNER, index, self.act[3] - 1), quiet=True):
            app._confirmed(self.act)

    def on_button(self, app, name, event):
        if name == "LEFT" and event == PRESS:
            app.pop()
            act_then_home(app, self.act)      # no flatline: the damage, as it is
            return
        Confirm.on_button(self, app, name, event)


class FlatlineCheck(Confirm):
    """"3 net damage, 2 cards in grip: flatlined?" A held OK says yes (the Corp wins); LEFT
    says the count is wrong: the cards really in the grip are asked for, set, and the damage
    done against them (asked once: a flatline by the corrected count still asks with a held
    OK, as every game-ending action does)."""

    name = "flatline"

    def __init__(self, act, grip):
        Confirm.__init__(self, "FLATLINE?", "%d %s damage, %d in grip (counted): flatlined?" % (
            act[3], A.DAMAGE_KINDS[act[2]], grip), lambda app: app._confirmed(act), hold=True)
        self.act = act
        self.grip = grip

    keys = "hold OK yes  < grip count"

    def on_button(self, app, name, event):
        if name == "LEFT" and event == PRESS:
            act = self.act
            app.pop()

            def counted(app, cards):
                index = [c[1] for c in counters(RUNNER)].index("grip")
                if app.act(A.action(A.SET, RUNNER, index, cards)):
                    app.pop()
                    act_then_home(app, act)
            ask(app, "GRIP", "Cards in grip", 0, 99, counted, value=self.grip)
            return
        Confirm.on_button(self, app, name, event)
