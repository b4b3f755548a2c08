"""A pending change: a number picked with UP/DOWN on the dashboard, then what it is for.

UP or DOWN on the dashboard starts a number (held: 5 at a time). LEFT/RIGHT then choose what the
number is for, in a ring shown in the action bar ("< Ice  [Install]  Play >"), and the row under
the large numbers says it in words before OK does it: "Corp installs: 2 cr". So the common table moves take
a few presses, with no menu:

    DOWN DOWN OK          Corp (in its turn): install a card costing 2; with the Runner
                          tagged, trash a resource (its 2 credits), install a RIGHT away
    DOWN DOWN LEFT OK     ... play an operation costing 2
    UP RIGHT RIGHT OK     the Runner takes a tag
    DOWN x4 RIGHT OK      in the Runner's run: the Corp rezzes a card costing 4

Gains and things that go up (credits, agenda points, tags, damage, bad publicity) are on the UP
side; payments are on the DOWN side. The first choice is the likeliest for the moment (install
in one's own turn, pay for icebreakers in a run, a trash cost while accessing).

"""

from engine_lite.netrunner.state import CORP, RUNNER, SIDE_NAMES, Refused
from engine_lite.netrunner import actions as A
from engine_lite.netrunner import rules
from firmware.screens.fonts import SMALL, fitting
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import WIDTH, step_of
from firmware.netrunner.damage import damage_then
from engine_lite.game import Game
from firmware.games import start_game
from firmware.screens.widgets import NumberPrompt

ACTIVE = 2          # "side" of a choice made by whoever's turn it is
OTHER = 3           # ... by the other side
ICE_THERE = 1       # the prompt for ice already on the server starts here (the tax is why the
                    # Corp picks Ice: a first ice has no tax and is an Install away)
DAMAGE = 100        # pseudo-verbs: DAMAGE + kind
ICE = 99
LINK = 98           # the Runner's link from the start of a game nothing has happened in yet
AGAIN = 97          # an economy event of this game again: play for the number, then gain
LEARN_REACH = 160   # actions looked back for them at first (a dozen turns or so: 11 ms on a
                    # Pico, then only the actions since: economy_events)
WINNING = (A.SCORE, A.STEAL)

# (label, side, verb) rings, first choice first; the ring wraps, so the choices just before
# the first are as near as those after it.
# In the Corp's turn Meat is last, a LEFT away: meat damage then is a kill card's (Scorched
# Earth), and a flatline takes UP (held to the damage), LEFT and a held OK, the held OK that
# every game's end asks for (make bench: record a flatline, 3 presses; bad publicity +1 is UP
# LEFT LEFT OK, 4).
UP_OWN_CORP = (("Gain", ACTIVE, A.GAIN), ("Score", CORP, A.SCORE), ("Tag", RUNNER, A.TAGS),
               ("Net", RUNNER, DAMAGE + A.DAMAGE_NET), ("Brain", RUNNER, DAMAGE + A.DAMAGE_BRAIN),
               ("Runner", RUNNER, A.GAIN), ("Bad pub", CORP, A.BAD_PUBLICITY),
               ("Meat", RUNNER, DAMAGE + A.DAMAGE_MEAT))
UP_RUNNER = (("Gain", ACTIVE, A.GAIN), ("Net", RUNNER, DAMAGE + A.DAMAGE_NET),
             ("Tag", RUNNER, A.TAGS), ("Meat", RUNNER, DAMAGE + A.DAMAGE_MEAT),
             ("Steal", RUNNER, A.STEAL), ("Bad pub", CORP, A.BAD_PUBLICITY),
             ("Corp", CORP, A.GAIN), ("Virus", RUNNER, A.VIRUS),
             ("Brain", RUNNER, DAMAGE + A.DAMAGE_BRAIN), ("Click", ACTIVE, A.CLICKS))
# (Click last: LEFT from the first choice, UP LEFT OK = 3 presses for a card's extra click;
# Brain is then LEFT LEFT, still within its budget: make bench, presses per table task. Virus
# counters a program gets, LEFT three times: UP UP LEFT LEFT LEFT OK places 2.)
# While the Runner accesses, what goes up is a trap's doing (Snare!, Shock!: net damage, a tag)
# far more than a gain: damage and the tag first (a snare's 2 net damage UP UP OK, meat a RIGHT
# more; make bench: presses per turn), every other choice of UP_RUNNER after them, in its order.
UP_ACCESS = (UP_RUNNER[1], UP_RUNNER[3], UP_RUNNER[2], UP_RUNNER[8], UP_RUNNER[4],
             UP_RUNNER[0]) + UP_RUNNER[5:8] + UP_RUNNER[9:]
