"""A game in progress: the current state, its full history, undo and redo.

The history is the list of applied actions, stored as compact byte records (see
`engine_lite.netrunner.actions.encode`), about 1.5 bytes an action. Undo does not keep old states: it
replays the history from the nearest checkpoint (a packed state saved every CHECKPOINT_EVERY
actions). So undo, redo, replay of a log file and reloading a save all use the one reducer,
`apply` of the game's rules. (Lines of the game log are applied by engine_lite.logtext.do_line.)

The rules are a module beside the others: `engine_lite.netrunner.rules` (Android: Netrunner, the default)
or `engine_lite.infiltration.rules`. Both give the same interface (listed at the top of
engine_lite.netrunner.rules), so a Game plays either the same way and nothing needs to ask which it is.
"""

from engine_lite.netrunner.state import new_game
from engine_lite.netrunner import rules as netrunner
from engine_lite.base import Refused
from engine_lite.infiltration import rules as infiltration
from engine_lite.netrunner import phrases


# The games, one entry each: the name a save or a log gives it ("game" in a snapshot, the word
# after `new-game` in a log; its rules module's NAME), its rules module, and the module of its
# words (phrase, spoken, board, turn_starts, turn_header, summary: messages and the log screen).
# Its game-log lines are the host's (engine_lite.logtext.LOG_LINES) and its screens the
# firmware's (firmware.games.KINDS), which the engine never names. Netrunner, the first, is the
# game when nothing says which. Another game is one `register` call away.
GAMES = [
    ("netrunner", netrunner, phrases),
    ("infiltration", infiltration, infiltration),
]


def register(rules, said):
    """Add a game: its rules module (whose NAME names it) and its words module, with the same
    interface as the two above (engine_lite.netrunner.rules lists it). Saves, the journal, undo and the
    archive then take it like any other."""
    if rules_named(rules.NAME) is None:
        GAMES.append((rules.NAME, rules, said))


def rules_named(name):
    """The rules module of a game by its name (GAMES), or None for a name that is no game."""
    for row in GAMES:
        if row[0] == name:
            return row[1]
    return None


def words(rules):
    """The game in words: the module its entry in GAMES gives."""
    for row in GAMES:
        if row[0] == rules.NAME:
            return row[2]
    raise KeyError(rules.NAME)


