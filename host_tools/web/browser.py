"""Drive the built site in headless Chromium (Debian's chromium and chromium-driver, through
Selenium): for the browser tests (tests/test_web.py) and `make bench`.

    with Browser(site_folder) as page:
        page.open()                 # a fresh page with nothing saved
        page.play("UP,UP,RIGHT")    # the key script, as clicks on the on-screen keys
        page.glass()                # what the canvas shows, as the golden images hold it

Key scripts are those of host_tools.keyscript; each key is pressed with the mouse on its
on-screen button and held as long as the script says.
"""

import os
import shutil
import threading
import time

from host_tools.keyscript import parse, GAP_MS
from host_tools.web.serve import server

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMEDRIVER = ("/usr/bin/chromedriver",)
INSTALL = ("a browser is needed: sudo apt-get install chromium chromium-driver "
           "(Debian's packages; .ci/run installs them)")
# As root on a machine with no network and no display (the kinds CI runs on).
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=480,900")


def missing():
    """Why a browser test cannot run here (what to install), or None if it can."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (make setup installs requirements.txt)"
    if not any(os.path.exists(path) for path in CHROMIUM):
        return "no Chromium: " + INSTALL
    if not any(os.path.exists(path) for path in CHROMEDRIVER):
        return "no ChromeDriver: " + INSTALL
    return None


class Browser:
    """A local server for `folder` and a headless Chromium with its own empty profile."""

    def __init__(self, folder, profile, seed=1, block_site_data=False, incognito=False):
        self.folder = folder
        # Chromium's own "Don't allow sites to save data" (chrome://settings/cookies), as a
        # player may have it: storage, Web Locks and service workers all refuse the page.
        self.block_site_data = block_site_data
        self.incognito = incognito       # a private window (its storage goes when it closes)
        self.seed = seed             # ?seed=N: the simulator's dice (0: the browser's own)
        self.profile = profile
        self.httpd = None
        self.driver = None

    def __enter__(self):
        self.start_server()
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
        options = webdriver.ChromeOptions()
        for flag in FLAGS:
            options.add_argument(flag)
        options.add_argument("--user-data-dir=" + self.profile)
        if self.incognito:
            options.add_argument("--incognito")
        if self.block_site_data:
            options.add_experimental_option(
                "prefs", {"profile.default_content_setting_values.cookies": 2})
        options.binary_location = next(p for p in CHROMIUM if os.path.exists(p))
        service = Service(next(p for p in CHROMEDRIVER if os.path.exists(p)))
        self.driver = webdriver.Chrome(service=service, options=options)
        return self

    def __exit__(self, *exc):
        if self.driver:
            self.driver.quit()
        self.stop_server()
        shutil.rmtree(self.profile, ignore_errors=True)

    # ---- the network ----------------------------------------------------------------------

    def start_server(self):
        """Serve the site (on the same port as before, so the page keeps its origin)."""
        port = self.httpd.server_address[1] if self.httpd else 0
        self.httpd = server(self.folder, port, quiet=True)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def stop_server(self):
        """Cut the network: nothing answers at the site's address any more."""
        if self.httpd:
            self.httpd.shutdown()
            self.httpd.server_close()

    @property
    def url(self):
        return "http://localhost:%d/" % self.port

    @property
    def page_url(self):
        return self.url + ("?seed=%d" % self.seed if self.seed else "")

    # ---- the page -------------------------------------------------------------------------

    def script(self, code, *args):
        return self.driver.execute_script(code, *args)

    def wait_for(self, code, timeout=30.0):
        """Poll a JavaScript expression until it is truthy; return its value."""
        end = time.time() + timeout
        while True:
            value = self.script("return " + code)
            if value:
                return value
            if time.time() > end:
                raise TimeoutError("the page never reached: %s (status: %s)" % (code, self.status()))
            time.sleep(0.02)

    def status(self):
        """The page's status line."""
        try:
            return self.driver.find_element("id", "status").text
        except Exception as error:       # a page that did not load has none
            return "no status line (%s)" % error.__class__.__name__

    def load(self):
        """(Re)load the page and wait for the first picture on the glass."""
        self.driver.get(self.page_url)
        self.wait_for("window.netclick && window.netclick.stats.firstFrameMs")

    def open(self, guided=True):
        """The page with nothing saved in this browser: a new game (`guided`: the first-visit
        guide already read, as by a player who has been here; False: a first visit)."""
        # Cleared from a page of the site that runs nothing, so no running tracker saves again.
        self.driver.get(self.url + "manifest.webmanifest")
        self.script("localStorage.clear()")
        if guided:
            self.script("localStorage.setItem('netclick/guided', '1')")
        self.load()

    def play(self, keys):
        """Play a key script by pressing the on-screen keys with the mouse."""
        from selenium.webdriver.common.action_chains import ActionChains
        buttons = {}
        for kind, name, ms in parse(keys):
            if kind == "WAIT":
                time.sleep(ms / 1000.0)
                continue
            if name not in buttons:
                buttons[name] = self.driver.find_element("css selector", '[data-key="%s"]' % name)
            chain = ActionChains(self.driver, duration=0)
            if kind in ("TAP", "HOLD"):
                chain.click_and_hold(buttons[name]).pause(ms / 1000.0).release()
                chain.pause(GAP_MS / 1000.0)
            elif kind == "PRESS":
                chain.click_and_hold(buttons[name])
            else:
                chain.release(buttons[name])
            chain.perform()

    def glass(self):
        """What the canvas shows, as a 128x64 1-bit PIL image (as tests/golden holds them)."""
        from PIL import Image
        bits = self.script("return window.netclick.canvasBits()")
        image = Image.new("1", (128, 64))
        image.putdata([255 if bit == "1" else 0 for bit in bits])
        return image
