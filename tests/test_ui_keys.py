"""The keys and the glass themselves: held keys, two keys together, taps on the glass, the
display's sleep, key scripts and the front ends (window, terminal)."""

import pytest

from engine_lite.logtext import log_lines
from simhelp import play, choose, busy_between
from host_tools.keyscript import parse, KeyScriptError


def test_held_left_leaves_a_menu_and_undoes_on_the_dashboard_and_redo_too():
    """Holding LEFT to leave a menu used to undo the last action with the menu still open."""
    sim = choose(play("OK"), "More", "Tags & damage")     # gain a credit, then go into a menu
    assert sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")
    assert sim.state()["corp"]["credits"] == 6 and sim.app.screen.name == "more"
    sim.keys("LONG:LEFT")
    assert sim.app.screen.name == "dashboard" and sim.state()["corp"]["credits"] == 6
    sim.keys("LONG:LEFT")
    assert sim.state()["corp"]["credits"] == 5
    assert sim.app.toast == "Undid: Corp took 1 credit"
    sim.keys("LONG:RIGHT")
    assert sim.state()["corp"]["credits"] == 6


def test_a_key_on_a_dimmed_glass_acts_as_on_a_bright_one_and_brightens_it():
    """Issue 60: the dimmed glass is still readable, and the first key after a thinking pause
    only woke it: every recipe of the README went wrong from a dimmed screen."""
    sim = play("")
    sim.app.settings.dim_s = 2
    sim.run(2500)
    assert sim.app.dimmed
    sim.keys("OK")
    assert sim.state()["corp"]["credits"] == 6                  # the key acted
    assert not sim.app.dimmed and sim.oled.contrast == 255       # and the glass is bright
    sim.run(2500)
    assert sim.app.dimmed
    sim.keys("RIGHT,LEFT,OK")                                    # a recipe from a dimmed glass
    assert sim.state()["corp"]["credits"] == 7                   # every key of it counted


def test_dim_then_blank_then_the_waking_press_does_nothing_else():
    sim = play("")
    sim.app.settings.dim_s = 2
    sim.app.settings.sleep_s = 5
    sim.run(2500)
    assert sim.app.dimmed and sim.oled.contrast == sim.app.display.DIM_CONTRAST
    sim.run(3000)
    assert sim.app.blanked and not sim.oled.display_on
    sim.keys("OK")
    assert not sim.app.blanked and sim.oled.display_on and sim.oled.contrast == 255
    assert sim.state()["corp"]["credits"] == 5     # the waking press did nothing else
    assert "next key acts" in sim.app.toast        # ... and says so
    sim.keys("OK")
    assert sim.state()["corp"]["credits"] == 6


def test_bad_key_scripts_are_reported():
    with pytest.raises(KeyScriptError):
        parse("OK,JUMP")
    assert parse("OK, long:left ,WAIT:10") == [("TAP", "OK", 80), ("HOLD", "LEFT", 900),
                                              ("WAIT", None, 10)]
    assert parse("TAP:UP:30") == [("TAP", "UP", 30)]
    for held_too_long in ("TAP:UP:600", "TAP:UP", "TAP:JUMP:30"):
        with pytest.raises(KeyScriptError):
            parse(held_too_long)


def test_a_press_shows_within_one_poll_period_of_being_recognised():
    sim = play("")
    before = sim.oled.glass_bytes()
    pin = sim.pins["buttons"]["OK"]
    sim.board.press(pin)
    sim.run(80)
    assert sim.oled.glass_bytes() == before       # a short press acts on release
    sim.board.release(pin)
    sim.app.tick(sim.clock.now)                    # the very next poll after the release
    assert sim.state()["corp"]["credits"] == 6
    assert sim.oled.glass_bytes() != before        # already on the glass


