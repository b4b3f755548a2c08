"""Snapshots: compact, versioned, and strict about what they load."""

import json

import pytest

from engine_lite.game import Game
from engine_lite.logtext import do_line
from engine_lite import snapshot
from engine_lite.netrunner import rules
from engine_lite.snapshot import SnapshotError
from engine_lite.netrunner import actions as A
from engine_lite.netrunner.state import CORP, RUNNER, GameState, PACKED_SIZE  # corp.credits: the first after the game fields
from simhelp import same_game


def sample_game():
    game = Game()
    for line in ["corp gain-credit", "corp install 2", "corp end-turn", "runner run hq",
                 "runner steal 2", "run success", "runner tags +1", "undo"]:
        do_line(game, line)
    return game


def test_round_trip_keeps_state_history_and_redo():
    game = sample_game()
    loaded = snapshot.loads(snapshot.dumps(game))
    assert same_game(loaded, game)
    assert loaded.redo() == game.redo()
    assert loaded.state.pack() == game.state.pack()


def mangle(**changes):
    data = json.loads(snapshot.dumps(sample_game()))
    data.update(changes)
    return json.dumps(data)


def state_with(index, value):
    data = json.loads(snapshot.dumps(sample_game()))
    data["state"][index] = value
    return json.dumps(data)


@pytest.mark.parametrize("text, message", [
    ("", "not JSON"),
    ("{\"netclick\": 1", "not JSON"),
    ("[1, 2]", "not a Netclick snapshot"),
    (mangle(netclick=2), "unknown snapshot version 2 (this build reads 1)"),
    (mangle(netclick=None), "unknown snapshot version None"),
    (mangle(state=[1, 2, 3]), "'state' must be a list of %d numbers" % PACKED_SIZE),
    (state_with(len(GameState.ROWS), -4), "state corp.credits = -4 is out of range 0..999"),
    (state_with(1, 7), "state active = 7 is out of range 0..1"),
    (state_with(0, "2"), "state turn is not a whole number"),
    (state_with(3, 0), "winner and win reason disagree"),
    (state_with(len(GameState.ROWS), 999), "the history does not lead to the saved state"),
    (mangle(history=17), "'history' must be a base64 string"),
    (mangle(history="+/8="), "history: unknown verb"),
    (mangle(history="GA=="), "history: record cut short at byte 1"),
])
def test_bad_snapshots_raise_one_error_that_says_what_is_wrong(text, message):
    with pytest.raises(SnapshotError) as error:
        snapshot.loads(text)
    assert message in str(error.value)


def test_a_history_the_rules_refuse_is_reported_with_its_action():
    data = json.loads(snapshot.dumps(Game()))
    data["start"][1] = 1        # the Runner is active at the start...
    data["history"] = "MA=="    # ...so the history's "corp end-turn" is refused
    with pytest.raises(SnapshotError) as error:
        snapshot.loads(json.dumps(data))
    assert str(error.value) == ("history action 1 (Corp ended the turn) refused: "
                                "Not the Corp's turn")


def test_the_snapshots_base64_is_standard_and_strict():
    import base64
    import random
    from engine_lite.snapshot import _b64, _unb64
    rnd = random.Random(5)
    for size in range(0, 50):
        data = bytes(rnd.getrandbits(8) for _ in range(size))
        assert _b64(data) == base64.b64encode(data).decode()
        assert bytes(_unb64(_b64(data))) == data
    for bad in ("A", "AB=C", "!!!!", "AA==AAAA", "A===", "ab\u00e9c"):
        with pytest.raises(ValueError):
            _unb64(bad)


# ---- one set of limits: whatever the engine accepts, saves and loads --------------------------

def test_the_turn_counter_stops_where_a_snapshot_can_follow():
    from engine_lite.netrunner.text import limit as field
    from engine_lite.base import Refused
    from engine_lite.netrunner.state import new_game
    start = new_game()
    start.turn = field("turn")[1]                       # the last turn a save can hold
    game = Game(start)
    do_line(game, "corp end-turn")
    with pytest.raises(Refused):
        do_line(game, "runner end-turn")
    assert same_game(snapshot.loads(snapshot.dumps(game)), game)


def test_max_hand_size_beyond_its_limit_is_refused_not_clamped():
    from engine_lite.base import Refused
    game = Game()
    with pytest.raises(Refused) as refused:
        do_line(game, "corp set max-hand-size 200")
    assert "104" in str(refused.value)                  # says what the most is
    do_line(game, "corp set max-hand-size 104")
    assert game.state.corp.max_hand_size() == 104
    with pytest.raises(Refused):
        do_line(game, "corp hand-size +1")
    assert game.state.corp.max_hand_size() == 104


def test_new_game_settings_have_the_limits_of_the_numbers_they_set():
    from engine_lite.netrunner.text import limit as field
    from engine_lite.logtext import LogError
    game = Game()
    do_line(game, "runner link 999")                     # accepted in play...
    top = field("runner.link")[1]
    do_line(game, "new-game runner-link %d" % top)       # ...so accepted at the start
    assert game.state.runner.link == top
    assert same_game(snapshot.loads(snapshot.dumps(game)), game)
    with pytest.raises(LogError):
        do_line(game, "new-game runner-link %d" % (top + 1))