# Before anything has happened in a game, the Runner's identity sets its link: "Link" sits
# after Tag (UP RIGHT RIGHT RIGHT OK: link 1 in 5 presses; every other choice where it was).
UP_FRESH = UP_OWN_CORP[:3] + (("Link", RUNNER, LINK),) + UP_OWN_CORP[3:]
DOWN_OWN = (("Install", ACTIVE, A.INSTALL), ("Ice", CORP, ICE), ("Rez", CORP, A.REZ),
            ("Pay", ACTIVE, A.PAY), ("Lose", ACTIVE, A.LOSE), ("Other", OTHER, A.PAY),
            ("Play", ACTIVE, A.PLAY))
# The Corp in its own turn with the Runner tagged: 2 is what trashing a resource costs, so a
# DOWN of 2 offers that first (DOWN DOWN OK: 3 presses); an install for 2 is a RIGHT away.
TRASH_RESOURCE = (("Trash res", CORP, A.TRASH_RESOURCE),) + DOWN_OWN
DOWN_OWN_RUNNER = (("Install", ACTIVE, A.INSTALL), ("Pay", ACTIVE, A.PAY),
                   ("Lose", ACTIVE, A.LOSE), ("Corp", CORP, A.PAY), ("Rez", CORP, A.REZ),
                   ("Play", ACTIVE, A.PLAY))
# The Runner in its own turn, tagged: 2 is what removing a tag costs (with a click), so a DOWN
# of 2 offers that first (DOWN DOWN OK: 3 presses); an install for 2 is a RIGHT away.
REMOVE_TAG = (("Untag", RUNNER, A.REMOVE_TAG),) + DOWN_OWN_RUNNER
FOR_NOTHING = (A.INSTALL, A.PLAY, A.REZ, ICE)    # what a number brought back to 0 still does
DOWN_RUN = (("Pay", RUNNER, A.PAY), ("Rez", CORP, A.REZ), ("Corp", CORP, A.PAY),
            ("Lose", RUNNER, A.LOSE), ("Corp lose", CORP, A.LOSE))
DOWN_ACCESS = (("Trash", RUNNER, A.TRASH), ("Pay", RUNNER, A.PAY), ("Rez", CORP, A.REZ),
               ("Corp", CORP, A.PAY), ("Lose", RUNNER, A.LOSE))
DOWN_ANY = (("Pay", ACTIVE, A.PAY), ("Rez", CORP, A.REZ), ("Other", OTHER, A.PAY),
            ("Lose", ACTIVE, A.LOSE))

# The ring's words before OK are its verbs' (engine_lite.netrunner.rules.VERBS, "asks"); a choice that is
# no verb of its own says what it is for here: ice to install (the rules' INSTALL_ICE, after how
# much ice is there), the link the Runner's identity gives (SET). Damage: sentence.
_ASKS = {ICE: A.INSTALL_ICE}
_LINK_ASKS = "%s link %d from start"


def ring(s, up, delta=0, fresh=False, events=None):
    """The choices for a change up (True) or down (by `delta`), in this state (`fresh`: a game
    nothing has happened in yet; `events`: {payment: gain} of the economy events the side in
    its turn played lately, `economy_events`: a payment of one offers it again first)."""
    if up:
        if s.active == CORP and not s.in_run():
            return UP_FRESH if fresh else UP_OWN_CORP
        return UP_ACCESS if s.run_access else UP_RUNNER
    if s.run_access:
        return DOWN_ACCESS
    if s.in_run():
        return DOWN_RUN
    if s.player(s.active).clicks:
        if s.active == CORP:
            own = TRASH_RESOURCE if delta == -2 and s.runner.tags else DOWN_OWN
        else:
            own = REMOVE_TAG if delta == -2 and s.runner.tags else DOWN_OWN_RUNNER
        if events and -delta in events:
            return _AGAIN_FIRST[own]
        return own
    return DOWN_ANY


# Each own-turn ring with the economy event first (made once: Pending.change tells a ring
# changed under the number by its identity).
_AGAIN_FIRST = dict((own, (("Again", ACTIVE, AGAIN),) + own)
                    for own in (DOWN_OWN, TRASH_RESOURCE, DOWN_OWN_RUNNER, REMOVE_TAG))


