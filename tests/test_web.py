"""The browser version (make web), in a real browser: headless Chromium opens the built site,
plays by clicking the on-screen keys and typing, and the canvas must show the golden images
pixel for pixel; a reload resumes the game; the exported files are a Pico's save; with the
server gone, the service worker still serves the page.

Needs Debian's chromium and chromium-driver (`.ci/run` installs them and sets
NETCLICK_REQUIRE_BROWSER, so that on CI a missing browser fails instead of skipping). Without them
these tests are skipped with the command that installs them. NETCLICK_WEB_FULL=1 (make test-web)
compares every golden screen (about 3 minutes) instead of a few.
"""

import base64
import os
import time
import urllib.request

import pytest
from PIL import Image, ImageChops

from host_tools.screens_catalog import SCREENS
from host_tools.screenshots import GOLDEN
from host_tools.web import browser
from host_tools.web.build import build

WHY_NOT = browser.missing()
if WHY_NOT and os.environ.get("NETCLICK_REQUIRE_BROWSER"):
    raise RuntimeError("NETCLICK_REQUIRE_BROWSER is set but " + WHY_NOT)
pytestmark = pytest.mark.skipif(WHY_NOT is not None, reason=str(WHY_NOT))

# A few screens that between them need every kind of input: taps, a long press (undo), waits,
# numbers, the trace wizard, a refusal, and the random source (?seed) in Infiltration.
SAMPLE = ("dashboard", "credits", "undo", "trace_result", "refused", "monitor_roll")
CHOSEN = [s for s in SCREENS if os.environ.get("NETCLICK_WEB_FULL") or s[0] in SAMPLE]
SETTLE_S = 0.3     # the golden images are taken 300 ms after the last key


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    site = str(tmp_path_factory.mktemp("web"))
    build(site)
    with browser.Browser(site, str(tmp_path_factory.mktemp("profile"))) as opened:
        yield opened


def golden(name):
    return Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")


def differing(image, other):
    return ImageChops.logical_xor(image, other).histogram()[255]


@pytest.mark.parametrize("name, description, keys", CHOSEN, ids=[s[0] for s in CHOSEN])
def test_clicking_the_keys_shows_the_golden_screen(page, name, description, keys):
    page.open()
    page.play(keys)
    time.sleep(SETTLE_S)
    assert differing(page.glass(), golden(name)) == 0, "%s (%s) differs" % (name, description)


def test_the_keyboard_plays_too(page):
    from selenium.webdriver.common.keys import Keys
    page.open()
    body = page.driver.find_element("tag name", "body")
    for key in (Keys.ARROW_UP, Keys.ARROW_UP, Keys.ARROW_RIGHT):    # the "credits" screen
        body.send_keys(key)
        time.sleep(0.2)
    time.sleep(SETTLE_S)
    assert differing(page.glass(), golden("credits")) == 0


def test_a_reload_resumes_the_game_and_its_files_are_a_picos_save(page, tmp_path):
    page.open()
    page.play("OK,OK,WAIT:2600")           # the Corp clicks for two credits
    played = page.glass()
    assert differing(played, golden("dashboard")) > 0
    names = page.script("return Object.keys(localStorage)")
    assert "netclick/save/game.jnl" in names or "netclick/save/game.json" in names

    page.load()                              # closing the tab and coming back is the same
    page.wait_for("window.netclick.stats.frames > 1")
    time.sleep(2.8)                          # "Resumed ..." has gone
    assert differing(page.glass(), played) == 0
    # The README's picture of the page (NETCLICK_UPDATE_SCREENSHOTS=1 make test-web renews it).
    shot = tmp_path / "browser.png"
    if os.environ.get("NETCLICK_UPDATE_SCREENSHOTS"):
        shot = os.path.join(os.path.dirname(GOLDEN), "..", "docs", "screens", "browser.png")
    page.driver.save_screenshot(str(shot))

    # Export gives the files a Pico keeps; the firmware's own resume reads them on CPython.
    for name, data in page.script("return window.netclick.exportFiles()").items():
        (tmp_path / name).write_bytes(base64.b64decode(data))
    from firmware import hw, resume
    from firmware.settings import Settings
    _storage, game, notices, held = resume.boot(hw.Flash(str(tmp_path)), Settings())
    assert held is None and game is not None, notices
    assert (game.state.corp.credits, game.state.corp.clicks) == (7, 1)

    # Nothing came from anywhere but the site itself.
    loaded = page.script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(url.startswith(page.url) for url in loaded), loaded


def test_with_the_network_gone_the_page_still_opens(page):
    page.open()
    page.wait_for("navigator.serviceWorker.controller !== null && window.netclick.offline")
    page.stop_server()
    try:
        with pytest.raises(OSError):         # the network really is gone
            urllib.request.urlopen(page.url, timeout=2)
        page.load()                          # the new game saved before: resumed
        time.sleep(2.8)                      # "Resumed ..." has gone
        page.play("UP,UP,RIGHT")
        time.sleep(SETTLE_S)
        assert differing(page.glass(), golden("credits")) == 0
    finally:
        page.start_server()


def test_importing_a_save_resumes_that_game(page, tmp_path):
    """Files saved by another Netclick (here the simulator's --save-dir) are imported and the
    page resumes that game, showing what that device showed."""
    from host_tools.sim import Simulator
    sim = Simulator(save_dir=str(tmp_path))
    sim.keys("OK,UP,UP,RIGHT,OK,WAIT:3000")       # a credit, then 2 agenda points
    sim.settle()
    other = Simulator(save_dir=str(tmp_path))      # what a device booting these files shows
    other.run(3000)
    page.open()
    page.script("window.beforeImport = true")
    names = [name for name in ("game.json", "game.jnl", "settings.json") if (tmp_path / name).exists()]
    page.driver.find_element("css selector", "details.files").click()
    page.driver.find_element("id", "import").send_keys("\n".join(str(tmp_path / n) for n in names))
    page.driver.switch_to.alert.accept()           # "Replace the game in this browser?"
    page.wait_for("!window.beforeImport && window.netclick && window.netclick.stats.firstFrameMs")
    time.sleep(2.8)
    assert differing(page.glass(), other_glass(other)) == 0


def other_glass(sim):
    from host_tools.screenshots import glass_image
    return glass_image(sim)
