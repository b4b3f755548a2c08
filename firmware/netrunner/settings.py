"""Netrunner's settings: the defaults of its new games, rows of firmware.settings (added when
this module is imported: firmware/netrunner/game.py), and what a changed one does now."""

from engine_lite.netrunner.state import CORP, RUNNER, new_game, START_HAND, NOT_TRACKED
from engine_lite.netrunner import actions as A
from engine_lite.netrunner.golden import counter_index
from firmware.settings import TOGGLE, add_rows

# (as firmware.settings.DEVICE_ROWS: name, default, lowest, highest, its words in More >
# Settings, what the question for a new value says)
NETRUNNER_ROWS = (
    ("agenda_target", 7, 1, 99, "Agenda target", "this game too"),     # points to win
    ("corp_clicks", 3, 1, 9, "Corp clicks", "from the next turn"),     # clicks per turn
    ("runner_clicks", 4, 1, 9, "Runner clicks", "from the next turn"),
    ("runner_link", 0, 0, 9, "Runner link", "for new games"),          # the identity's (Kate: 1)
    # On by default: damage then knows when it flatlines (a count gone wrong is asked about
    # before a flatline ends the game: firmware.netrunner.menus.TokensMenu).
    ("track_grip", 1, 0, 1, "Follow grip", TOGGLE),                   # new games follow the grip
)
add_rows(NETRUNNER_ROWS)


def new_start(settings, link=None):
    """The starting state of a new game with these settings (and the Runner's link `link`,
    when the new game's question set it)."""
    return new_game(settings.agenda_target, settings.corp_clicks, settings.runner_clicks,
                    settings.runner_link if link is None else link,
                    START_HAND if settings.track_grip else NOT_TRACKED)


def apply_setting(app, key):
    """A changed default that changes the game in play too, as a logged, undoable action: the
    agenda target, the clicks per turn."""
    settings = app.settings
    state = app.game.state
    if key == "agenda_target" and state.agenda_target != settings.agenda_target:
        app.act(A.action(A.AGENDA_TARGET, CORP, settings.agenda_target))
    elif key in ("corp_clicks", "runner_clicks"):
        side = CORP if key == "corp_clicks" else RUNNER
        value = getattr(settings, key)
        if state.player(side).clicks_per_turn != value:
            app.act(A.action(A.SET, side, counter_index(side, "clicks-per-turn"), value))