# What economy_events read last: [game, its action count, the history's length then, the
# history's last TAIL bytes then, its last action, ({payment: gain} of the Corp, of the Runner)].
# A number opened after another action reads only the actions since (a scan of LEARN_REACH
# actions took 11 ms on the virtual Pico, at every number opened: make bench, press to glass).
_learned = [None, 0, 0, b"", None, ({}, {})]
TAIL = 8


def economy_events(game, side):
    """{payment: gain} of the economy events `side` played lately in this game: a card played
    for a number, then credits gained right after it (Sure Gamble, Hedge Fund: play 5, gain
    9), the newest for each payment; read from the last LEARN_REACH actions, then from every
    action since. Learned from the game's own history, no card list (issue 60: an economy event
    played before is a press or two to play again). None found while a resumed history is
    still being checked (it is not read then)."""
    if game.unchecked or not game.count:
        return {}
    history = game.history
    seen = _learned
    size = seen[2]
    if (seen[0] is game and game.count >= seen[1] and len(history) >= size
            and history[max(0, size - TAIL):size] == seen[3]):
        offset, last, events = size, seen[4], seen[5]       # on from where it was read
    else:
        offset, last, events = game.offset_of(max(0, game.count - LEARN_REACH)), None, ({}, {})
    decode = game.rules.decode
    while offset < len(history):
        act, offset = decode(history, offset)
        # (a payment of 0 is left out: DOWN, UP, OK installs a card costing 0)
        if (act[0] == A.GAIN and last is not None and last[0] == A.PLAY and last[2]
                and act[1] == last[1]):
            events[act[1]][last[2]] = act[2]
        last = act
    seen[:] = [game, game.count, offset, history[max(0, offset - TAIL):offset], last, events]
    return events[side]


def pending_for(game):
    """The number a key on the dashboard opens in `game` (its ring knows the game's economy
    events): the dashboard's, and touch's working out of the keys a tap makes."""
    return Pending(not game.count, economy_events(game, game.state.active))


def _ends_run(s, side, verb):
    """Whether a held OK on the choice (`side`, `verb`) also ends the run, nothing taken: the
    Runner's payment in a run before its access (issue 60: a run that broke ice was three
    presses over its token moves; Pay, then a held Access, is one held OK). Pending's sentence
    says so."""
    return verb == A.PAY and side == RUNNER and s.in_run() and not s.run_access


