# Netclick's front door. `make test` and `make sim` set up everything they need on a fresh
# machine (Python 3.11 + Node 20): a virtual environment with pinned packages, and the pinned
# MicroPython (WebAssembly) that tests and benchmarks run device code under.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PY_STAMP := $(VENV)/.installed
NODE_DIR := host_tools/node
NODE_STAMP := $(NODE_DIR)/node_modules/.installed

.PHONY: setup test test-virtual test-web bench sim web web-serve screenshots fonts uf2 deploy pull device-bench wiring package-json clean

setup: $(PY_STAMP) $(NODE_STAMP)

$(PY_STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(NODE_STAMP): $(NODE_DIR)/package.json $(NODE_DIR)/package-lock.json
	cd $(NODE_DIR) && npm ci --silent --no-audit --no-fund
	touch $@

test: setup
	$(PY) -m pytest

# The virtual Pico in full: every golden screen and 200 power cuts (make test runs a subset).
test-virtual: setup
	NETCLICK_VIRTUAL_FULL=1 $(PY) -m pytest tests/test_virtual_pico.py

# The browser version in full: every golden screen clicked through in headless Chromium.
test-web: setup
	NETCLICK_WEB_FULL=1 $(PY) -m pytest tests/test_web.py

bench: setup
	$(PY) -m host_tools.bench

# The simulator: a window where there is a display, else the OLED drawn in this terminal.
# ARGS=--virtual plays on the virtual Pico (the real rp2 firmware in an emulated RP2040).
sim: setup
	$(PY) -m host_tools.sim $(ARGS)

# The browser version: a static site in build/web (the same firmware on MicroPython's
# WebAssembly port), and a local server for it (ARGS="--port 8080").
web: setup
	$(PY) -m host_tools.web.build

web-serve: web
	$(PY) -m host_tools.web.serve $(ARGS)

# Golden images (tests/golden) and README screenshots (docs/screens), from the simulator.
screenshots: setup
	$(PY) -m host_tools.screenshots

# The product: one firmware file, build/netclick-RPI_PICO.uf2 (MicroPython v1.28.0 for the Pico
# with the tracker frozen in), built offline from ../shared/rp2's source kit; for the Pico 2,
# ARGS="--board RPI_PICO2" (build/netclick-RPI_PICO2.uf2). Installs Debian's
# ARM cross-compiler when missing (as root). Prints the file's sha256: the same commit, the same bytes.
uf2: setup
	$(PY) -m host_tools.uf2 $(ARGS)

# Put the tracker on a Pico running stock MicroPython as .mpy files (ARGS="--dry-run", "--port
# /dev/ttyACM0"...; ARGS=--virtual: on the virtual Pico, whose flash is kept in
# build/virtual-pico.bin). ARGS=--clean removes them again (saved games stay), for `make uf2`.
# ARGS=--line-numbers keeps the line numbers in tracebacks (error.log), for less heap.
deploy: setup
	$(PY) -m host_tools.deploy $(ARGS)

# Copy the saved game off a Pico (ARGS="--port ...", "--dir DIR"; ARGS=--virtual: the virtual
# Pico), for `python -m host_tools.report DIR`.
pull: setup
	$(PY) -m host_tools.pull $(ARGS)

# On a deployed Pico: check the display and each button, measure render, I2C, save, heap.
device-bench: setup
	$(PY) -m host_tools.device_bench $(ARGS)

# Redraw hardware/wiring.svg, wiring.png and the Wokwi diagram.json from hardware/pins.json (and
# the two-displays and SPI pin maps' drawings).
wiring: setup
	$(PY) -m host_tools.wiring

# Rewrite the mip package.json from the tree.
package-json: setup
	$(PY) -m host_tools.deploy --package-json

# Regenerate firmware/screens/font_data.py (needs Debian's xfonts-base and fonts-dejavu-core).
fonts: setup
	$(PY) -m host_tools.make_fonts

clean:
	rm -rf $(VENV) $(NODE_DIR)/node_modules .pytest_cache .hypothesis
