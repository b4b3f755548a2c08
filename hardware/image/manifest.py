# The Netclick firmware image: MicroPython v1.28.0 for the Raspberry Pi Pico with the tracker
# frozen in (`make uf2`, host_tools/uf2.py). Frozen modules are compiled to bytecode that runs
# in place from flash: no file is read to open a screen, and the heap is left for the game.
#
# Paths are relative to this file. NETCLICK_UF2_STAGE is the folder `make uf2` prepares with
# what does not live in this tree: the pinned display driver (from the virtual environment's
# pip packages) and `netclick_image.py` (the default pin map, made from hardware/pins.json).
import os

# The board's own frozen modules (the port's boards/manifest.py), but our _boot.py in place of
# the port's: it keeps the flash's last sectors for the save journal (read it for why).
freeze("$(PORT_DIR)/modules", ("rp2.py",))
include("$(MPY_DIR)/extmod/asyncio")
require("onewire")
require("ds18x20")
require("dht")
require("neopixel")
module("_boot.py")

package("engine_lite", base_path="../..")
package("firmware", base_path="../..")
module("main.py", base_path="../..")                # runs at power-up when the board has no main.py

stage = os.environ["NETCLICK_UF2_STAGE"]
module("adafruit_ssd1306.py", base_path=stage)
package("adafruit_bus_device", base_path=stage)
module("netclick_image.py", base_path=stage)
