"""The security monitor: the home screen of an Infiltration game (the Netrunner one is
firmware.netrunner.dashboard; each game's entry in firmware.games names its own).

    +---------------------------------------------+
    |[ROUND 3  SELECTION           first: 2 ]     |  the round and its phase, who holds the die
    | 17                                    2     |  Proximity (00-99) and Alarm (0-9), large
    | proximity                         alarm     |
    | In: 1 2* 3   Out: 4   Caught: 5             |  the agents (* wounded, ! delayed)
    | Pick cards. Delayed: 2                      |  what this phase asks of the table
    |[Next] Agents  Alarm  Prox  More             |  the action bar
    +---------------------------------------------+

Keys: LEFT/RIGHT move along the bar, OK does the lit action. `Next` goes to the next phase; in
the Security phase it reads `Roll`: the device rolls the die (the Pico's hardware random
source) and applies it, the roll in the message. On `Alarm` and `Prox`, UP/DOWN change that
display (held: 5 at a time; each change is logged and undoable). `Agents` lists the agents;
choosing one offers what can happen to it. `More`: a table die's result, the log, undo/redo,
new game. Hold LEFT: undo, hold RIGHT: redo, as everywhere.
"""

from engine_lite.infiltration import rules as I
from engine_lite.base import const
from firmware.screens.fonts import SMALL, BIG, fitting
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH, HEIGHT, step_of
from firmware.infiltration.monitor_menus import AgentsMenu, EndScreen, MonitorMore

BAR = ("Next", "Agents", "Alarm", "Prox", "More")
ROLL_BAR = ("Roll", "Agents", "Alarm", "Prox", "More")
BAR_Y = HEIGHT - 8
# The monitor's parts (Screen.part): each is drawn again only when what it shows changed.
_HEADER = const(0)              # the round, its phase, the first player
_DISPLAYS = const(1)            # proximity and alarm in large digits
_CAPTIONS = const(2)
_AGENTS = const(3)
_PROMPT = const(4)              # what the phase asks for
BAR_PART = const(5)             # parts 5.. are the bar's cells
PROMPTS = ("Pick cards secretly", "Order: %s", "The NPCs act", "Roll: hold OK")


def roll(app, monitor):
    """A die from the board's random source, applied as the Security phase. The roll and its
    sum take the phase's row while the next round's Selection lasts (a row that changes now
    anyway: no message to draw and take away)."""
    die = app.die()
    s = app.game.state
    if app.act((I.SECURITY, 0, die, 0, 0), quiet=True, notes=False):
        new = app.game.state
        if new.ended:
            app.say("Rolled %d: proximity 99, the police are here" % die)
        else:
            monitor.rolled = (new.round, "Rolled %d: %d+%d+%d=%d" % (
                die, s.proximity, die, s.alarm, new.proximity))