def test_every_accepted_action_near_the_limits_saves_and_loads():
    # Walk every verb from a state at the edges; each accepted action must leave a savable game.
    from engine_lite.netrunner import actions
    from engine_lite.base import Refused
    from engine_lite.netrunner.state import new_game, MAX_COUNT
    start = new_game()
    for side in (start.corp, start.runner):
        side.credits = MAX_COUNT
        side.clicks = MAX_COUNT
        side.agenda_points = 0
    start.runner.tags = MAX_COUNT
    start.corp.bad_publicity = MAX_COUNT
    start.turn = 9998
    accepted = 0
    for verb in range(1, len(rules.VERBS)):
        for side in (0, 1):
            for a, b, c in ((MAX_COUNT, 0, 0), (0, MAX_COUNT, 0), (1, 1, 1), (0, 0, 0),
                            (3, 0, 0), (-MAX_COUNT, 0, 0), (4, -1, 0), (4, MAX_COUNT, 0)):
                game = Game(start.copy())
                try:
                    game.do((verb, side, a, b, c))
                except Refused:
                    continue
                accepted += 1
                assert same_game(snapshot.loads(snapshot.dumps(game)), game), (verb, side, a, b, c)
    assert accepted > 20


def test_a_copied_state_has_every_number_and_shares_nothing():
    """GameState.copy is written out field by field (for speed on a Pico): a field it forgot
    would make the copy's pack() fail, and a shared side would let a refused action leak."""
    from engine_lite.netrunner.state import GameState, PACKED_SIZE
    values = tuple(range(PACKED_SIZE))          # every number different
    state = GameState.unpack(values)
    copy = state.copy()
    assert copy.pack() == values
    copy.corp.credits += 1
    copy.runner.tags += 1
    copy.turn += 1
    assert state.pack() == values


def test_pack_copy_and_the_defaults_follow_the_field_table():
    """pack() and copy() give the number the table names at its place, and a new state holds the
    table's defaults."""
    from engine_lite.netrunner.state import FIELDS, new_game, field_name
    state = new_game()
    for i, row in enumerate(FIELDS):
        owner, _, attr = field_name(i).rpartition(".")
        assert attr == row[0]
        setattr(getattr(state, owner) if owner else state, attr, 1000 + i)
    assert state.pack() == tuple(range(1000, 1000 + len(FIELDS)))
    assert state.copy().pack() == state.pack()
    assert GameState().pack() == tuple(row[1] for row in FIELDS)
    assert [row[2] <= row[1] <= row[3] for row in FIELDS] == [True] * len(FIELDS)


def test_the_security_monitors_numbers_follow_its_field_tables():
    """Infiltration's pack() (written out) against its tables: the defaults of a new monitor,
    and every agent's numbers within the limits the tables give."""
    from engine_lite.infiltration import rules as I
    monitor = I.Monitor()
    packed = monitor.pack()
    assert packed[:len(I.FIELDS)] == tuple(row[1] for row in I.MONITOR_FIELDS)
    assert packed[len(I.FIELDS):len(I.FIELDS) + 4] == tuple(row[1] for row in I.AGENT_FIELDS[:4])
    assert len(packed) == len(I.LOW) == len(I.HIGH)
    assert all(low <= value <= high for low, value, high in zip(I.LOW, packed, I.HIGH))
    assert I.field_name(len(I.FIELDS) + len(I.AGENT_FIELDS) + 1) == "agent2.wounded"


def _as_layout(values, layout):
    """Packed numbers as an older snapshot layout wrote them: without the rows added since."""
    from engine_lite.netrunner.state import FIELDS
    return [value for value, row in zip(values, FIELDS) if row[4] <= layout]


# Saves written by each older snapshot layout (engine_lite.netrunner.state.FIELDS) load, the numbers added
# since at their defaults: (layout, numbers it wrote, actions to play first, check on the load).
OLDER_LAYOUTS = (
    # before `run_access`: a run loads not yet accessing
    (0, 28, ((A.END_TURN, CORP), (A.RUN, RUNNER, 0)),
     lambda s: s.in_run() and not s.run_access),
    # before the tournament numbers: time not called, no psi game yet
    (1, 29, ((A.GAIN_CREDIT, CORP),),
     lambda s: (s.final_turns, s.psi_corp, s.psi_runner) == (-1, -1, -1)),
    # before the remotes' advancement counters: none
    (2, 32, ((A.GAIN_CREDIT, CORP),),
     lambda s: [s.corp.advancements(n) for n in range(1, 7)] == [0] * 6),
    # before the Runner's virus counters: none
    (3, 38, ((A.GAIN_CREDIT, CORP),), lambda s: s.runner.virus == 0),
    # before the power counters: none
    (4, 39, ((A.GAIN_CREDIT, CORP),), lambda s: (s.corp.power, s.runner.power) == (0, 0)),
)