class Pending:
    """A number waiting for its purpose. `delta` is signed; `index` is the lit choice."""

    def __init__(self, fresh=False, events=None):
        self.delta = 0
        self.index = 0
        self.fresh = fresh      # nothing has happened in the game yet (the ring offers Link)
        # {payment: gain}: economy_events, each offered again at its payment (ring)
        self.events = {} if events is None else events
        self.opened_held = False  # opened by a long press: its first repeat makes it 5 (key)
        self._ends = (None, 0, 0, False)  # (state, delta, index, whether OK ends the game)

    def choices(self, s):
        """The ring for the number's sign (and, for the Corp facing a tagged Runner, size)."""
        return ring(s, self.delta > 0, self.delta, self.fresh, self.events)

    def choice(self, s):
        """(label, side, verb) of the lit choice, the side resolved."""
        choices = self.choices(s)
        if self.index >= len(choices):
            # The ring grew shorter under the number (the game changed: a redo, the time
            # call): the lit choice is the nearest one left, drawn before any OK
            self.index = len(choices) - 1
        label, side, verb = choices[self.index]
        if side == ACTIVE:
            side = s.active
        elif side == OTHER:
            side = 1 - s.active
        return label, side, verb

    def change(self, s, step):
        """UP (+step) or DOWN (-step); a change of sign starts at that side's first choice."""
        old = self.delta
        before = self.choices(s)
        self.delta = max(-999, min(999, old + step))
        if (self.delta > 0) != (old > 0) or not old or self.choices(s) is not before:
            self.index = 0          # another ring: its first choice

    def move(self, s, step):
        """LEFT (-1) or RIGHT (+1) round the ring."""
        self.index = (self.index + step) % len(self.choices(s))

    def sentence(self, s):
        """What OK will do, in words."""
        label, side, verb = self.choice(s)
        n = abs(self.delta)
        if self.ends_game(s):
            if verb >= DAMAGE:
                # the grip's count named: it is what the flatline is judged by (issue 35)
                kind = A.DAMAGE_KINDS[verb - DAMAGE]
                return fitting(("Flatline: %d %s, grip %d" % (n, kind, s.runner.grip),
                                "Flatline, grip %d: hold OK" % s.runner.grip,
                                "Flatline: hold OK"))
            return fitting(("%s %d wins: hold OK" % (label, n), "Wins: hold OK"))
        if verb >= DAMAGE:
            return "Runner: %d %s damage" % (n, A.DAMAGE_KINDS[verb - DAMAGE])
        if _ends_run(s, side, verb):
            return fitting(("Runner pays %d, hold: none" % n, "Pays %d cr, hold OK: none" % n,
                            "Pays %d, hold: none" % n))
        if verb == AGAIN:
            return "%s plays %d, gains %d" % (SIDE_NAMES[side], n, self.events[n])
        if verb == A.SCORE:
            remote = rules.scoring_remote(s.corp)
            if remote:
                has = s.corp.advancements(remote)
                return fitting(("Score %d from R%d (%d adv)" % (n, remote, has),
                                "Scores %d pt from remote %d" % (n, remote),
                                "Score %d: remote %d" % (n, remote)))
        asks = _LINK_ASKS if verb == LINK else rules.VERBS[_ASKS.get(verb, verb)][7]
        text = (asks or "%s: %d") % (SIDE_NAMES[side], n)    # (each ring verb asks: a test)
        if n != 1 and text[text.rfind(" ") + 1:] in ("tag", "click"):
            text += "s"             # (the rows' words are singular: "Runner takes 2 tags")
        if SMALL.measure(text) <= WIDTH:
            return text
        # Too wide for the screen ("Corp trashes a resource: 12 cr"): without the side, which
        # the lit choice under it says ("Trashes a resource: 12 cr").
        text = text[len(SIDE_NAMES[side]):].lstrip(": ")     # ("Runner: virus counters +12")
        return text[:1].upper() + text[1:]

    def ends_game(self, s):
        """Whether OK on the lit choice ends the game (a flatline, the agenda that wins): the
        sentence then says so, and a held OK does it at once (a tap asks first, App.act). Kept
        for the number and choice it was worked out for: it applies the action to a copy of
        the game (a few ms on a Pico), and the sentence is drawn again on every key."""
        cached = self._ends
        if cached[0] is s and cached[1] == self.delta and cached[2] == self.index:
            return cached[3]
        label, side, verb = self.choice(s)
        ends = False
        if (verb >= DAMAGE or verb in WINNING) and self.delta and not rules.over(s):
            try:
                ends = rules.over(rules.apply(s, self.action(s))[0])
            except Refused:
                pass                  # refused: OK says why
        self._ends = (s, self.delta, self.index, ends)
        return ends

    def action(self, s):
        """The action OK does (None for ice, which asks how much ice is there first)."""
        label, side, verb = self.choice(s)
        n = abs(self.delta)
        if verb in WINNING:
            return points_action(s, verb, side, n)
        if verb >= DAMAGE:
            return A.action(A.DAMAGE, RUNNER, verb - DAMAGE, n)
        if verb == ICE:
            return None
        if verb == AGAIN:
            return A.action(A.PLAY, side, n)      # (the gain follows it: key)
        if verb == A.TRASH_RESOURCE:
            return A.action(verb, CORP)       # a click and the 2 credits the number says
        if verb == A.REMOVE_TAG:
            return A.action(verb, RUNNER)     # the same
        return A.action(verb, side, n)

    def key(self, app, dashboard, s, name, event):
        """UP/DOWN change the number, LEFT/RIGHT choose what for, OK does it (a number back
        at 0 is dropped). The dashboard passes its keys here while the number waits."""
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            step = step_of(event)
            if self.opened_held and event == REPEAT:
                step = 4            # opened by a long press at 1, held on: the long press's 5
            self.opened_held = False
            self.change(s, step * (1 if name == "UP" else -1))
        elif name in ("LEFT", "RIGHT") and event == PRESS:
            self.move(s, 1 if name == "RIGHT" else -1)
        elif name == "OK" and event in (PRESS, LONG):
            # A held OK does what a tap does; on a choice that ends the game (its sentence
            # says "hold OK") it is also the yes that a tap is asked for.
            confirmed = event == LONG and self.ends_game(s)
            label, side, verb = self.choice(s)
            ends_run = _ends_run(s, side, verb)     # (asked of the state before the payment)
            n = abs(self.delta)
            if not n and verb not in FOR_NOTHING:
                dashboard.drop()
            elif verb == ICE:
                dashboard.drop()
                ice_then(app, n)       # asks how much ice is there
            elif verb in WINNING:
                act = self.action(s)
                dashboard.drop()
                points_then(app, act, lambda app: dashboard.accessed(app, app.toast), confirmed)
            elif verb == LINK:
                dashboard.drop()
                start_with_link(app, n)
            elif verb == AGAIN:
                dashboard.drop()
                gain = self.events[n]
                if app.act(self.action(s)) and app.act(A.action(A.GAIN, side, gain)):
                    app.say("%s played %d and gained %d"
                            % (SIDE_NAMES[side], n, gain))
            elif verb >= DAMAGE and not confirmed:
                # (as from More > Counters: a flatline by the grip's count asks about the count)
                dashboard.drop()
                damage_then(app, verb - DAMAGE, n)
            elif app.act(self.action(s), confirmed=confirmed):   # said: "Corp rezzed for 3"
                dashboard.drop()
                if verb == A.TRASH:
                    dashboard.accessed(app, app.toast)   # a trash cost paid: that card is done
                elif event == LONG and ends_run:
                    dashboard.none_taken(app, app.toast)   # "Runner paid 2. Run successful"
            elif app.screen is dashboard:
                # Refused (the message says why): the number goes too, and the message says
                # so, or a later OK would spend it on something else (issue 35)
                dashboard.drop()
                app.toast = (app.toast or "") + ". Number dropped"

    def draw_ring(self, s, fb, y):
        """The ring on row y, the lit choice in the middle, its neighbours either side (the
        dashboard says the sentence in the row under the large numbers)."""
        choices = self.choices(s)
        label = choices[self.index][0]
        width = SMALL.measure(label) + 4
        x = (WIDTH - width) // 2
        # Underlined, as the bar's cursor: not inverse (dark 1-pixel strokes drown in a lit
        # background, issue 24).
        fb.hline(x, y + 7, width, 1)
        SMALL.draw(fb, label, x + 2, y)
        if len(choices) > 1:
            # A neighbour that does not fit beside a wide lit choice is its arrow alone, never
            # a word cut at the edge ("rash res" read as a word).
            before = "<" + choices[(self.index - 1) % len(choices)][0]
            after = choices[(self.index + 1) % len(choices)][0] + ">"
            if SMALL.measure(before) > x - 3:
                before = "<"
            if SMALL.measure(after) > WIDTH - x - width - 3:
                after = ">"
            SMALL.draw(fb, before, x - 3 - SMALL.measure(before), y)
            SMALL.draw(fb, after, x + width + 3, y)


