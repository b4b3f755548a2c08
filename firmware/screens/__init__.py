"""The screen framework: the Screen base class, menus, prompts, pages, the fonts, and the game log screen both games share."""
