"""Android: Netrunner's screens: the dashboard and its number ring, the action menus, runs, the trace wizard, the turn's end and the win screen."""