def points_action(s, verb, side, points):
    """The action that scores (from its remote, if its counters are kept), steals or forfeits
    `points`."""
    if verb == A.SCORE:
        return rules.score_action(s, side, points)
    return A.action(verb, side, points)


def points_then(app, act, done=None, confirmed=False):
    """Score, steal or forfeit (`act`), then back to the dashboard: points that would win ask
    first, with a held OK (App.act), unless `confirmed`. `done(app)` runs after the points were
    added."""
    if app.act(act, confirmed=confirmed):
        app.home()
        if done:
            done(app)


def start_with_link(app, link):
    """The game nothing has happened in starts again with the Runner's link at `link` (its
    identity's): the game log's new-game line says it, and no action is spent on it."""
    start = app.game.start.copy()
    start.runner.link = link
    start_game(app, Game(start, app.game.rules))
    app.say("Runner's link: %d from the start of the game" % link)


def ice_then(app, cost, start=ICE_THERE):
    """Install ice costing `cost`: ask how much ice the server has (each one adds a credit),
    from `start`."""

    def done(app, ice):
        if app.act(A.action(A.INSTALL_ICE, CORP, cost, ice)):
            app.home()
    # (the label is 25 characters: the width of the screen in small text; the line under the
    # number names the ice and its cost, as OK will record them: issue 35)
    app.push(NumberPrompt("INSTALL ICE", "Ice already on the server", start, 0, 20, done,
                          lambda ice: "Ice: pays %d + %d = %d" % (cost, ice, cost + ice)))
