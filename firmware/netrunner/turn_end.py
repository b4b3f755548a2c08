"""The end of a turn: the rules' END_TURN, then home with a word when the Corp's turn begins.

A module of its own, apart from the pages (firmware.netrunner.pages: the page that asks first
when clicks are left): a held OK on End after the last click, how most turns end, and the
page's OK both end the turn here.
"""

from engine_lite.netrunner.state import CORP
from engine_lite.netrunner import actions as A


def end_turn(app):
    """End the active side's turn. The dashboard already told what to discard, and the other
    side's header lights up with its clicks; the message says whose turn begins: the turn and
    the Corp's mandatory draw, or the Runner's clicks (in the captions' row, which changes then
    anyway: no extra time to the glass)."""
    s = app.game.state
    # With no clicks left the dashboard said "discard to N" before End; with clicks left the
    # rules' note says how many went unused, and what to discard.
    clicks = s.player(s.active).clicks
    # confirmed: a turn's end that ends the game (after time) was asked for by a held OK on End
    if app.act(A.action(A.END_TURN, s.active), quiet=True, notes=clicks > 0, confirmed=True):
        new = app.game.state
        if new.winner < 0:
            app.home()
            if not clicks:
                app.say("Turn %d: Corp draws 1" % new.turn if new.active == CORP
                        else "Runner's turn: %d clicks" % new.runner.clicks)