@pytest.mark.parametrize("layout, count, actions, check", OLDER_LAYOUTS,
                         ids=["layout%d" % row[0] for row in OLDER_LAYOUTS])
def test_a_snapshot_saved_by_an_older_layout_still_loads(layout, count, actions, check):
    game = Game()
    for act in actions:
        game.do(A.action(*act))
    data = json.loads(snapshot.dumps(game))
    for key in ("start", "state"):
        data[key] = _as_layout(data[key], layout)
    assert len(data["state"]) == count
    loaded = snapshot.loads(json.dumps(data))
    assert loaded.state.pack() == game.state.pack() and check(loaded.state)


# ---- power-up shows first, checks later (lazy loading) ----------------------------------------

def long_game(rounds=30):
    from host_tools.scripted_game import scripted_game
    game = Game()
    for line in scripted_game(rounds):
        do_line(game, line)
    return game


def test_a_lazy_load_replays_nothing_yet_and_its_check_gives_the_full_load(monkeypatch):
    game = long_game()
    text = snapshot.dumps(game)
    from engine_lite.netrunner import rules
    applied = []
    real = rules.advance         # (apply's own work: the check replays with it)
    monkeypatch.setattr(rules, "advance", lambda s, a: applied.append(a) or real(s, a))
    lazy = snapshot.loads(text, lazy=True)
    assert applied == []                                   # nothing replayed at load
    assert lazy.unchecked and lazy.state.pack() == game.state.pack()
    assert lazy.count == game.count and lazy.history == game.history
    steps = 0
    while lazy.check(5):
        steps += 1
    assert steps >= game.count // 5 - 1 and not lazy.unchecked and lazy.damaged is None
    assert len(applied) == game.count
    full = snapshot.loads(text)
    assert same_game(lazy, full)
    # the same checkpoints, and the saved state kept as one more
    assert [c for c in lazy.checkpoints if c[0] % Game.CHECKPOINT_EVERY == 0] == full.checkpoints
    assert lazy.checkpoints[-1] == (game.count, len(game.history), game.state.pack())


def test_play_and_undo_go_on_at_once_on_a_lazily_loaded_game():
    game = long_game()
    lazy = snapshot.loads(snapshot.dumps(game), lazy=True)
    do_line(lazy, "corp gain-credit" if lazy.state.active == CORP else "runner gain-credit")
    do_line(game, "corp gain-credit" if game.state.active == CORP else "runner gain-credit")
    lazy.undo()                                    # what was done since: no check needed
    assert lazy.unchecked
    for _ in range(3):                             # back into the saved history: checked first
        lazy.undo()
    game.undo()
    for _ in range(3):
        game.undo()
    assert not lazy.unchecked and lazy.state.pack() == game.state.pack()


def test_an_older_save_without_count_is_counted_once():
    game = long_game(5)
    data = json.loads(snapshot.dumps(game))
    del data["count"], data["last"]
    lazy = snapshot.loads(json.dumps(data), lazy=True)
    assert lazy.count == game.count
    assert lazy.action_at(lazy.count - 1) == game.action_at(game.count - 1)
    assert lazy.unchecked                              # the last action read without a replay


@pytest.mark.parametrize("damage", ["state", "refused", "count"])
def test_a_history_found_damaged_later_keeps_the_state_and_stops_undo_there(damage):
    from engine_lite.base import Refused
    game = long_game(5)
    data = json.loads(snapshot.dumps(game))
    if damage == "state":
        data["state"][len(GameState.ROWS)] += 1        # the Corp's credits: not where it leads
    elif damage == "refused":
        data["history"] = snapshot._b64(bytes([A.END_TURN << 1 | RUNNER]) + bytes(game.history[1:]))
    else:
        data["count"] = game.count - 1
    lazy = snapshot.loads(json.dumps(data), lazy=True)
    saved = lazy.state.pack()
    lazy.check_all()
    assert lazy.damaged and not lazy.unchecked
    assert lazy.state.pack() == saved and lazy.count == 0 and lazy.start.pack() == saved
    with pytest.raises(Refused):
        lazy.undo()
    with pytest.raises(SnapshotError):                   # a full load still refuses it
        snapshot.loads(json.dumps(data))


@pytest.mark.parametrize("changes, message", [
    ({"run_access": 1}, "accessing with no run"),
    ({"run_server": 0, "active": 0}, "a run in the Corp's turn"),
    ({"run_bp_credits": 2}, "bad-publicity credits with no run"),
])
def test_a_state_the_rules_cannot_reach_is_refused(changes, message):
    """A checksum-valid save that says the Runner is accessing with no run on made the
    dashboard's first draw fail, at every boot: such a state is a damaged file."""
    data = json.loads(snapshot.dumps(sample_game()))
    for field, value in changes.items():
        data["state"][[row[0] for row in GameState.ROWS].index(field)] = value
    for lazy in (False, True):
        with pytest.raises(SnapshotError) as error:
            snapshot.loads(json.dumps(data), lazy=lazy)
        assert message in str(error.value)
