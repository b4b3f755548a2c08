"""The rarer steps through a game's history: waiting while a saved history is still being
checked, and undo stepping around the round's time call."""

from engine_lite.base import Refused

CHECK_NOW = 16          # actions of a saved history checked inside a press (~3 ms each on a
                        # Pico); more are left to the pauses (firmware.main.Device.check_history)


def still_checking(app):
    """While the history a game was resumed or brought back with is still being checked
    (between presses), what needs all of it (undo, the log) waits, and says how far the check
    is: done in one go, a 3,300-action game froze the keys for seconds and the watchdog reset
    the board (issue 36). True then."""
    pending = app.game._unchecked
    if pending is None or pending[4] - pending[0] <= CHECK_NOW:
        app.game.check_all()        # (none left, or a few: well within a press)
        return False
    app.say("Checking the save: %d%%. Try again soon" % (
        pending[0] * 100 // pending[4]))
    return True


def undo_around(app, describe):
    """Undo steps around the round's time call: the action before it is undone (and can be
    redone), the time stays called (issue 35: an undo took the call back, and the timer at 0
    never called it again)."""
    game = app.game
    if game.count < 2:
        app.say("Time was called: undo stops there", error=True)
        return
    rules = game.rules
    after = game.state.pack()
    try:
        called = game.undo()
        game.redo_stack.pop()
        act = game.undo()
        game.replay((called,))
        # The call goes before `act` only where that is the same game: with `act` redone it
        # must come to where it was. An end of turn it would cross is not (issue 58: the call
        # moved into the other side's turn, and that side lost its last turn).
        try:
            same = rules.apply(game.state, act)[0].pack() == after
        except Refused:
            same = False
        if not same:
            game.undo()
            game.redo_stack.pop()
            game.replay((act, called))
            game.redo_stack.pop()
            app.say("Time was called in this turn: undo stops there", error=True)
            return
    except Refused as refused:
        app.say(str(refused), error=True)
        return
    app.changed()
    app.say("Undid: " + describe(act, None, game.rules) + ". Time stays called")