class Monitor(Screen):
    """The Infiltration home screen (see the module's text)."""

    name = "monitor"

    def __init__(self):
        self.cursor = 0
        self.rolled = (0, "")       # (round, what the roll that began it was)
        self._seen = None           # the state the two lines below were made for
        self._agents = self._prompt = ""
        self._keys = [None] * (BAR_PART + len(BAR))

    def open_end(self, app):
        """The game is over: the ranking (App keeps it in the stack while it is)."""
        app.push(EndScreen())

    def back_home(self):
        """Back from a menu: the cursor on the bar's first cell (Next, or Roll)."""
        self.cursor = 0

    def bar(self, s):
        return ROLL_BAR if s.phase == I.SECURITY_PHASE else BAR

    def toast_box(self, app, lines):
        """Messages take the captions' row (one page), or with the agents' row too for two
        lines; never the bar. While Alarm or Prox is lit, never the captions either: the number
        UP/DOWN change stays named ("proximity", issue 35); the phase's row then, and the
        agents' too for two lines."""
        if BAR[self.cursor] in ("Alarm", "Prox"):     # (the same cells in the roll's bar)
            if lines == 1:
                return 41, 48, 40
            return 33, 51, 34
        if lines == 1:
            return 25, 32, 24
        return 25, 43, 26

    def touch(self):
        """A message went: only the rows it can cover are drawn again (the captions, the
        agents, the phase's row), not the whole monitor: it costs a press little if it lands
        in one."""
        self._keys[2] = self._keys[3] = self._keys[4] = None

    def update(self, app, fb):
        s = app.game.state
        part = self.part
        if part(fb, _HEADER, (s.round, s.phase, s.first, s.ended), 0, 0, WIDTH, 8):
            right = "first %d" % s.first
            left = "GAME OVER" if s.ended else "ROUND %d %s" % (s.round, I.PHASES[s.phase].upper())
            if SMALL.measure(left + right) + 4 > WIDTH:
                left = left[6:]             # "999 SECURITY": the round's number is enough
            SMALL.draw(fb, left, 1, 0)
            SMALL.draw(fb, right, WIDTH - 1 - SMALL.measure(right), 0)
        if part(fb, _DISPLAYS, (s.proximity, s.alarm), 0, 8, WIDTH, 16):
            BIG.draw(fb, "%02d" % s.proximity, 0, 8)
            BIG.draw(fb, "%d" % s.alarm, WIDTH - BIG.measure("0"), 8)
        if part(fb, _CAPTIONS, 1, 0, 24, WIDTH, 8):
            SMALL.draw(fb, "proximity", 0, 24)
            SMALL.draw(fb, "alarm", WIDTH - SMALL.measure("alarm"), 24)
        if s is not self._seen:          # (a state is never changed: a new one is made)
            self._seen = s
            self._agents = agents_line(s)
            prompt = phase_prompt(s)
            if s.phase == 0 and self.rolled[0] == s.round and not s.ended:
                prompt = self.rolled[1]
            self._prompt = prompt
        agents = self._agents
        if part(fb, _AGENTS, agents, 0, 32, WIDTH, 8):
            SMALL.draw(fb, agents, 0, 32)
        prompt = self._prompt
        if part(fb, _PROMPT, prompt, 0, 40, WIDTH, 8):
            SMALL.draw(fb, prompt, 0, 40)
        labels = self.bar(s)
        x = 0
        spare = WIDTH - SMALL.measure("".join(labels))
        for i in range(len(labels)):
            lit = i == self.cursor
            w = SMALL.measure(labels[i]) + spare // len(labels) + (1 if i < spare % len(labels) else 0)
            if part(fb, BAR_PART + i, (lit, labels[i]), x, BAR_Y, w, 8):
                if lit:
                    fb.hline(x, BAR_Y + 7, w, 1)     # underlined, as the dashboard's bar
                label = labels[i]
                SMALL.draw(fb, label, x + (w - SMALL.measure(label)) // 2, BAR_Y)
            x += w

    def on_button(self, app, name, event):
        s = app.game.state
        label = self.bar(s)[self.cursor]
        if name in ("LEFT", "RIGHT") and event == PRESS:
            self.cursor = (self.cursor + (1 if name == "RIGHT" else -1)) % len(BAR)
        elif name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT) and label in ("Alarm", "Prox"):
            step = step_of(event) * (1 if name == "UP" else -1)
            app.act((I.ALARM if label == "Alarm" else I.PROXIMITY, 0, step, 0, 0), quiet=True)
        elif name == "OK" and event == LONG and label == "Roll":
            roll(app, self)        # the round's end: a held OK, as a Netrunner turn's end
        elif name == "OK" and event == PRESS:
            if label == "Roll":
                app.say("Hold OK to roll the die")      # (OK once a second rolled it)
            elif label == "Next":
                app.act((I.NEXT_PHASE, 0, 0, 0, 0), quiet=True)
            elif label == "Agents":
                app.push(AgentsMenu())
            elif label == "More":
                app.push(MonitorMore())


def agents_line(s):
    """"In: 1 2* 3!  Out: 4  Caught: 5": * wounded, ! delayed. When that is too long for a
    line, one mark an agent: "1*! 2 3 4> 5x" (> escaped, x caught)."""
    groups = ([], [], [])
    marks = []
    for i in range(s.players):
        agent = s.agents[i]
        mark = str(i + 1)
        if agent.status == I.INSIDE:
            mark += ("*" if agent.wounded else "") + ("!" if s.delayed(agent) else "")
        groups[agent.status].append(mark)
        marks.append(mark + ("", ">", "x")[agent.status])
    parts = []
    for name, group in zip(("In:", "Out:", "Caught:"), groups):
        if group:
            parts.append(name + " " + " ".join(group))
    text = "  ".join(parts)
    return text if SMALL.measure(text) <= WIDTH else " ".join(marks)


def phase_prompt(s):
    """What the phase asks of the table, in a line."""
    if s.ended:
        return "Over: see More > Result"
    if s.phase == 0:
        delayed = [str(i + 1) for i in range(s.players)
                   if s.agents[i].status == I.INSIDE and s.agents[i].delayed_round == s.round]
        if delayed:
            delayed = " ".join(delayed)
            return fitting(("Pick cards. Delayed: " + delayed, "Pick cards. Delayed " + delayed,
                            "Delayed: " + delayed))
        return PROMPTS[0]
    if s.phase == 1:
        order = [str(p) for p in s.execution_order() if s.agents[p - 1].status == I.INSIDE]
        return PROMPTS[1] % " ".join(order)
    return PROMPTS[s.phase]
