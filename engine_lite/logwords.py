"""What both games' log readers share: the error a bad line raises, quoting a bad word back,
reading a number, a parsed `new-game` line. engine_lite.logtext reads Netrunner's lines and
engine_lite.infiltration.text Infiltration's; both import this, and it imports neither.
"""

from engine_lite.netrunner.state import new_game


class LogError(ValueError):
    """A line of the game log that does not follow the grammar."""


SHOW_MAX = 24      # characters of a bad word quoted back in a message


def show(word):
    """A word as a message may quote it: cut short, control characters as '?'."""
    out = []
    for ch in word[:SHOW_MAX]:
        code = ord(ch)
        out.append("?" if code < 32 or 127 <= code < 160 or code in (0x2028, 0x2029) else ch)
    text = "".join(out)
    return text + "..." if len(word) > SHOW_MAX else text


def is_number(text):
    """Whether text is one or more ASCII digits (not Unicode digits such as '²' or '٣', which
    str.isdigit() accepts and int() may reject or silently read)."""
    if not text:
        return False
    for ch in text:
        if ch < "0" or ch > "9":
            return False
    return True


class NewGame:
    """A parsed `new-game` line: the settings the game starts with."""

    def __init__(self, agenda_target, corp_clicks, runner_clicks, runner_link, runner_grip=-1):
        self.agenda_target = agenda_target
        self.corp_clicks = corp_clicks
        self.runner_clicks = runner_clicks
        self.runner_link = runner_link
        self.runner_grip = runner_grip

    def start(self):
        """(the starting state, the rules module; None: Netrunner's) for Game(...)."""
        return new_game(self.agenda_target, self.corp_clicks, self.runner_clicks,
                        self.runner_link, self.runner_grip), None