def test_the_window_front_end_runs(monkeypatch):
    import os
    import subprocess
    import sys
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run([sys.executable, "-m", "host_tools.sim", "--window", "--frames", "5"],
                            env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_a_game_in_the_terminal_front_end_is_saved_and_resumed(tmp_path):
    # A player at a real terminal (a pseudo-terminal here): two credits, a draw, quit, come back.
    import json
    import os
    import pty
    import subprocess
    import sys
    import time
    save_dir = str(tmp_path / "flash")
    master, slave = pty.openpty()
    player = subprocess.Popen([sys.executable, "-m", "host_tools.sim", "--terminal",
                               "--save-dir", save_dir], stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    import select
    screen = bytearray()

    def read_for(seconds):
        """Keep reading what the simulator draws, as a terminal does (else it blocks)."""
        end = time.time() + seconds
        while time.time() < end:
            if select.select([master], [], [], 0.05)[0]:
                try:
                    screen.extend(os.read(master, 65536))
                except OSError:          # the simulator has exited and closed the terminal
                    return
    deadline = time.time() + 30
    while b"q quit" not in screen and time.time() < deadline:   # the first frame
        read_for(0.2)
    for key in (b"\r", b"\r", b"\x1b[D", b"\r"):                 # OK, OK, LEFT, OK
        os.write(master, key)
        read_for(0.4)
    os.write(master, b"q")
    read_for(1.0)
    assert player.wait(timeout=30) == 0
    os.close(master)
    result = subprocess.run([sys.executable, "-m", "host_tools.sim", "--headless",
                             "--save-dir", save_dir, "--dump-state"], capture_output=True, text=True)
    state = json.loads(result.stdout)
    assert state["corp"]["credits"] == 7 and state["corp"]["clicks"] == 0


@pytest.mark.parametrize("first, second", [("DOWN", "OK"), ("OK", "UP"), ("LEFT", "RIGHT"),
                                           ("UP", "OK"), ("RIGHT", "LEFT")])
@pytest.mark.parametrize("overlap", ["at once", "rolled"])
def test_two_keys_together_do_nothing(first, second, overlap):
    """A chord is a slip: DOWN+OK installed a card for 1, OK+UP gave a credit, LEFT+RIGHT
    undid. Whichever comes up first, nothing acts, and the player is told."""
    sim = play("OK,WAIT:3000")                       # a credit, so an undo would show
    before = sim.app.game.state.pack()
    count = sim.app.game.count
    if overlap == "at once":
        sim.keys("PRESS:%s,PRESS:%s,WAIT:50,RELEASE:%s,RELEASE:%s,WAIT:1000"
                 % (first, second, first, second))
    else:
        sim.keys("PRESS:%s,WAIT:60,PRESS:%s,WAIT:60,RELEASE:%s,WAIT:60,RELEASE:%s,WAIT:1000"
                 % (first, second, first, second))
    assert sim.app.game.state.pack() == before and sim.app.game.count == count
    assert sim.app.screen.name == "dashboard" and sim.app.screen.pending is None
    assert sim.app.toast == "Two keys at once: nothing done"



@pytest.mark.parametrize("first, second", [("OK", "RIGHT"), ("UP", "OK"), ("RIGHT", "LEFT"),
                                           ("DOWN", "UP")])
@pytest.mark.parametrize("inside", [False, True])
def test_a_tap_and_the_next_key_while_the_loop_is_busy_are_two_taps(first, second, inside):
    """A tap that comes up and the next key that goes down, both while the loop is busy (the
    .mpy deploy loads More's module for 151 ms with OK down: make bench, the rhythm sweep) are
    two taps, in order, as at a quiet moment: not two keys at once, whichever is read first."""
    quiet = play("OK,WAIT:3000")
    quiet.keys("TAP:%s:60,WAIT:40,TAP:%s:100,WAIT:3000" % (first, second))
    busy = play("OK,WAIT:3000")
    busy_between(busy, first, second, False, 40, inside)
    busy.keys("WAIT:40,RELEASE:%s,WAIT:3000" % second)
    assert busy.app.game.state.pack() == quiet.app.game.state.pack()
    assert busy.app.game.count == quiet.app.game.count
    assert busy.app.screen.name == quiet.app.screen.name
    assert busy.oled.glass_bytes() == quiet.oled.glass_bytes()


@pytest.mark.parametrize("first, second", [("OK", "RIGHT"), ("UP", "OK"), ("RIGHT", "LEFT"),
                                           ("DOWN", "UP")])
@pytest.mark.parametrize("inside", [False, True])
def test_two_keys_together_while_the_loop_is_busy_do_nothing(first, second, inside):
    """The second key goes down before the first comes up, all while the loop is busy: keys
    together, whichever the loop reads first (UP read first was a tap of UP, and OK acted)."""
    sim = play("OK,WAIT:3000")
    before = sim.app.game.state.pack()
    count = sim.app.game.count
    busy_between(sim, first, second, True, 40, inside)
    sim.keys("WAIT:40,RELEASE:%s,WAIT:1000" % second)
    assert sim.app.game.state.pack() == before and sim.app.game.count == count
    assert sim.app.screen.name == "dashboard" and sim.app.screen.pending is None
    assert sim.app.toast == "Two keys at once: nothing done"


def test_the_chatter_of_a_release_read_mid_bounce_is_not_a_key_held():
    """A poll reads OK's release in the middle of its contact's bounce; the bounce's last edges
    are latched after it, and the loop is then busy (OK's picture drawn) past the lockout while
    UP goes down. UP is a tap, not UP with OK held (seen on the virtual Pico at 60 ms a tap:
    the UP was dropped as two keys at once)."""
    quiet = play("OK,WAIT:3000")
    quiet.keys("TAP:OK:60,WAIT:50,TAP:UP:60,WAIT:3000")
    sim = play("OK,WAIT:3000")
    sim.keys("PRESS:OK,WAIT:60")
    sim.driver.release("OK")
    sim.run(sim.driver.poll_ms)                # the release read: OK acts
    sim.driver.press("OK")                     # ... and the bounce goes on after that poll
    sim.driver.release("OK")
    sim.clock.now += 30                        # busy: OK's picture
    sim.driver.press("UP")
    sim.clock.now += 20
    sim.keys("WAIT:40,RELEASE:UP,WAIT:3000")
    assert sim.app.game.state.pack() == quiet.app.game.state.pack()
    assert sim.app.game.count == quiet.app.game.count
    assert sim.oled.glass_bytes() == quiet.oled.glass_bytes()

def test_touching_the_glass_is_the_keys_a_player_would_press():
    """firmware/netrunner/touch.py (the browser's taps on the glass): its regions are where the
    dashboard draws them, and its keys do what a player's would."""
    from firmware.netrunner import dashboard as D
    from firmware.netrunner.touch import keys_for
    sim = play("RIGHT")                                  # the cursor on Adv
    tap = lambda x, y: sim.keys(",".join(keys_for(sim.app, x, y)) or "WAIT:1")
    oled = sim.oled
    glass = lambda left, top, width, height: [oled.pixel(x, y) for x in range(left, left + width)
                                              for y in range(top, top + height)]
    tap(34, 60)                                          # +1cr: lit
    assert sim.state()["corp"]["credits"] == 5
    tap(34, 60)                                          # lit: taken
    assert sim.state()["corp"]["credits"] == 6
    sim.run(3000)
    places = [place for place in D.PLACES if place[9]]
    assert [place[9] for place in places] == ["Bad pub", "Tag", "Brain"]
    for place in places:
        x, y, width, height = place[5:9]
        before = sim.app.game.count
        shown = glass(x, y, width, height)
        tap(x + width // 2, y + height - 3)              # a number of 1, for this
        assert sim.app.screen.pending.choice(sim.app.game.state)[0] == place[9]
        assert sim.app.game.count == before
        tap(x + 2, y + 2)                                # recorded
        assert sim.app.game.count == before + 1
        sim.run(3000)
        assert glass(x, y, width, height) != shown       # the number tapped is the one changed
    assert (sim.state()["runner"]["tags"], sim.state()["runner"]["brain_damage"],
            sim.state()["corp"]["bad_publicity"]) == (1, 1, 1)
    choose(sim, "More")
    tap(30, 10 + 11 + 5)                                 # the second row: lit
    tap(30, 10 + 11 + 5)                                 # chosen
    assert sim.app.screen.name == "tokens"
    assert keys_for(sim.app, 30, 3) == []                # the title: nothing


@pytest.mark.parametrize("tagged", [False, True])
def test_in_the_corps_own_turn_taps_on_its_credits_rez_and_take_no_click(tagged):
    """Issue 62 #6: in the Corp's own turn, taps on its credits then on the ring installed (the
    ring's first choice there, which takes a click too). A tap on the Corp's credits is a rez
    wherever the ring has one: three taps and the ring rez a card for 3, the clicks untouched,
    also with the Runner tagged (where a DOWN of 2 offers trashing a resource first)."""
    from firmware.netrunner import dashboard as D
    from firmware.netrunner.touch import keys_for
    from host_tools.press_budget import TAGGED
    sim = play(TAGGED if tagged else "")
    assert sim.app.game.state.runner.tags == (1 if tagged else 0)
    before = sim.state()["corp"]
    tap = lambda x, y: sim.keys(",".join(keys_for(sim.app, x, y)) or "WAIT:1")
    for n in (1, 2, 3):
        tap(D.COLUMN_X[0] + 5, D.BIG_Y + 5)
        assert sim.app.screen.status(sim.app.game.state) == "Corp rezzes: %d cr" % n
    tap(30, 60)                                          # the ring: do what it says
    after = sim.state()["corp"]
    assert list(log_lines(sim.app.game))[-1] == "corp rez 3"
    assert after["credits"] == before["credits"] - 3
    assert after["clicks"] == before["clicks"]


def test_a_rez_for_3_in_a_run_is_four_taps_on_the_glass():
    """Issue 38: three taps on the Corp's credits (a credit each, the ring turned to Rez, the
    Corp's first choice in a run) and one on the ring rez a card for 3; the ring's sentence says
    it before the last tap. A tap on the Runner's credits turns the ring to the Runner's."""
    from firmware.netrunner import dashboard as D
    from firmware.netrunner.touch import keys_for
    from host_tools.press_budget import RUNNER_TURN, RUN_HQ
    sim = play(RUNNER_TURN + "," + RUN_HQ)               # the Runner runs on HQ
    assert sim.app.game.state.in_run()
    credits = sim.state()["corp"]["credits"]
    tap = lambda x, y: sim.keys(",".join(keys_for(sim.app, x, y)) or "WAIT:1")
    corp = (D.COLUMN_X[0] + 5, D.BIG_Y + 5)
    for _ in range(3):
        tap(*corp)
    assert sim.app.screen.status(sim.app.game.state) == "Corp rezzes: 3 cr"
    tap(30, 60)                                          # the ring: do what it says
    assert sim.state()["corp"]["credits"] == credits - 3
    assert list(log_lines(sim.app.game))[-1] == "corp rez 3"
    tap(D.COLUMN_X[1] + 60, D.BIG_Y + 5)                 # the Runner's credits
    assert sim.app.screen.pending.choice(sim.app.game.state)[1] == 1
