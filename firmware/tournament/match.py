"""A match of two games, as in a Swiss round: game 1, then game 2 with the sides swapped, one
round timer for both (firmware.tournament.roundclock). The players may be named by their initials. The
match screen shows both games' results and why they ended.

The match is kept with the game in play, in its snapshot (Game.extras["match"]), so the game
and the match it belongs to are saved together, in one write: a power cut can never leave game
1's board standing as game 2.

    {"names": ["AB", "CD"], "game": 1, "results": [{"winner": "corp", "reason": "agenda",
     "corp": 7, "runner": 4}]}

names[0] is the Corp in game 1 (and the Runner in game 2). (Older firmware kept it in
match.json: read once, then renamed match.json.old.)
"""

import json

from engine_lite.netrunner.state import WIN_REASONS, WIN_TIME
from firmware.screens.fonts import SMALL, fitting
from firmware.board.buttons import PRESS, LONG, REPEAT
from firmware.screens.ui import Screen, WIDTH
from firmware.screens.widgets import Confirm, title_bar, hint, MEDIUM
from firmware.games import start_game, kept_words, first_game

OLD_FILE = "match.json"
LETTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"


def load(app):
    """The match in play, or None (no match, or one that makes no sense: it is ignored)."""
    extras = app.game.extras
    if "match" not in extras:
        extras["match"] = _from_old_file(app)
    match = extras["match"]
    return match if valid(match) else None


def clean(match):
    """A valid match record with only the fields a match has: what enters the game's extras
    (a match.json from older firmware, or from anywhere) is held to what the save loader takes
    (issue 58: lists nested 200 deep in an extra field were copied in, and every later save was
    one the loader refused, or on the image could not be written at all)."""
    return {"names": [str(name) for name in match["names"]], "game": match["game"],
            "results": [dict((key, result[key]) for key in ("winner", "reason", "corp", "runner"))
                        for result in match["results"]]}


def _from_old_file(app):
    flash = getattr(app, "flash", None)
    if flash is None:
        return None
    try:
        size = flash.size(OLD_FILE)
        if size is None or size > 4096:        # (a match record is some 150 bytes)
            return None
        data = flash.read(OLD_FILE)
        if data is None:
            return None
        match = json.loads(data)
        flash.rename(OLD_FILE, OLD_FILE + ".old")
    except Exception:        # unreadable, not JSON, nested too deep: no match
        return None
    app.changed()
    return clean(match) if valid(match) else None


def valid(match):
    """Whether a match record is one this screen can show (a save is not trusted blindly)."""
    if not isinstance(match, dict) or match.get("game") not in (1, 2):
        return False
    names = match.get("names")
    results = match.get("results")
    if (not isinstance(names, list) or len(names) != 2 or not isinstance(results, list)
            or len(results) != match["game"] - 1):
        return False
    for name in names:
        if not isinstance(name, str) or not 0 < len(name) <= 3:
            return False
    for result in results:
        if (not isinstance(result, dict) or result.get("winner") not in ("corp", "runner", "tie")
                or result.get("reason") not in WIN_REASONS):
            return False
        for side in ("corp", "runner"):
            points = result.get(side)
            if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= 999:
                return False
    return True


def round_over(app):
    """Game 1 is over and the round's time with it: it ended on time (points decided it), or the
    round timer has run out. Then there is no game 2 (../shared/RULES.md: a Swiss round's time
    is for both games); the match screen says so instead of starting an untimed one (issue 35)."""
    match = load(app)
    s = app.game.state
    if match is None or match["game"] != 1 or s.winner < 0:
        return False
    clock = app.round_clock
    return s.win_reason == WIN_TIME or clock is not None and clock.left_ms <= 0


def begin(app, game, match):
    """Play `game` as the next game of `match`: both are saved in its first snapshot."""
    game.extras["match"] = clean(match) if valid(match) else None
    start_game(app, game)


def result_of(state):
    """A finished game's result as the match keeps it."""
    winner = ("corp", "runner", "tie")[state.winner]
    return {"winner": winner, "reason": WIN_REASONS[state.win_reason],
            "corp": state.corp.agenda_points, "runner": state.runner.agenda_points}


def describe(names, number, result):
    """Two lines for game `number` (1 or 2): who played which side, and how it ended (or
    None for a game in play)."""
    corp = names[0] if number == 1 else names[1]
    runner = names[1] if number == 1 else names[0]
    head = fitting(("Game %d: %s Corp, %s Runner" % (number, corp, runner),
                    "Game %d: %s Corp/%s Runner" % (number, corp, runner),
                    "G%d: %s Corp, %s Runner" % (number, corp, runner)))
    if result is None:
        return head, "  in play"
    if result["winner"] == "tie":
        return head, "  tie %d-%d (%s)" % (result["corp"], result["runner"], result["reason"])
    who = corp if result["winner"] == "corp" else runner
    return head, "  %s won %d-%d (%s)" % (who, result["corp"], result["runner"], result["reason"])


