"""Android: Netrunner, the game Netclick tracks first: its numbers (`state`), its verbs and
their byte form (`actions`), its rules as a reducer (`rules`, with `golden`: counters set by
hand, and `tournament`: the time call, psi games, randomizers), its words for the screens
(`phrases`), its game-log lines (`logline` writes them, `text` reads them) and its state as
plain data (`report`). Registered in engine_lite.game's GAMES as "netrunner", the game when
nothing says which."""
