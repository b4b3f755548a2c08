// Netclick in a browser: MicroPython (WebAssembly) runs the unchanged firmware; this file is the
// board around it. It writes the device files into MicroPython's filesystem, restores the saved
// game from the browser's storage, runs the main loop, turns on-screen keys and the keyboard
// into button presses, and draws the I2C bytes the firmware sends as an SSD1306 would show them.
import { loadMicroPython } from "./micropython.js";
import { SSD1306, WIDTH, HEIGHT } from "./ssd1306.js";

const ON = [120, 200, 255];             // the panel's lit colour (as the desktop simulator)
const OFF = [8, 10, 16];
const MIN_HOLD_MS = 60;                 // a tap shorter than this is held this long, so that the
                                        // firmware's polling sees it (a Pico's key is never faster)
const STORE = "netclick/save/";         // localStorage key prefix: one entry per saved file
const SAVE_DIR = "/save";
const KEYBOARD = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
                   Enter: "OK", NumpadEnter: "OK", Backspace: "BACK" };

const canvas = document.getElementById("glass");
const context = canvas.getContext("2d");
const statusLine = document.getElementById("status");
const oled = new SSD1306();
const held = {};                        // button name -> performance.now() it went down
let board = null;
let mp = null;

// What tests and `make bench` read: when the first picture appeared, and for each input (a key
// going down or up) the time until the picture it caused was drawn.
const LONG_PRESS_MS = 600;   // firmware.buttons.Button.long_ms: a held key's LONG event
const stats = { firstFrameMs: null, latencies: [], frames: 0, lastInputAt: null, restarts: 0 };
window.netclick = { stats, ready: false, glass: glassHex, canvasBits, exportFiles, press, release };

function say(text, error) {
  statusLine.textContent = text;
  statusLine.className = error ? "error" : "";
}

// ---- the display ----------------------------------------------------------------------------

// Canvas pixels per OLED pixel: a whole number that fits the width the page gives the glass, in
// device pixels, so every OLED pixel is the same square; from 4 up, one row and column of each is
// the dark gap between an OLED's pixels.
let SCALE = 4;

function fitCanvas() {
  const ratio = window.devicePixelRatio || 1;
  const room = canvas.parentElement.clientWidth - 28;           // the bezel's padding
  SCALE = Math.max(1, Math.floor(room * ratio / WIDTH));
  canvas.width = WIDTH * SCALE;
  canvas.height = HEIGHT * SCALE;
  canvas.style.width = (WIDTH * SCALE / ratio) + "px";
  if (board) draw(false);
}

function draw(counted = true) {
  const image = context.createImageData(WIDTH * SCALE, HEIGHT * SCALE);
  const level = 0.35 + 0.65 * (oled.contrast / 255);
  const lit = ON.map((c) => Math.floor(c * level));
  const pixels = image.data;
  const glass = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) glass[y * WIDTH + x] = oled.pixel(x, y);
  for (let y = 0; y < HEIGHT * SCALE; y++) {
    for (let x = 0; x < WIDTH * SCALE; x++) {
      const gap = SCALE >= 4 && ((x % SCALE) === SCALE - 1 || (y % SCALE) === SCALE - 1);
      const on = !gap && glass[Math.floor(y / SCALE) * WIDTH + Math.floor(x / SCALE)];
      const colour = on ? lit : OFF;
      const i = (y * WIDTH * SCALE + x) * 4;
      pixels[i] = colour[0]; pixels[i + 1] = colour[1]; pixels[i + 2] = colour[2]; pixels[i + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  if (!counted) return;
  const now = performance.now();
  stats.frames++;
  if (stats.firstFrameMs === null && oled.displayOn) stats.firstFrameMs = now;
  if (stats.lastInputAt !== null) {
    // A picture more than a second after the input was caused by time (a message going, a
    // number expiring), not by the key.
    // A key still held past the long press acts then (End, undo, a confirmation held): its
    // input is that moment, not the key going down.
    let from = stats.lastInputAt;
    for (const name in held) {
      if (now - held[name] >= LONG_PRESS_MS) from = Math.max(from, held[name] + LONG_PRESS_MS);
    }
    if (now - from < 1000) stats.latencies.push(now - from);
    stats.lastInputAt = null;
  }
}

window.addEventListener("resize", fitCanvas);
fitCanvas();

// The glass as 1024 bytes (MONO_VLSB, upright) in hex, as host_tools.ssd1306_emu.glass_bytes.
function glassHex() {
  const out = new Uint8Array(WIDTH * HEIGHT / 8);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++)
      if (oled.pixel(x, y)) out[(y >> 3) * WIDTH + x] |= 1 << (y & 7);
  return Array.from(out, (b) => b.toString(16).padStart(2, "0")).join("");
}

// What the canvas shows, read back: one character per OLED pixel ("1" lit), row by row, from
// the middle of each pixel's square. The browser test compares it with the golden images.
function canvasBits() {
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const middle = SCALE >= 4 ? (SCALE - 1) >> 1 : SCALE >> 1;
  let bits = "";
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = ((y * SCALE + middle) * canvas.width + x * SCALE + middle) * 4;
      bits += pixels[i] + pixels[i + 1] + pixels[i + 2] > 3 * 30 ? "1" : "0";
    }
  return bits;
}

function hexBytes(hex) {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}

// Feed the I2C writes made since the last pass to the controller; redraw if any arrived.
function drainBus() {
  const text = board.take_bus();
  if (!text) return;
  for (const write of text.split(",")) oled.write(hexBytes(write));
  draw();
}

// ---- the buttons ----------------------------------------------------------------------------

