"""Every number a side keeps, tested from its row of engine_lite.netrunner.state's tables (CORP_FIELDS,
RUNNER_FIELDS): a new row is tested here without a new test.

- The tokens cards carry (the token column: virus counters...) are placed and removed from the
  Tokens menu, named on the glass as they change, shown on the dashboard while not 0, undone,
  logged, reported and saved.
- Every side's number is set from the Counters menu, under its label, and saved.
"""

import json

import pytest

from engine_lite.netrunner import actions as A
from engine_lite.netrunner import golden
from engine_lite import snapshot
from engine_lite.game import Game
from engine_lite.logtext import log_text
from host_tools.replay import replay_lines
from engine_lite.netrunner.report import state_dict
from engine_lite.netrunner.state import CORP, RUNNER, SIDE_NAMES, NOT_TRACKED
from glass_reader import glass_text
from simhelp import play, choose

TOKENS = [(side, index, attr, token) for side in (CORP, RUNNER)
          for index, attr, token in golden.tokens(side)]
NUMBERS = [(side, index, row) for side in (CORP, RUNNER)
           for index, row in enumerate(golden.rows(side))]


def token_row(side, token, sign):
    """The Tokens menu's row for a token, as the player reads it."""
    name = "Corp " + token if side == CORP else token[0].upper() + token[1:] + " counter"
    return "%s %s1" % (name, sign)


def test_the_tables_have_tokens_to_test_and_their_menu_rows_fit_the_glass():
    from firmware.screens.widgets import MEDIUM
    from firmware.screens.fonts import SMALL
    assert "virus" in [t[3] for t in TOKENS]
    for side, index, attr, token in TOKENS:
        for sign in "+-":     # (the row starts at x 6; its count at the right, 5 from the edge)
            assert 6 + MEDIUM.measure(token_row(side, token, sign)) + 2 + SMALL.measure("999") \
                + 5 <= 128, token_row(side, token, sign)


@pytest.mark.parametrize("side, index, attr, token", TOKENS,
                         ids=["%s-%s" % (SIDE_NAMES[t[0]], t[3]) for t in TOKENS])
def test_a_token_is_placed_seen_on_the_dashboard_undone_logged_and_saved(side, index, attr,
                                                                          token):
    sim = play("")
    for placed in (1, 2):
        choose(sim, "More", "Tags & damage", token_row(side, token, "+"))
        said = "%s placed 1 %s counter" % (SIDE_NAMES[side], token)
        assert said in glass_text(sim.oled).replace("\n", " ")       # named as it changes
        sim.keys("LEFT,LEFT")                                          # back home
        sim.run(4000)                                                  # the message gone
        assert sim.app.screen is sim.app.screens[0]
        assert "%s %d" % (token, placed) in glass_text(sim.oled)      # on the dashboard
    game = sim.app.game
    assert getattr(game.state.player(side), attr) == 2
    assert state_dict(game.state)[SIDE_NAMES[side].lower()][attr] == 2
    line = "%s counter %s +1" % (SIDE_NAMES[side].lower(), golden.counters(side)[index][0])
    assert log_text(game).count(line) == 2
    replayed, problems = replay_lines(log_text(game).split("\n"))
    assert problems == [] and replayed.state.pack() == game.state.pack()
    loaded = snapshot.loads(snapshot.dumps(game))
    assert getattr(loaded.state.player(side), attr) == 2
    choose(sim, "More", "Tags & damage", token_row(side, token, "-"))
    assert "%s removed 1 %s counter" % (SIDE_NAMES[side], token) in (
        glass_text(sim.oled).replace("\n", " "))
    sim.keys("LEFT,LEFT")
    sim.keys("LONG:LEFT")                                    # undo: the counter is back
    sim.run(4000)
    assert getattr(game.state.player(side), attr) == 2
    assert "%s 2" % token in glass_text(sim.oled)
    for _ in range(2):
        choose(sim, "More", "Tags & damage", token_row(side, token, "-"))
        sim.keys("LEFT,LEFT")
    sim.run(4000)
    assert token not in glass_text(sim.oled)                 # at 0: the captions are back
    assert "credits" in glass_text(sim.oled)
    before = game.state.pack()
    with pytest.raises(Exception) as refused:
        game.do(A.action(A.COUNTER, side, index, -1))
    assert "Only 0 %s counters to remove" % token in str(refused.value)
    assert game.state.pack() == before


@pytest.mark.parametrize("side, index, row", NUMBERS,
                         ids=["%s-%s" % (SIDE_NAMES[n[0]], n[2][0]) for n in NUMBERS])
def test_every_sides_number_is_set_from_the_counters_menu_under_its_label(side, index, row):
    attr, label = row[0], row[6]
    game = Game()
    value = 3 if attr != "hand_size_mod" else 7         # (the hand size is set as the maximum)
    game.do(A.action(A.SET, side, index, value))
    player = game.state.player(side)
    shown = player.max_hand_size() if attr == "hand_size_mod" else getattr(player, attr)
    assert shown == value
    sim = play("")
    sim.app.play(game)
    sim.run(300)
    choose(sim, "More", "Counters")
    notes = {item.label: item.note for item in sim.app.screen.items(sim.app)}
    assert notes[label] == str(value)
    loaded = snapshot.loads(snapshot.dumps(game))
    assert loaded.state.pack() == game.state.pack()
    if row[2] == NOT_TRACKED:                           # a card count may be switched off
        game.do(A.action(A.SET, side, index, -1))
        assert getattr(game.state.player(side), attr) == NOT_TRACKED
    assert json.loads(json.dumps(state_dict(game.state)))
