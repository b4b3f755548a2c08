"""The dashboard is data: its bar's CELLS (firmware/netrunner/bar.py) and its PLACES
(firmware/netrunner/dashboard.py), written with the modules' own constants, agree with the
engine's numbers and with the glass."""

from engine_lite.netrunner.state import CORP, RUNNER, HQ, ARCHIVES, FIRST_REMOTE, ADVANCED_REMOTES, CORP_FIELDS, RUNNER_FIELDS
from engine_lite.netrunner import actions as A
from firmware.netrunner import bar as B
from firmware.netrunner import dashboard as D
from firmware.screens.ui import WIDTH

from simhelp import play


def test_every_bar_cell_has_one_row_and_the_numbers_are_the_engines():
    labels = [row[0] for row in B.CELLS]
    assert len(labels) == len(set(labels))
    for bar in (B.CORP_BAR, B.RUNNER_BAR, B.RUN_BAR, B.ACCESS_BAR, B.ACCESS_MORE_BAR):
        for label in bar:
            assert B.cell(label)[0] == label
    assert B.cell("Run")[2][1:3] == (0, FIRST_REMOTE + 5)           # remote 6, the last offered
    assert (B._HQ, B._ARCHIVES, B._FIRST_REMOTE) == (HQ, ARCHIVES, FIRST_REMOTE)
    assert B.cell("Adv")[2][2] == ADVANCED_REMOTES
    assert (B._GAIN_CREDIT, B._DRAW, B._INSTALL, B._REZ, B._RUN, B._RUN_END) == (
        A.GAIN_CREDIT, A.DRAW, A.INSTALL, A.REZ, A.RUN, A.RUN_END)
    assert (B._RUN_FAIL, B._RUN_JACK_OUT, B._RUN_ACCESS) == (A.RUN_FAIL, A.RUN_JACK_OUT, A.RUN_ACCESS)
    for label, words, number, does, held in B.CELLS:
        # the captions' row has words for each: a sentence, or one made from the cell's number
        # and the state
        assert type(words) is str and words or callable(words), label
        # OK does an engine action with a side (or whose turn) and an argument, or a step of
        # the dashboard's own; a held OK, one of its steps or nothing
        if type(does) is tuple:
            verb, whom, argument, quiet = does
            assert verb in vars(A).values() and whom in (B.ACTIVE, CORP, RUNNER), label
            assert argument != B.NUMBER or number, label      # the number is the cell's
        else:
            assert callable(does), label
        assert held is None or callable(held), label
        if number:
            start, low, high, most, below = number
            assert callable(start) or low <= start <= high
            assert below is None or callable(below), label
    # a held OK installs a card for 0 (+1cr), advances twice, ends a turn, purges (the Corp
    # with virus counters on the tracker), is a run that took nothing (begun and ended on Run;
    # ended on Access), asks the new game's question (More), or jacks out (Fail)
    assert [row[0] for row in B.CELLS if row[4]] == ["+1cr", "Adv", "Run", "Acts", "End", "More",
                                                     "Access", "Fail"]


def test_places_are_the_sides_fields_on_the_glass_and_never_overlap():
    fields = {CORP: [row[0] for row in CORP_FIELDS], RUNNER: [row[0] for row in RUNNER_FIELDS]}
    boxes = []
    for name, short, side, field, how, x, y, width, height, choice in D.PLACES:
        assert side in (CORP, RUNNER) and field in fields[side], name
        assert 0 <= x and x + width <= WIDTH and D.BAR_Y >= y + height, name
        for other in boxes:
            ox, oy, ow, oh = other
            assert x + width <= ox or ox + ow <= x or y + height <= oy or oy + oh <= y, name
        boxes.append((x, y, width, height))


def test_each_place_shows_its_field():
    """Changing a place's field changes the glass inside its box; any other pixel that changed
    under the large numbers is in the box of a place whose number changed with it (brain
    damage takes from the Runner's hand size)."""
    sim = play("")
    sim.run(3000)
    oled = sim.oled
    state = sim.app.game.state
    top = min(place[6] for place in D.PLACES)
    def shown():
        return [state.player(place[2]).shown(place[3]) for place in D.PLACES]
    for name, short, side, field, how, x, y, width, height, choice in D.PLACES:
        before, values = [[oled.pixel(i, j) for i in range(WIDTH)] for j in range(top, D.BAR_Y)], shown()
        player = state.player(side)
        setattr(player, field, getattr(player, field) + 3)
        sim.app.dirty = True
        sim.run(50)
        after = [[oled.pixel(i, j) for i in range(WIDTH)] for j in range(top, D.BAR_Y)]
        changed = [(i, j + top) for j in range(len(after)) for i in range(WIDTH)
                   if after[j][i] != before[j][i]]
        boxes = [place[5:9] for place, old, new in zip(D.PLACES, values, shown()) if old != new]
        assert (x, y, width, height) in boxes, name
        assert any(x <= i < x + width and y <= j < y + height for i, j in changed), name
        assert all(any(bx <= i < bx + bw and by <= j < by + bh for bx, by, bw, bh in boxes)
                   for i, j in changed), name


def test_every_choice_of_the_number_rings_has_its_words():
    """The ring's sentence before OK comes from the verb's row (engine_lite.netrunner.rules.VERBS, asks)."""
    from engine_lite.netrunner import rules
    from firmware.netrunner import purposes as P
    rings = [getattr(P, name) for name in dir(P) if name.isupper()
             and isinstance(getattr(P, name), tuple) and getattr(P, name)
             and isinstance(getattr(P, name)[0], tuple)]
    assert len(rings) >= 8
    for ring in rings:
        for label, side, verb in ring:
            if verb < P.DAMAGE and verb != P.LINK:
                asks = rules.VERBS[P._ASKS.get(verb, verb)][7]
                assert asks and asks.count("%d") == 1, label


def test_the_parts_after_the_places_follow_them():
    """The dashboard's part numbers: one per place, then the bottom row and the bar's cells."""
    assert D._PLACE + len(D.PLACES) == D._BOTTOM and D._BOTTOM + 1 == D.BAR_PART