class Game:
    """One game: `state` is what the table shows now.

    `do(action)` applies an action and returns the rules' note (or None); it raises `Refused`
    and changes nothing when the rules say no. `undo()` and `redo()` step through the history.
    """

    CHECKPOINT_EVERY = 32  # actions between stored states: bounds the replay an undo costs

    def __init__(self, start=None, rules=None):
        if start is None:
            start = new_game()
        self.rules = rules or netrunner
        self.state = start
        self.history = bytearray()
        self.count = 0          # actions in the history
        self.redo_stack = []    # undone actions, the next to redo last
        # (action count, byte offset, packed state); the first, the start, is never dropped
        self.checkpoints = [(0, 0, start.pack())]
        self.last_note = None
        self.low_water = 0      # the fewest actions the history had since mark_saved()
        # What the device keeps with this game and saves with it, untouched by the rules: a
        # small dict of JSON values (a tournament match's record: firmware.tournament.match).
        self.extras = {}
        # A saved history taken without replaying it (adopt): [actions checked, their byte
        # offset, the state they lead to, checkpoints found, actions adopted, their bytes,
        # offset of the last one, the saved state packed]; None once checked (or never adopted).
        self._unchecked = None
        self.damaged = None     # why an adopted history failed its check, once it has

    @property
    def unchecked(self):
        """True while an adopted history has not been replayed to its end yet."""
        return self._unchecked is not None


    def adopt(self, history, count, state, last=None):
        """Take a saved game without replaying it, so that it is on the glass at once however
        long it is: `history` holds `count` actions said to lead from the start to `state`
        (`last`: the byte offset of the last one, if known). Play goes on from `state`; `check`
        replays the history in slices between key presses, and anything that reaches back
        into it (undo, the log, a journal record that cut it) finishes the check first, so a
        damaged history is found and reported, never trusted for an undo."""
        self.history = bytearray(history)
        self.count = count
        self.state = state
        self.low_water = count
        if count:
            # the saved state is a checkpoint of its own: undoing what is done after it needs
            # no replay from the start
            self.checkpoints.append((count, len(self.history), state.pack()))
            self._unchecked = [0, 0, self.start, [], count, len(self.history), last,
                               state.pack()]

    def check(self, steps):
        """Replay up to `steps` more actions of an adopted history. Returns True while there
        is more to check, False when done. A history that does not lead to the saved state
        (an action refused, bytes that are not actions, another state at its end) makes the
        saved state the game's start (undo then stops there) and sets `damaged`."""
        pending = self._unchecked
        if pending is None:
            return False
        done, offset, state, found, end, end_offset, last, saved = pending
        rules = self.rules
        problem = None
        try:
            while steps > 0 and done < end:
                if done == end - 1 and last is not None and offset != last:
                    raise ValueError("the last action is not where the save says")
                act, offset = rules.decode(self.history, offset)
                rules.advance(state, act)      # (the pending state is this check's own)
                done += 1
                steps -= 1
                if done % self.CHECKPOINT_EVERY == 0 and done < end:
                    found.append((done, offset, state.pack()))
        except Exception as error:        # Refused, or bytes that are not actions
            problem = "action %d: %s" % (done + 1, error)
        if problem is None and done < end:
            pending[0] = done
            pending[1] = offset
            pending[2] = state
            return True
        self._unchecked = None
        if problem is None and (offset != end_offset or state.pack() != saved):
            problem = "the history does not lead to the saved state"
        if problem is None:
            self.checkpoints[1:1] = found     # between the start and the saved state
            return False
        self._rebase(end, end_offset, saved)
        self.damaged = problem
        return False

    def check_all(self):
        """Finish the check of an adopted history at once."""
        while self.check(64):
            pass

    def _rebase(self, count, offset, packed):
        """Make the state after `count` actions (at byte `offset`, `packed`) the game's start,
        dropping the history before it."""
        self.checkpoints = [(c - count, o - offset, p) for c, o, p in self.checkpoints
                            if c >= count]
        self.history = self.history[offset:]
        self.count -= count
        self.low_water = 0

    @property
    def start(self):
        """The state the game started from (kept packed in the first checkpoint)."""
        return self.rules.unpack(self.checkpoints[0][2])

    # ---- doing ----------------------------------------------------------------------------

    def replay(self, acts):
        """Apply and record `acts` in order, all or none, without touching the redo stack (for
        redo, and loading: a journal's records at power-up). Returns the last one's note.
        They are done to one copy of the state, and its limits checked once at the end: a
        copy and a check for each action were most of power-up's time with a journal (make
        bench: power-up, 150 of 500 in journal). Raises Refused, the game as it was."""
        rules = self.rules
        count = self.count
        size = len(self.history)
        marks = len(self.checkpoints)
        state = self.state.copy()
        note = None
        try:
            for act in acts:
                note = rules.advance(state, act)
                rules.encode(act, self.history)
                self.count += 1
                if self.count % self.CHECKPOINT_EVERY == 0:
                    self.checkpoints.append((self.count, len(self.history), state.pack()))
            rules.check_limits(state)
        except Exception:
            self.count = count
            self.history = self.history[:size]
            del self.checkpoints[marks:]
            raise
        if acts:
            self.state = state
            self.last_note = note
        return note

    def _record(self, act, applied):
        """Record `act`, whose (new state, note) from the rules is `applied`."""
        state, note = applied
        self.rules.encode(act, self.history)     # (first: should it fail, nothing has changed)
        self.state = state
        self.count += 1
        if self.count % self.CHECKPOINT_EVERY == 0:
            self.checkpoints.append((self.count, len(self.history), state.pack()))
        self.last_note = note
        return note

    def do(self, act):
        """Apply an action. Returns the rules' note; raises Refused (state unchanged)."""
        return self.do_applied(act, self.rules.apply(self.state, act))

    def do_applied(self, act, applied):
        """Do an action the caller has already applied to this state: `applied` is what
        rules.apply(game.state, act) returned (the App looks at it first, to ask before a game
        ends), so that it is not applied twice. Returns the rules' note."""
        note = self._record(act, applied)
        self.redo_stack = []
        return note

    def undo(self):
        """Take back the last action; returns it. Raises Refused when there is nothing to undo."""
        if self.count == 0:
            raise Refused("Nothing to undo")
        history = self.history
        # The undone action is read where truncate cut the history (the old bytes still hold
        # it): finding it first walked up to 63 records from a checkpoint again, 11 ms on a
        # Pico inside the press (make bench: press to photon).
        last = self.rules.decode(history, self.truncate(self.count - 1))[0]
        self.redo_stack.append(last)
        self.last_note = None
        return last

    def truncate(self, target):
        """Go back to the state after the first `target` actions, dropping the rest of the
        history (the redo stack is left alone: undo and loading decide what goes there).
        Returns the byte offset the history was cut at."""
        if self._unchecked is not None and target < self._unchecked[4]:
            self.check_all()
            if self.damaged:
                raise Refused("The saved history is damaged: undo stops at power-up")
        while self.checkpoints[-1][0] > target:
            self.checkpoints.pop()
        count, offset, packed = self.checkpoints[-1]
        rules = self.rules
        state = rules.unpack(packed)
        while count < target:      # (an undo's wait: advance, not apply, on this new state)
            act, offset = rules.decode(self.history, offset)
            rules.advance(state, act)
            count += 1
        self.history = self.history[:offset]  # MicroPython bytearrays cannot del a slice
        self.count = target
        self.state = state
        if target < self.low_water:
            self.low_water = target
        return offset

    def offset_of(self, index):
        """Byte offset in `history` where action number `index` (from 0) starts."""
        pending = self._unchecked
        if pending is not None and index < pending[4]:
            if index == pending[4] - 1 and pending[6] is not None:
                return pending[6]          # the last saved action: where the save said
            self.check_all()
        for count, offset, _ in reversed(self.checkpoints):
            if count <= index:
                break
        while count < index:
            offset = self.rules.decode(self.history, offset)[1]
            count += 1
        return offset

    def action_at(self, index):
        """Action number `index` (from 0) of the history."""
        return self.rules.decode(self.history, self.offset_of(index))[0]

    def mark_saved(self):
        """Storage calls this after a commit: the low-water mark starts again from here."""
        self.low_water = self.count

    def redo(self):
        """Apply the last undone action again; returns it. Raises Refused if there is none."""
        if not self.redo_stack:
            raise Refused("Nothing to redo")
        act = self.redo_stack[-1]
        self.replay((act,))
        self.redo_stack.pop()
        return act

    # ---- reading (the history as log lines: engine_lite.logtext.log_lines) ----------------

    def redo_records(self):
        """The redo list as byte records (for saving)."""
        out = bytearray()
        for act in self.redo_stack:
            self.rules.encode(act, out)
        return bytes(out)

    def since_last(self, verb):
        """The actions after the last one of `verb` (all of them when there is none), oldest
        first: a turn's so far, say. Decoded from the last checkpoint before that action, not
        from the start, so a long game costs only the stretch asked for. None while an adopted
        history is unchecked (where its actions start is not known without decoding it all)."""
        if self._unchecked is not None:
            return None
        decode = self.rules.decode
        history = self.history
        checkpoints = self.checkpoints
        for i in range(len(checkpoints) - 1, -1, -1):
            offset = checkpoints[i][1]
            acts = []
            seen = False
            while offset < len(history):
                act, offset = decode(history, offset)
                if act[0] == verb:
                    acts = []
                    seen = True
                else:
                    acts.append(act)
            if seen or not i:
                return acts
        return []

    def actions(self):
        """The applied actions, oldest first (a generator: nothing is copied)."""
        self.check_all()
        offset = 0
        decode = self.rules.decode
        while offset < len(self.history):
            act, offset = decode(self.history, offset)
            yield act
