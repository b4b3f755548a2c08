// The glass on a canvas, and the first visit's first picture. `make web` puts this file inside
// index.html (a classic script, not a module), so it runs as soon as the page's own bytes have
// arrived: on a phone's first visit (a slow network) the tracker's first picture, a new game's
// dashboard, shows about 8 s before MicroPython has loaded (make bench: first visit, 4x CPU, slow
// 3G). That picture is the one the firmware itself draws on starting a new game: `make web`
// drew it with the same firmware, and a browser test checks the two are the same pixels. The
// keys answer from that first picture (firstKeys, below), before even netclick.js has arrived.
"use strict";

const GLASS_WIDTH = 128;
const GLASS_HEIGHT = 64;
const GLASS_OFF = [8, 10, 16];
const GLASS_ON = [120, 200, 255];       // the panel's lit colour (as the desktop simulator)

// Canvas pixels per OLED pixel: a whole number that fits the width the page gives the glass, in
// device pixels, so every OLED pixel is the same square (no gap between them: a gap drowned thin
// strokes). The browser scales the rest of the way without smoothing (image-rendering: pixelated).
function glassScale(canvas) {
  canvas.style.width = "100%";          // shown as wide as the page gives it, whatever the scale
  const ratio = window.devicePixelRatio || 1;
  const room = canvas.parentElement.clientWidth - 28;           // the bezel's padding
  return Math.max(1, Math.floor(room * ratio / GLASS_WIDTH));
}

// Paint `lit` (GLASS_WIDTH * GLASS_HEIGHT bytes, 1 = lit, row by row) at `scale`, the lit
// colour dimmed by the panel's contrast setting (0-255) as the OLED dims it.
// `box` ([x0, y0, x1, y1] in OLED pixels, x1 and y1 past the end): only that part is painted
// (what changed since the last picture: a tap changes a few rows, and at a phone's density a
// whole picture is some 18 ms of a tap's time to the glass); none, or a new size, all of it.
function paintGlass(canvas, lit, scale, contrast, box) {
  if (canvas.width !== GLASS_WIDTH * scale) {     // (a new size clears the canvas: only then)
    canvas.width = GLASS_WIDTH * scale;
    canvas.height = GLASS_HEIGHT * scale;
    box = null;
  }
  const [x0, y0, x1, y1] = box || [0, 0, GLASS_WIDTH, GLASS_HEIGHT];
  const level = 0.35 + 0.65 * (contrast / 255);
  const on = GLASS_ON.map((c) => Math.floor(c * level));
  const off = GLASS_OFF;
  const width = (x1 - x0) * scale;
  const height = (y1 - y0) * scale;
  const context = canvas.getContext("2d");
  const image = context.createImageData(width, height);
  const pixels = image.data;
  for (let y = 0; y < height; y++) {
    const row = (y0 + Math.floor(y / scale)) * GLASS_WIDTH + x0;
    for (let x = 0; x < width; x++) {
      const colour = lit[row + Math.floor(x / scale)] ? on : off;
      const i = (y * width + x) * 4;
      pixels[i] = colour[0]; pixels[i + 1] = colour[1]; pixels[i + 2] = colour[2]; pixels[i + 3] = 255;
    }
  }
  context.putImageData(image, x0 * scale, y0 * scale);
}

// The glass as 1024 bytes in hex (MONO_VLSB, upright: host_tools.ssd1306_emu.glass_bytes) ->
// one byte a pixel, row by row.
function glassPixels(hex) {
  const lit = new Uint8Array(GLASS_WIDTH * GLASS_HEIGHT);
  for (let y = 0; y < GLASS_HEIGHT; y++)
    for (let x = 0; x < GLASS_WIDTH; x++) {
      const i = (y >> 3) * GLASS_WIDTH + x;
      lit[y * GLASS_WIDTH + x] = (parseInt(hex.substr(i * 2, 2), 16) >> (y & 7)) & 1;
    }
  return lit;
}

// A saved game in this browser resumes where it was, not on a new game's dashboard: then the
// glass stays dark until the tracker draws (from the offline copy, well under a second).
function gameSaved() {
  try {
    for (let i = 0; i < localStorage.length; i++)
      if (localStorage.key(i).startsWith("netclick/save")) return true;
    return false;
  } catch (error) {
    return true;                        // no storage to look in: show nothing rather than guess
  }
}

// The first picture (index.html gives `firstPicture` = {hex, contrast} from `make web`).
const firstShown = { at: null, hex: null, lit: null, contrast: 0 };
function showFirstPicture(picture) {
  if (gameSaved()) return;
  firstShown.hex = picture.hex;
  firstShown.lit = glassPixels(picture.hex);
  firstShown.contrast = picture.contrast;
  const canvas = document.getElementById("glass");
  paintGlass(canvas, firstShown.lit, glassScale(canvas), firstShown.contrast);
  firstShown.at = performance.now();
}

