"""Issue 58: a swap (a new game, a game brought back, undo across a new game, an import) is on
the flash at once, whatever the rhythm of the presses around it, and two swaps in quick
succession keep every game but the one the glass named.

Every script here taps 200 ms apart (the key script's own rhythm) and never pauses: before
issue 58 the whole files of a swap waited for a pause of 1.5 s, and these lost games."""

from engine_lite import logtext
from firmware.saving import archive
from host_tools.flash import MemoryFlash
from host_tools.sim import Simulator
from simhelp import choose
from glass_reader import glass_text


def identity(game):
    """What tells a game apart: its rules, history and numbers."""
    return (game.rules.NAME, bytes(game.history), game.state.pack())


def recoverable(flash):
    """Every game a player can get back after a power cut now: in play, and in Previous games,
    as a boot on a copy of the files finds them."""
    again = Simulator(flash=MemoryFlash(dict(flash.files)))
    games = [identity(again.app.game)]
    games += [identity(game) for _n, game, _s in archive.entries(again.device.flash)]
    return games


def full_archive():
    """A simulator with three kept games and a fourth in play, each its own, all saved."""
    sim = Simulator()
    for n in range(4):
        if n:
            choose(sim, "More", "New game").keys("LONG:OK")
        sim.app.act(logtext.parse("corp gain %d" % (n + 1)))
        sim.app.act(logtext.parse("runner gain %d" % (n + 2)))
        sim.settle()
    assert len(archive.entries(sim.device.flash)) == archive.KEEP
    return sim


def games_now(sim):
    """The games the tracker holds now: in play and kept (as the simulator's memory has them)."""
    return [identity(sim.app.game)] + [identity(g) for _n, g, _s in
                                        archive.entries(sim.device.flash)]


def test_bringing_the_newest_back_then_a_new_game_loses_only_the_oldest_as_asked():
    sim = full_archive()
    before = games_now(sim)
    oldest = identity(archive.entries(sim.device.flash)[-1][1])
    choose(sim, "More", "Previous games")
    sim.keys("WAIT:50,OK,LONG:OK")                 # the newest kept, brought back
    sim.keys("OK")                                 # one credit
    played = identity(sim.app.game)
    choose(sim, "More", "New game")
    assert "the oldest kept one goes" in sim.app.screen.question
    sim.keys("LONG:OK,OK,OK")                      # held, then taps on
    for found in (recoverable(sim.flash), recoverable(sim.settle() or sim.flash)):
        assert played in found                         # (a power cut now, and after a pause)
        lost = [g for g in before if not any(f[0] == g[0] and f[1].startswith(g[1])
                                              for f in found)]
        assert lost == [oldest]
        assert len(found) == len(set(found)) == 1 + archive.KEEP    # no game kept twice


def test_bringing_back_the_game_just_replaced_loses_none():
    sim = full_archive()
    before = games_now(sim)
    choose(sim, "More", "Previous games")
    sim.keys("WAIT:50,OK,LONG:OK,OK")              # the newest back, one credit
    choose(sim, "More", "Previous games")
    sim.keys("WAIT:50,OK,LONG:OK,OK,OK")           # the game it replaced, back again
    for found in (recoverable(sim.flash), recoverable(sim.settle() or sim.flash)):
        for game in before:                        # each still there, or played on
            assert any(f[0] == game[0] and f[1].startswith(game[1]) for f in found), game
        assert len(found) == len(set(found)) == 1 + archive.KEEP


def test_undo_across_twice_after_bringing_back_a_one_action_game_loses_none():
    sim = Simulator()
    for n in range(4):
        if n:
            choose(sim, "More", "New game").keys("LONG:OK")
        sim.app.act(logtext.parse("corp gain %d" % (n + 1)))
        if n != 2:
            sim.app.act(logtext.parse("runner gain %d" % (n + 2)))
        sim.settle()
    before = games_now(sim)
    entries = archive.entries(sim.device.flash)
    one = [i for i, (_n, g, _s) in enumerate(entries) if g.count == 1][0]
    undone = identity(entries[one][1])
    choose(sim, "More", "Previous games")
    sim.keys("WAIT:50," + "DOWN," * one + "OK,LONG:OK")   # the 1-action game back
    sim.keys("LONG:LEFT,LONG:LEFT,OK")                     # undo it, undo across, a tap
    for found in (recoverable(sim.flash), recoverable(sim.settle() or sim.flash)):
        for game in before:
            if game == undone:       # kept with its one action undone (redo brings it back)
                assert any(f[0] == "netrunner" and not f[1] for f in found)
            else:                    # the rest as they were (the one in play: with a credit)
                assert any(f[0] == game[0] and f[1].startswith(game[1]) for f in found), game
        assert len(found) == 1 + archive.KEEP