function press(name) {
  if (!board || name in held) return;
  held[name] = performance.now();
  board.press(name);
  stats.lastInputAt = performance.now();
  document.querySelector(`[data-key="${name}"]`)?.classList.add("down-now");
}

function release(name) {
  if (!board || !(name in held)) return;
  const wait = MIN_HOLD_MS - (performance.now() - held[name]);
  const letGo = () => {
    delete held[name];
    board.release(name);
    stats.lastInputAt = performance.now();
    document.querySelector(`[data-key="${name}"]`)?.classList.remove("down-now");
  };
  if (wait > 0) setTimeout(letGo, wait); else letGo();
}

for (const key of document.querySelectorAll(".key")) {
  const name = key.dataset.key;
  key.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    key.setPointerCapture(event.pointerId);
    press(name);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"])
    key.addEventListener(type, () => release(name));
  key.addEventListener("contextmenu", (event) => event.preventDefault());   // long touch
}

window.addEventListener("keydown", (event) => {
  const name = KEYBOARD[event.code] || KEYBOARD[event.key];
  if (!name || event.target.tagName === "INPUT") return;
  event.preventDefault();
  if (!event.repeat) press(name);
});
window.addEventListener("keyup", (event) => {
  const name = KEYBOARD[event.code] || KEYBOARD[event.key];
  if (name) { event.preventDefault(); release(name); }
});
window.addEventListener("blur", () => { for (const name of Object.keys(held)) release(name); });

// ---- the saved game: MicroPython's /save <-> the browser's storage ----------------------------

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

function fromBase64(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function storedNames() {
  const names = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key.startsWith(STORE)) names.push(key.slice(STORE.length));
  }
  return names;
}

function savedNames() {
  return mp.FS.readdir(SAVE_DIR).filter((name) => name !== "." && name !== "..");
}

function restore() {
  try { mp.FS.mkdir(SAVE_DIR); } catch (e) { /* there */ }
  for (const name of storedNames())
    mp.FS.writeFile(`${SAVE_DIR}/${name}`, fromBase64(localStorage.getItem(STORE + name)));
}

// Copy /save to storage: run after a pass of the main loop that changed a file, so what is
// stored is always a state the firmware left between two passes (never half a save).
function persist() {
  const names = savedNames();
  try {
    for (const name of names)
      localStorage.setItem(STORE + name, toBase64(mp.FS.readFile(`${SAVE_DIR}/${name}`)));
    for (const name of storedNames())
      if (!names.includes(name)) localStorage.removeItem(STORE + name);
  } catch (error) {
    say("This browser would not store the game: " + error.message, true);
  }
}

function exportFiles() {
  const files = {};
  for (const name of savedNames()) files[name] = toBase64(mp.FS.readFile(`${SAVE_DIR}/${name}`));
  return files;
}

document.getElementById("export").addEventListener("click", () => {
  const files = exportFiles();
  const names = Object.keys(files).filter((name) => !name.endsWith(".tmp"));
  names.forEach((name, index) => setTimeout(() => {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([fromBase64(files[name])]));
    link.download = name;
    link.click();
    URL.revokeObjectURL(link.href);
  }, index * 300));       // one at a time: browsers drop downloads started together
  say("Exported " + names.join(", "));
});

const IMPORTABLE = ["game.json", "game.bak", "game.jnl", "settings.json"];
document.getElementById("import").addEventListener("change", async (event) => {
  const files = Array.from(event.target.files);
  const wrong = files.filter((file) => !IMPORTABLE.includes(file.name));
  if (!files.length || wrong.length) {
    say("Import takes the saved files by their names: " + IMPORTABLE.join(", ") +
        (wrong.length ? " (not " + wrong.map((f) => f.name).join(", ") + ")" : ""), true);
    return;
  }
  if (!confirm("Replace the game in this browser with the imported files?")) return;
  for (const name of storedNames()) localStorage.removeItem(STORE + name);
  for (const file of files)
    localStorage.setItem(STORE + file.name, toBase64(new Uint8Array(await file.arrayBuffer())));
  location.reload();     // the firmware resumes the imported game as after a power cut
});

// ---- start ------------------------------------------------------------------------------------

function writeFiles(files) {
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split("/").filter(Boolean);
    let dir = "";
    for (const part of parts.slice(0, -1)) {
      dir += "/" + part;
      try { mp.FS.mkdir(dir); } catch (e) { /* there */ }
    }
    mp.FS.writeFile(path, typeof text === "string" ? text : fromBase64(text.base64));
  }
}

function loop() {
  let wait;
  try {
    wait = board.tick();
    drainBus();
    if (board.saved()) persist();
  } catch (error) {
    say("The firmware stopped: " + error.message, true);
    throw error;
  }
  setTimeout(loop, wait);
}

async function start() {
  const lines = [];
  mp = await loadMicroPython({ heapsize: 512 * 1024, stdout: (line) => console.log(line),
                               stderr: (line) => { lines.push(line); console.error(line); } });
  const files = await (await fetch("device.json")).json();
  writeFiles(files);
  restore();
  board = mp.pyimport("webboard");
  // ?seed=N: the simulator's repeatable dice and first players (the browser tests use it).
  board.start(parseInt(new URLSearchParams(location.search).get("seed") || "0", 10) || 0);
  window.netclick.ready = true;
  say(storedNames().length ? "Resumed the game saved in this browser." : "New game.");
  loop();
}

start().catch((error) => say("Could not start: " + (error.message || error), true));

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").then(
    () => navigator.serviceWorker.ready.then(() => { window.netclick.offline = true; }),
    (error) => console.warn("No offline copy:", error));
}
