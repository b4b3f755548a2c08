"""Android: Netrunner as one of the tracker's games: its entry in firmware.games (the first, the
game when nothing says which). Its rules and words are engine_lite.netrunner.rules and
engine_lite.netrunner.phrases; its screens are this folder's, the dashboard at the bottom; its
settings (the defaults of its new games) are firmware.netrunner.settings'."""

from firmware.games import Kind, register
from firmware.netrunner.dashboard import Dashboard
from firmware.netrunner.start import ask_new_game
from firmware.netrunner.settings import apply_setting, new_start

NETRUNNER = Kind("netrunner", "Netrunner", "New game", Dashboard, ask_new_game, apply_setting,
                 new_start)
register(NETRUNNER)
