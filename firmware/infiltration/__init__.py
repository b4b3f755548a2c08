"""Infiltration's screens: the security monitor and its menus."""