def test_a_new_game_is_on_the_flash_at_once_while_the_taps_go_on():
    sim = Simulator()
    sim.keys("OK,UP,OK")                           # (a game unlike the new one's first moves)
    sim.settle()
    old = identity(sim.app.game)
    choose(sim, "More", "New game").keys("LONG:OK,OK")
    counts = []
    for _ in range(8):                             # taps 200 ms apart: the new game's moves
        counts.append(sim.app.game.count)
        sim.keys("OK,RIGHT,LEFT,OK,LEFT,RIGHT")    # (1.2 s: two credits)
        found = recoverable(sim.flash)             # a power cut now: the new game, and the
        assert found[0] != old and old in found    # old one kept
    # Its moves follow as any game's do in a run of presses: within Saver.BUSY_MAX_MS and a
    # second (not a second: see Saver.tick and the README, "Saving is prompt").
    again = Simulator(flash=MemoryFlash(dict(sim.flash.files)))
    assert again.app.game.count >= counts[-5]


def test_a_new_game_over_one_whose_only_action_is_undone_says_it_is_kept():
    sim = full_archive()
    sim.keys("LONG:LEFT,LONG:LEFT")                # both actions undone: only redo left
    choose(sim, "More", "New game")
    assert "the oldest kept one goes" in sim.app.screen.question


def test_new_infiltration_and_a_new_match_say_the_oldest_goes_when_it_does():
    sim = full_archive()
    choose(sim, "More", "New Infiltration")
    assert "the oldest kept one goes" in sim.app.screen.question
    sim = full_archive()
    choose(sim, "More", "Tournament", "Match")
    sim.keys("OK,OK,OK")                           # both players' initials as they are
    assert sim.app.screen.title == "NEW MATCH"
    assert "the oldest kept one goes" in sim.app.screen.question


def test_two_new_games_a_second_apart_keep_all_but_the_one_named_each_time():
    sim = full_archive()
    before = games_now(sim)
    choose(sim, "More", "New game").keys("LONG:OK,OK")     # the oldest goes (said), one move
    choose(sim, "More", "New game")
    assert "the oldest kept one goes" in sim.app.screen.question
    sim.keys("LONG:OK,UP,OK")                         # (a move unlike the first game's)
    for found in (recoverable(sim.flash), recoverable(sim.settle() or sim.flash)):
        for game in before[:2]:                       # in play, and the newest kept: still there
            assert game in found
        assert len(found) == len(set(found)) == 1 + archive.KEEP


def test_undo_across_a_swap_the_full_flash_could_not_save_waits_and_loses_nothing():
    """A game brought back on a flash too full to keep the game it replaced: that game is in
    memory and in game.json alone. Undo down to nothing, then across: it waits, says why, and
    writes nothing over game.json (it brought the replaced game back from memory and wrote the
    brought-back game over its only copy on the flash: found by the kept-games property,
    seed 498). Once there is room, the swap is saved and undo reaches across."""
    sim = full_archive()
    sim.keys("OK")                                 # the game in play moves on
    sim.settle()
    in_play = identity(sim.app.game)
    flash = sim.flash
    flash.capacity = sum(len(data) for data in flash.files.values())     # full
    choose(sim, "More", "Previous games")
    sim.keys("WAIT:50,OK,LONG:OK,WAIT:300")
    assert "Save failed" in (sim.device.saver.failed or "")
    sim.keys("LONG:LEFT,WAIT:300," * (sim.app.game.count + 1))   # its moves undone, across
    assert "Undo waits" in glass_text(sim.oled)
    assert in_play in recoverable(flash)           # a power cut now: the game is still there
    flash.capacity = None
    sim.keys("WAIT:3000,LONG:LEFT,WAIT:300")       # room again: saved, and undo goes across
    assert identity(sim.app.game) == in_play
    assert in_play in recoverable(sim.settle() or flash)
