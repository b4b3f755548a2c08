"""Slips never cost a game (issue 22): keys pressed at random, in any rhythm, from games at
random points.

Hypothesis plays sequences of taps (30-400 ms), holds (0.6-3 s), chords (a second key pressed
while the first is down), taps on the glass (the browser's, played as their keys;
firmware.netrunner.touch), taps inside a save that takes up to 0.9 s (a slow flash), with
0.05-2 s between them, from a Netrunner game at a random point of
the scripted game (a Corp turn, a Runner turn, a run...) or an Infiltration game, with two more
games in the archive. Afterwards, and after a power cut, every game that was there before must
still be one a player can get back (in play, or in More > Previous games) unless the keys
started so many new games that it left the fixed archive (KEEP) by its age; and no Netrunner
turn may have ended without a held OK (End held, or a held-OK confirmation) since the last one,
and the key that wakes a dark glass (after ten minutes, or days: the tick clock wraps) does
nothing else; the settings the keys changed are still there after the power cut.
"""

from hypothesis import given, settings, strategies as st, HealthCheck

from engine_lite.netrunner import actions as A
from engine_lite.game import Game
from engine_lite.logtext import do_line
from firmware.board.buttons import LONG
from host_tools.scripted_game import scripted_game
from host_tools.sim import Simulator
from simhelp import key_script, drive, choose
from strategies import key_events

# Each game starts with three actions a random key sequence will not make again, so that it can
# be told apart from any game the keys start.
SIGNATURES = (("corp gain 13", "runner gain 11", "corp gain 2"),
              ("corp gain 17", "runner gain 9", "runner gain 4"),
              ("runner gain 15", "corp gain 6", "corp gain 3"))
SCRIPT = list(scripted_game(30))


def netrunner_game(signature, actions):
    game = Game()
    for line in signature + tuple(SCRIPT[:actions]):
        do_line(game, line)
    return game


def infiltration_game():
    from engine_lite.infiltration import rules as I
    game = Game(I.new_game(3, 1), I)
    for act in ((I.ALARM, 0, 3, 0, 0), (I.PROXIMITY, 0, 5, 0, 0), (I.ALARM, 0, -1, 0, 0)):
        game.do(act)
    for _ in range(20):                  # more than the keys can undo
        game.do((I.PROXIMITY, 0, 1, 0, 0))
        game.do((I.PROXIMITY, 0, -1, 0, 0))
    return game


def marks(game):
    """What tells a game apart: its first three actions, as bytes (b"" for fewer)."""
    if game.count < 3:
        return bytes(game.history)
    return bytes(game.history[:game.offset_of(3)])


SEQUENCE = key_events(25)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.integers(0, 60), st.just(-1)),
       st.sampled_from(("dashboard", "Previous games", "Settings")), SEQUENCE)
def test_random_keys_at_random_rhythms_lose_no_game_and_end_no_turn_by_themselves(at, menu,
                                                                               events):
    from firmware.saving import archive
    from firmware.app import App
    sim = Simulator()
    sim.run(3000)
    # Two games in the archive (the older second), and the game in play.
    archived = [netrunner_game(SIGNATURES[2], 40), netrunner_game(SIGNATURES[1], 40)]
    for game in archived:
        archive.keep(sim.flash, game)
    playing = infiltration_game() if at < 0 else netrunner_game(SIGNATURES[0], at + 40)
    sim.app.play(playing)
    sim.settle()
    sim.run(3000)
    app = sim.app
    if menu != "dashboard" and at >= 0 and "More" in app.screens[0].bar(app.game.state):
        # the keys start on More > Previous games (its "Reading..." picture, the kept games
        # listed from their lines, one rebuilt and brought back by a held OK) or on More >
        # Settings (values changed, saved, and kept through the power cut)
        choose(sim, "More", menu)
    before = [marks(playing), marks(archived[1]), marks(archived[0])]   # newest first

    seen = []                  # button events since the last turn ended
    replaced = [0]
    problems = []
    on_button, act_do, play = App.on_button, Game.do, App.play

    def watch_button(app, name, event):
        seen.append((name, event))
        return on_button(app, name, event)

    def watch_do(game, act):
        note = act_do(game, act)
        if act[0] == A.END_TURN and game.rules.NAME == "netrunner":
            if ("OK", LONG) not in seen:
                problems.append("a turn ended with no held OK after %s" % seen[-6:])
            seen[:] = []
        return note

    def watch_play(app, game, carry_match=True):
        kept = play(app, game, carry_match)
        replaced[0] += bool(kept)
        return kept

    App.on_button, Game.do, App.play = watch_button, watch_do, watch_play
    try:
        for event, gap in events:
            # A key (or a turn of the knob) on a dark glass only wakes it: the game as it was
            # once the key is up (a touch and two keys moving in a busy loop may press more
            # keys after the first: left out; so is a running round timer, which may call time).
            dark = app.blanked and event[0] in ("tap", "hold", "chord", "stall", "turn")
            game = app.game
            before_key = (bytes(game.history), game.state.pack())
            up = min(gap, 50)                    # (the key's release taken, no more)
            drive(sim, [(event, up)])
            timer = app.round_clock is not None and app.round_clock.running
            if dark and not timer and app.game is game:
                assert (bytes(game.history), game.state.pack()) == before_key, (
                    "the key that woke the dark glass also acted: %s" % key_script([(event, gap)]))
            sim.run(gap - up)
        sim.run(3000)
    finally:
        App.on_button, Game.do, App.play = on_button, act_do, play
    assert not problems, problems[0]
    assert sim.resets == 0 and sim.watchdog_resets == 0, "the firmware restarted"

    sim.settle()
    settings = sim.app.settings.to_dict()
    sim.boot()                                   # a power cut: what a player can get back now
    sim.run(300)
    assert sim.app.settings.to_dict() == settings, "settings lost at a power cut after %s" % (
        key_script(events))
    found = [marks(sim.app.game)] + [marks(game) for _n, game, _s in archive.entries(sim.flash)]
    for age, mark in enumerate(before):
        if age + replaced[0] > archive.KEEP:
            continue                             # pushed out of the archive by newer games
        assert mark in found, "game %d of %s lost after %s" % (age, len(before), key_script(events))