class MatchScreen(Screen):
    """Both games of the match and their results. OK: start the match, or game 2 once game 1
    is over, or a new match once both are; LEFT back."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "match"
    link = None            # game 2's Runner link, once UP/DOWN changed it (else the setting's)

    def draw(self, app, fb):
        match = load(app)
        if match is None:
            title_bar(fb, "MATCH", "none")
            SMALL.draw(fb, "Two games, sides swapped,", 2, 14)
            SMALL.draw(fb, "one round timer for both.", 2, 23)
            SMALL.draw(fb, "The game in play ends.", 2, 34)
            hint(fb, "OK new match     < back")
            return
        names = match["names"]
        title_bar(fb, "MATCH", "%s v %s" % (names[0], names[1]))
        results = list(match["results"])
        s = app.game.state
        if len(results) < match["game"]:
            results.append(result_of(s) if s.winner >= 0 else None)
        over = round_over(app)
        y = 11
        for number in (1, 2):
            lines = describe(names, number, results[number - 1] if number <= len(results) else None)
            if number > len(results):
                # game 2's Runner is the other player, with an identity of their own: its link
                # is set here (issue 60: it was UP, RIGHT x3, OK on game 2's dashboard)
                lines = (lines[0], "  not played: time is up" if over else
                         "  next: Runner link %d ^v" % self._link(app) if s.winner >= 0 else
                         "  next")
            for line in lines:
                SMALL.draw(fb, line, 0, y)
                y += 9
            y += 2
        if match["game"] == 1 and over:
            hint(fb, "hold OK new match  < back")
        elif match["game"] == 1:
            hint(fb, "hold OK game 2 (swap)" if s.winner >= 0 else "< back")
        else:
            hint(fb, "hold OK new match  < back")

    def _link(self, app):
        return app.settings.runner_link if self.link is None else self.link

    def _game2_next(self, app):
        """Whether game 2 is what a held OK starts (game 1 over, the round not)."""
        match = load(app)
        return (match is not None and match["game"] == 1 and app.game.state.winner >= 0
                and not round_over(app))

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT) and self._game2_next(app):
            self.link = app.settings.within("runner_link",
                                            self._link(app) + (1 if name == "UP" else -1))
            return
        # Starting game 2 or a new match takes a held OK, as ending a turn does: a run of OK
        # presses on a win screen must not start anything by itself (issue 35)
        match = load(app) if name == "OK" and event == PRESS else None
        if match is not None and (match["game"] == 2 or app.game.state.winner >= 0):
            app.say("Hold OK to start it")
            return
        if name != "OK" or event not in (PRESS, LONG):
            Screen.on_button(self, app, name, event)
            return
        match = load(app)
        if match is None or match["game"] == 2 or round_over(app):
            app.push(NamePrompt(0, ["P1", "P2"]))
        elif app.game.state.winner < 0:
            app.say("Game 1 is still in play", error=True)
        else:
            match = {"names": match["names"], "game": 2, "results": [result_of(app.game.state)]}
            begin(app, first_game(app.settings, self._link(app)), match)   # (Netrunner's)
            app.say("Game 2: %s is the Corp" % match["names"][1])


class NamePrompt(Screen):
    """A player's initials, up to 3 characters: UP/DOWN change the letter, LEFT/RIGHT move, OK
    done (the first player is the Corp in game 1)."""

    key_line = True        # (a message goes over its title: Screen.toast_box)

    name = "names"

    def __init__(self, player, names):
        self.player = player
        self.names = names
        self.chars = list((names[player] + "   ")[:3])
        self.at = 0

    def draw(self, app, fb):
        title_bar(fb, "NEW MATCH", "player %d" % (self.player + 1))
        SMALL.draw(fb, "Corp in game 1" if self.player == 0 else "Runner in game 1", 2, 12)
        x = (WIDTH - 3 * 16) // 2
        for i in range(3):
            MEDIUM.draw(fb, self.chars[i], x + i * 16 + 3, 26)
            if i == self.at:
                fb.hline(x + i * 16, 39, 12, 1)
        hint(fb, "^v letter <> move OK done")

    def on_button(self, app, name, event):
        if name in ("UP", "DOWN") and event in (PRESS, LONG, REPEAT):
            i = LETTERS.find(self.chars[self.at])
            self.chars[self.at] = LETTERS[(i + (1 if name == "UP" else -1)) % len(LETTERS)]
        elif name == "RIGHT" and event == PRESS:
            self.at = min(2, self.at + 1)
        elif name == "LEFT" and event == PRESS and self.at > 0:
            self.at -= 1
        elif name == "OK" and event == PRESS:
            text = "".join(self.chars).strip() or "P%d" % (self.player + 1)
            self.names[self.player] = text
            if self.player == 0:
                app.replace(NamePrompt(1, self.names))
            else:
                names = self.names
                app.replace(Confirm("NEW MATCH", "%s Corp, %s Runner first. %s" % (
                    names[0], names[1], kept_words(app)), lambda app: start(app, names),
                    hold=True))
        else:
            Screen.on_button(self, app, name, event)


def start(app, names):
    """Game 1 of a new match (a new game; the round timer is left as it is, unless its time
    has run out: a new match is a new round, so it is set back to the round's length, paused,
    and the message says to start it (issue 60: it showed "0s" and never called time))."""
    begin(app, first_game(app.settings), {"names": names, "game": 1, "results": []})
    clock = app.round_clock
    if clock is not None and clock.left_ms <= 0:
        clock.set_length(app, clock.length_s // 60)
        app.settings_changed(in_parts=False)
        app.say("Match: game 1, %s is the Corp. Timer reset: start it in Tournament" % names[0])
        return
    app.say("Match: game 1, %s is the Corp" % names[0])
