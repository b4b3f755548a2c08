"""A game in progress: the current state, its full history, undo and redo.

The history is the list of applied actions, stored as compact byte records (see
`engine_lite.actions.encode`), about 1.5 bytes an action. Undo does not keep old states: it
replays the history from the nearest checkpoint (a packed state saved every CHECKPOINT_EVERY
actions). So undo, redo, replay of a log file and reloading a save all use the one reducer,
`apply` of the game's rules. (Lines of the game log are applied by engine_lite.logtext.do_line.)

The rules are a module beside the others: `engine_lite.rules` (Android: Netrunner, the default)
or `engine_lite.infiltration`. Each has `apply(state, action)`, `encode` and `decode` (its
actions as byte records), `unpack(values)` and `NAME`; a Game plays any of them the same way.
"""

from engine_lite.state import new_game
from engine_lite import rules as netrunner
from engine_lite.rules import Refused


class Game:
    """One game: `state` is what the table shows now.

    `do(action)` applies an action and returns the rules' note (or None); it raises `Refused`
    and changes nothing when the rules say no. `undo()` and `redo()` step through the history.
    """

    CHECKPOINT_EVERY = 64  # actions between stored states: bounds the replay an undo costs

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

    @property
    def start(self):
        """The state the game started from (kept packed in the first checkpoint)."""
        return self.rules.unpack(self.checkpoints[0][2])

    # ---- doing ----------------------------------------------------------------------------

    def replay(self, act):
        """Apply and record an action without touching the redo stack (for redo and loading)."""
        state, note = self.rules.apply(self.state, act)
        self.state = state
        self.rules.encode(act, self.history)
        self.count += 1
        if self.count % self.CHECKPOINT_EVERY == 0:
            self.checkpoints.append((self.count, len(self.history), state.pack()))
        self.last_note = note
        return note

    def do(self, act):
        """Apply an action. Returns the rules' note; raises Refused (state unchanged)."""
        note = self.replay(act)
        self.redo_stack = []
        return note

    def undo(self):
        """Take back the last action; returns it. Raises Refused when there is nothing to undo."""
        if self.count == 0:
            raise Refused("Nothing to undo")
        last = self.action_at(self.count - 1)
        self.truncate(self.count - 1)
        self.redo_stack.append(last)
        self.last_note = None
        return last

    def truncate(self, target):
        """Go back to the state after the first `target` actions, dropping the rest of the
        history (the redo stack is left alone: undo and loading decide what goes there)."""
        while self.checkpoints[-1][0] > target:
            self.checkpoints.pop()
        count, offset, packed = self.checkpoints[-1]
        rules = self.rules
        state = rules.unpack(packed)
        while count < target:
            act, offset = rules.decode(self.history, offset)
            state = rules.apply(state, act)[0]
            count += 1
        self.history = self.history[:offset]  # MicroPython bytearrays cannot del a slice
        self.count = target
        self.state = state
        if target < self.low_water:
            self.low_water = target

    def offset_of(self, index):
        """Byte offset in `history` where action number `index` (from 0) starts."""
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
        self.replay(act)
        self.redo_stack.pop()
        return act

    # ---- reading (the history as log lines: engine_lite.logline.log_lines) ----------------

    def redo_records(self):
        """The redo list as byte records (for saving)."""
        out = bytearray()
        for act in self.redo_stack:
            self.rules.encode(act, out)
        return bytes(out)

    def actions(self):
        """The applied actions, oldest first (a generator: nothing is copied)."""
        offset = 0
        decode = self.rules.decode
        while offset < len(self.history):
            act, offset = decode(self.history, offset)
            yield act
