# The Pico runs this file at power-up: start the tracker (firmware/main.py).
from firmware.main import run

run()
