"""The number heights in hardware/README.md are the ones on the glass (host_tools.legibility
finds each number on its screen in its font and measures the rows its digits light)."""

import os
import re

from host_tools.legibility import table, measure


def test_the_hardware_readme_says_how_tall_each_number_is_on_the_glass():
    with open(os.path.join(os.path.dirname(__file__), "..", "hardware", "README.md")) as handle:
        text = handle.read()
    written = re.search(r"<!-- legibility -->\n(.*?)\n<!-- /legibility -->", text, re.S).group(1)
    assert written == table(), "run python -m host_tools.legibility and paste its table"


def test_the_main_numbers_are_the_largest_digits_on_the_dashboard():
    rows = dict((what, px) for what, px, _mm, _target in measure())
    assert rows["credits and agenda points"] == 16 == rows["tags and brain damage"]
    assert all(px <= 16 for px in rows.values())


def test_what_the_other_seat_reads_is_as_tall_as_issue_24_asks():
    """Clicks as 8-pixel pips, bad publicity, hand size, link and the round timer in 12-pixel
    glyphs (issue 61: the timer was 6 px in the header's corner), the trace's strength and link
    in the 16-pixel ones."""
    rows = dict((what, (px, target)) for what, px, _mm, target in measure())
    short = [what for what, (px, target) in rows.items() if target and px < target]
    assert short == []