// Opened from a file (file://), a browser runs none of the page's module scripts and lets no
// script fetch the files beside it: the tracker comes from netclick-file.js instead, one classic
// script that holds them all (host_tools/web/build.py, file_bundle), loaded once the page is
// there (as a module script would be).
if (location.protocol === "file:")
  document.addEventListener("DOMContentLoaded", () => {
    const script = document.createElement("script");
    script.src = "netclick-file.js";
    script.onerror = () => {
      const status = document.getElementById("status");
      status.textContent = "Opened from a file, but netclick-file.js is not beside it: copy the " +
        "whole folder `make web` wrote, or open the tracker from a web address.";
      status.className = "error";
    };
    document.body.appendChild(script);
  });

// The first-visit guide: how to read the board and the keys, in the page under the keys (never
// over them: they answer while it is shown), shown until "Got it" and not again in this browser
// (reopened from the help line). Plain script, so it is there with the first picture, while the
// tracker still loads.
const GUIDED = "netclick/guided";
// Keys and taps on the glass before netclick.js runs: on a slow first visit it arrives seconds
// after this page (issue 62: its handlers were the only ones, and the taps of those seconds
// looked unpressed and were dropped). Here, in the page's first response, each key looks pressed
// at once and is kept with its time stamp; netclick.js takes the lists over when it runs (and
// sets them to null: from then on its handlers are the ones).
window.netclickFirstKeys = [];    // [key name, down?, event time] in order
window.netclickFirstTaps = [];    // [x, y] on the glass in OLED pixels, in order
const FIRST_KEYBOARD = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
                         Enter: "OK", NumpadEnter: "OK", Backspace: "BACK", Escape: "BACK" };

function firstKey(name, down, when) {
  const keys = window.netclickFirstKeys;
  if (!keys) return;                                   // netclick.js has them now
  let last = null;
  for (const event of keys) if (event[0] === name) last = event[1];
  if (!!last === down) return;                        // (auto-repeat, a stray release)
  keys.push([name, down, when]);
  const key = document.querySelector(`[data-key="${name}"]`);
  if (key) key.classList.toggle("down-now", down);
}

document.addEventListener("pointerdown", (event) => {
  if (!window.netclickFirstKeys) return;
  const key = event.target.closest && event.target.closest(".key");
  if (key) {
    event.preventDefault();
    key.setPointerCapture(event.pointerId);
    firstKey(key.dataset.key, true, event.timeStamp);
  }
});
for (const type of ["pointerup", "pointercancel"])
  document.addEventListener(type, (event) => {
    const key = event.target.closest && event.target.closest(".key");
    if (key) firstKey(key.dataset.key, false, event.timeStamp);
  });
document.addEventListener("click", (event) => {
  if (!window.netclickFirstTaps || event.target.id !== "glass") return;
  const box = event.target.getBoundingClientRect();
  const x = Math.floor((event.clientX - box.left) / box.width * GLASS_WIDTH);
  const y = Math.floor((event.clientY - box.top) / box.height * GLASS_HEIGHT);
  if (x >= 0 && x < GLASS_WIDTH && y >= 0 && y < GLASS_HEIGHT) window.netclickFirstTaps.push([x, y]);
});
window.addEventListener("keydown", (event) => {
  const name = FIRST_KEYBOARD[event.code] || FIRST_KEYBOARD[event.key];
  if (!name || !window.netclickFirstKeys || event.repeat ||
      (event.target.closest && event.target.closest("button, input, select, textarea, a, summary"))) return;
  event.preventDefault();
  firstKey(name, true, event.timeStamp);
});
window.addEventListener("keyup", (event) => {
  const name = FIRST_KEYBOARD[event.code] || FIRST_KEYBOARD[event.key];
  if (name && window.netclickFirstKeys) firstKey(name, false, event.timeStamp);
});

function showGuide(again) {
  const guide = document.getElementById("guide");
  let seen = false;
  try { seen = !!localStorage.getItem(GUIDED); } catch (error) { /* blocked: show it */ }
  if (seen && !again) return;
  guide.hidden = false;
  const done = document.getElementById("guide-done");
  done.onclick = () => {
    guide.hidden = true;
    try { localStorage.setItem(GUIDED, "1"); } catch (error) { /* not kept: shown next time */ }
  };
  // (not focused on a first visit: the page would scroll the keys away, and Enter would be
  // "Got it" instead of OK; reopened from the help line, it is scrolled into view)
  if (again) guide.scrollIntoView({ block: "nearest" });
}
document.addEventListener("DOMContentLoaded", () => {
  const again = document.getElementById("guide-again");
  if (again) again.onclick = () => showGuide(true);
});
