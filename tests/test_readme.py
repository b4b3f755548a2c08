"""The README tells the truth about things the code decides."""

import json
import re

# Physical pin of each GPIO on the Raspberry Pi Pico (and Pico W / Pico 2).
PICO_PIN = {0: 1, 1: 2, 2: 4, 3: 5, 4: 6, 5: 7, 6: 9, 7: 10, 8: 11, 9: 12, 10: 14, 11: 15,
            12: 16, 13: 17, 14: 19, 15: 20, 16: 21, 17: 22, 18: 24, 19: 25, 20: 26, 21: 27,
            22: 29, 26: 31, 27: 32, 28: 34}


def readme():
    with open("README.md", encoding="utf-8") as handle:
        return handle.read()


def test_wiring_table_matches_the_pin_map():
    pins = json.load(open("hardware/pins.json"))
    rows = dict((name, (int(pin), int(gpio))) for name, pin, gpio in re.findall(
        r"^\| (\w+) button(?: \(optional\))? \| pin (\d+) \| GP(\d+) \|", readme(), re.M))
    assert set(rows) == set(pins["buttons"])
    for name, (pin, gpio) in rows.items():
        assert gpio == pins["buttons"][name] and pin == PICO_PIN[gpio], name
    for signal in ("sda", "scl"):
        match = re.search(r"^\| OLED %s \| pin (\d+) \| GP(\d+) " % signal.upper(), readme(), re.M)
        gpio = pins["i2c"][signal]
        assert (int(match.group(1)), int(match.group(2))) == (PICO_PIN[gpio], gpio)


def test_every_screen_picture_in_the_readme_exists_and_every_screen_is_shown():
    from host_tools.screens_catalog import SCREENS
    import os
    shown = set(re.findall(r"docs/screens/(\w+)\.png", readme()))
    # Beside the screens: the browser version's page, taken by tests/test_web.py.
    assert shown == {name for name, _, _ in SCREENS} | {"browser"}
    assert all(os.path.exists("docs/screens/%s.png" % name) for name in shown)


def test_benchmark_figures_are_in_the_readme():
    text = readme()
    block = text[text.index("<!-- bench -->"):text.index("<!-- /bench -->")]
    for line in ("heap: game + undo history", "heap after boot", "peak heap, 50-round game",
                 "I2C bytes per key press"):
        assert line in block
