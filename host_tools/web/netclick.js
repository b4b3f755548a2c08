// Netclick in a browser: MicroPython (WebAssembly) runs the unchanged firmware; this file is the
// board around it. It writes the device files into MicroPython's filesystem, restores the saved
// game from the browser's storage, runs the main loop, turns on-screen keys and the keyboard
// into button presses, and draws the I2C bytes the firmware sends as an SSD1306 would show them.
import { SSD1306, WIDTH, HEIGHT } from "./ssd1306.js";

// MicroPython's loader (166 KB), asked for now and awaited only when the tracker starts: imported
// at the top, it held this whole file, the keys' handlers too, until it had arrived, and on a
// slow first visit the taps of the first seconds looked unpressed and were dropped (issue 62).
// In netclick-file.js the loader is already here.
const micropython = typeof loadMicroPython === "function"
  ? Promise.resolve({ loadMicroPython }) : import("./micropython.js");
micropython.catch(() => {});          // (a failure is said when start() awaits it)

// Opened from a file this module does not run in most browsers; the same code comes in
// netclick-file.js (glass.js loads it, with NETCLICK_FILE: the device files and MicroPython's
// WebAssembly, which cannot be fetched there). In a browser that would run both, one tracker.
const bundled = window.NETCLICK_FILE || null;
if (window.netclickLoaded || (location.protocol === "file:" && !bundled))
  throw new Error("Netclick: this page's tracker is netclick-file.js");
window.netclickLoaded = true;

const MIN_HOLD_MS = 60;                 // a tap shorter than this is held this long, so that the
                                        // firmware's polling sees it (a Pico's key is never faster)
const STORE = "netclick/save/";         // localStorage key prefix: one entry per saved file
const SAVE_DIR = "/save";
const KEYBOARD = { ArrowUp: "UP", ArrowDown: "DOWN", ArrowLeft: "LEFT", ArrowRight: "RIGHT",
                   Enter: "OK", NumpadEnter: "OK", Backspace: "BACK", Escape: "BACK" };

const canvas = document.getElementById("glass");
const context = canvas.getContext("2d");
const statusLine = document.getElementById("status");
const oled = new SSD1306();
const held = {};                        // button name -> performance.now() it went down
let board = null;
let mp = null;

// What tests and `make bench` read: when the first picture appeared, and for each input (a key
// going down or up) the time until the picture it caused was drawn.
const LONG_PRESS_MS = 780;   // Button.long_ms + repeat_ms: a held key acts at its first repeat (firmware.app)
// firstPictureMs: the board first on the glass (a first visit: the picture index.html holds,
// glass.js); firstFrameMs: the tracker's own first frame (the keys answer from then), and
// firstGlass what it showed (a test compares the two pictures).
// paintedPixels: the OLED pixels painted again on the canvas, all pictures together.
const stats = { firstPictureMs: firstShown.at, firstFrameMs: null, firstGlass: null, paintedPixels: 0,
                latencies: [], frames: 0, lastInputAt: null, restarts: 0, ticks: 0, busyMs: 0 };
// With no key down and nothing to draw the firmware asks for its idle poll (App.IDLE_POLL_MS,
// 20 ms: a Pico must notice a press by polling). Here a press calls the loop itself, so the page
// sleeps IDLE_MS instead: 2 wake-ups a second while nobody touches it, not 50 (a phone's
// battery over a 65-minute round; make bench: the browser's idle figures). A message still goes
// on time (webboard.idle_ms); the round clock's display may be late by at most this much.
const IDLE_POLL_MS = 20;
const IDLE_MS = 500;
let timer = null;
window.netclick = { stats, ready: false, glass: glassHex, canvasBits, exportFiles, press, release,
                    said: [], earlyKeys: () => earlyKeys.slice(),
                    // (for the tests: the game as the replay tool prints it, the screen's name)
                    state: () => JSON.parse(board.state_json()), screen: () => board.screen_name() };

// The browser's storage. Where this page may not use it (site data blocked, some private
// windows) even reading `localStorage` throws ("Access is denied for this document"): then the
// game is kept in the page alone, with the same calls, and the page says once that it will not
// be kept (start). A storage that is only full is not this: see persist.
let storageBlocked = null;
const store = (() => {
  try {
    const storage = window.localStorage;
    storage.getItem("netclick/table");
    return storage;
  } catch (error) {
    storageBlocked = error.name || String(error);
    const items = new Map();
    return { get length() { return items.size; },
             key: (i) => (i < items.size ? Array.from(items.keys())[i] : null),
             getItem: (key) => (items.has(key) ? items.get(key) : null),
             setItem: (key, value) => { items.set(key, String(value)); },
             removeItem: (key) => { items.delete(key); } };
  }
})();

const SAVE_VERSION = 1;     // the .netclick bundle's layout (exportFiles, pickedFiles)
let OPENING = null;         // the status line's opening words, while they still stand (loop)

function say(text, error) {
  statusLine.textContent = text;
  statusLine.className = error ? "error" : "";
}

// ---- the display ----------------------------------------------------------------------------

// Canvas pixels per OLED pixel (glass.js, inside index.html: glassScale, paintGlass).
let SCALE = 4;

function fitCanvas() {
  SCALE = glassScale(canvas);
  if (board) draw(false);
  else if (firstShown.lit) paintGlass(canvas, firstShown.lit, SCALE, firstShown.contrast);
}

// The picture on the canvas, to paint only what changes (paintGlass's box).
let painted = { glass: null, contrast: -1, scale: 0 };

function draw(counted = true) {
  const glass = new Uint8Array(WIDTH * HEIGHT);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) glass[y * WIDTH + x] = oled.pixel(x, y);
  // What changed, as a rectangle in each band of 8 rows (an OLED page: the firmware changes a
  // part of the picture at a time, and a tap that changes the bar and the captions' row is two
  // bands, not the rows between them too: issue 62, moving along the bar repainted 60 % of the
  // canvas for 331 pixels). None: all of it (the first picture, a new size or contrast).
  let boxes = null;
  if (painted.glass && painted.contrast === oled.contrast && painted.scale === SCALE &&
      canvas.width === WIDTH * SCALE) {
    boxes = [];
    for (let band = 0; band < HEIGHT; band += 8) {
      let x0 = WIDTH, y0 = HEIGHT, x1 = 0, y1 = 0;
      for (let y = band; y < band + 8; y++)
        for (let x = 0; x < WIDTH; x++)
          if (glass[y * WIDTH + x] !== painted.glass[y * WIDTH + x]) {
            if (x < x0) x0 = x; if (x >= x1) x1 = x + 1; if (y < y0) y0 = y; if (y >= y1) y1 = y + 1;
          }
      if (x1 > x0) boxes.push([x0, y0, x1, y1]);
    }
  }
  for (const box of boxes || [null]) {
    paintGlass(canvas, glass, SCALE, oled.contrast, box);
    stats.paintedPixels += box ? (box[2] - box[0]) * (box[3] - box[1]) : WIDTH * HEIGHT;
  }
  painted = { glass, contrast: oled.contrast, scale: SCALE };
  if (tableMode) drawFar();
  if (!counted) return;
  const now = performance.now();
  stats.frames++;
  if (stats.firstFrameMs === null && oled.displayOn) {
    stats.firstFrameMs = now;
    stats.firstGlass = glassHex();
    if (stats.firstPictureMs === null) stats.firstPictureMs = now;
  }
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

// Table mode: a phone or tablet lying flat between the players. The far half of the page shows
// the same picture turned 180 degrees (upright for the player across); the keys stay on the
// near side. The picture is copied, not drawn twice.
const far = document.getElementById("glass-far");
let tableMode = false;
function drawFar() {
  far.width = canvas.width;
  far.height = canvas.height;
  // As wide as the page gives it, as the near glass (glassScale): its size in pixels is in
  // device pixels, so without this it showed 3 times too wide on a phone (issue 38)
  far.style.width = "100%";
  far.getContext("2d").drawImage(canvas, 0, 0);
}
function setTableMode(on) {
  tableMode = on;
  document.body.classList.toggle("table", on);
  far.parentElement.hidden = !on;
  document.getElementById("table").setAttribute("aria-pressed", String(on));
  store.setItem("netclick/table", on ? "1" : "");
  fitCanvas();
  if (on && board) drawFar();
}
document.getElementById("table").addEventListener("click", () => setTableMode(!tableMode));

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
  const middle = SCALE >> 1;
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

// Keys pressed before the tracker runs (the board is on the glass from the first picture, the
// firmware a few seconds later on a slow first visit): each looks pressed at once, and they are
// kept in order, with how long each was held, and played into the tracker when it starts. Keys
// pressed while those are being played join the end of the queue, so none overtakes them.
// Each is timed by its event's own time stamp, when the finger went down or up: the page is busy
// loading then, and a release handled late must not turn a tap into a hold.
const earlyKeys = [];     // [name, down?, when], oldest first
const earlyDown = {};     // key name -> whether its last queued event was a press
let replaying = false;    // the queue is being played into the tracker

function early(name, down, when) {
  if (!!earlyDown[name] === down) return;            // (a key's auto-repeat, a stray release)
  earlyDown[name] = down;
  earlyKeys.push([name, down, when === undefined ? performance.now() : when]);
  document.querySelector(`[data-key="${name}"]`)?.classList.toggle("down-now", down);
}

// What the page's first response kept before this file ran (glass.js: firstKeys): taken over, in
// order, and its handlers stand down.
function takeFirstKeys() {
  const keys = window.netclickFirstKeys || [];
  const taps = window.netclickFirstTaps || [];
  window.netclickFirstKeys = null;
  window.netclickFirstTaps = null;
  for (const [name, down, when] of keys) early(name, down, when);
  for (const tap of taps) glassTaps.push(tap);
}

function playEarlyKeys() {
  if (!earlyKeys.length) return;
  const taps = earlyKeys.filter((event) => event[1]).length;
  replaying = true;
  const done = () => {                               // from here on, keys go to the tracker
    replaying = false;
    for (const name in earlyDown) delete earlyDown[name];
    playTaps();                                      // (taps on the glass meanwhile: now)
  };
  const next = () => {
    const event = earlyKeys.shift();
    if (!event) { done(); return; }
    const [name, down, when] = event;
    if (down) pressNow(name); else releaseNow(name);
    // a key's own hold is kept (a held < is still an undo); the waits between keys are short
    const following = earlyKeys[0];
    if (!following) { done(); return; }              // (a key still down is let go live)
    const wait = down ? Math.max(MIN_HOLD_MS, following[2] - when) : 60;
    setTimeout(next, wait);
  };
  next();
  say(taps === 1 ? "The key pressed while the tracker loaded: played." :
      `The ${taps} keys pressed while the tracker loaded: played in order.`);
}

// While another tab has the game (askToTakeOver), this tab's keys are not kept to play later:
// they were pressed at a page that said the game is elsewhere (issue 62: three OKs there were
// played into the game when it was taken over, with no word before).
let elsewhere = false;

function press(name, when) {
  if (elsewhere) {
    say("This game is open in another tab: Play the game here first. That key did nothing.",
        true);
    return;
  }
  if (!board || replaying) early(name, true, when); else pressNow(name);
}

function release(name, when) {
  if (elsewhere) return;
  if (!board || replaying) early(name, false, when); else releaseNow(name);
}

function pressNow(name) {
  if (name in held) return;
  held[name] = performance.now();
  board.press(name);
  wake();
  stats.lastInputAt = performance.now();
  document.querySelector(`[data-key="${name}"]`)?.classList.add("down-now");
}

function releaseNow(name) {
  if (!(name in held)) return;
  const wait = MIN_HOLD_MS - (performance.now() - held[name]);
  const letGo = () => {
    delete held[name];
    if (!board) return;
    board.release(name);
    wake();
    stats.lastInputAt = performance.now();
    document.querySelector(`[data-key="${name}"]`)?.classList.remove("down-now");
  };
  if (wait > 0) setTimeout(letGo, wait); else letGo();
}

// Touching the glass: a tap on the screen is the keys the firmware says it stands for (a row
// or a cell lit, the lit one chosen, a number started for Tags...), pressed in turn as a player
// would press them (firmware/netrunner/touch.py).
// Taps are played one after another: a tap's keys are worked out when every key of the taps
// before it has been played, from the glass they left (issue 62: the second tap of a quick
// double tap was worked out while the first's keys still played, and recorded nothing). Taps
// before the tracker runs wait for it, as keys do.
const glassTaps = [];          // [x, y] of taps not played yet, the oldest first
let tapping = false;           // a tap's keys are being played

function touchGlass(event) {
  const box = canvas.getBoundingClientRect();
  const x = Math.floor((event.clientX - box.left) / box.width * 128);
  const y = Math.floor((event.clientY - box.top) / box.height * 64);
  if (x < 0 || x > 127 || y < 0 || y > 63) return;
  if (elsewhere) {
    say("This game is open in another tab: Play the game here first. That tap did nothing.",
        true);
    return;
  }
  glassTaps.push([x, y]);
  playTaps();
}

function playTaps() {
  if (tapping || !board || replaying || !glassTaps.length) return;
  tapping = true;
  const [x, y] = glassTaps.shift();
  const keys = board.touch(x, y).split(",").filter((name) => name);
  const next = () => {
    const name = keys.shift();
    if (!name) {
      tapping = false;
      playTaps();
      return;
    }
    pressNow(name);
    releaseNow(name);
    setTimeout(next, MIN_HOLD_MS + 40);    // (the release, then the tracker's pass after it)
  };
  next();
}
canvas.addEventListener("click", touchGlass);

for (const key of document.querySelectorAll(".key")) {
  const name = key.dataset.key;
  key.addEventListener("pointerdown", (event) => {
    event.preventDefault();
    key.setPointerCapture(event.pointerId);
    press(name, event.timeStamp);
  });
  for (const type of ["pointerup", "pointercancel", "lostpointercapture"])
    key.addEventListener(type, (event) => release(name, event.timeStamp));
  key.addEventListener("contextmenu", (event) => event.preventDefault());   // long touch
  // A click with no pointer behind it (detail 0): a screen reader's or switch's activation, or
  // element.click(). A tap of that key (the pointer's own clicks were pressed above).
  key.addEventListener("click", (event) => {
    if (event.detail !== 0) return;
    press(name);
    release(name);
  });
}

// "Read the board": both sides' numbers in words, into the live region (R on a keyboard).
function readBoard() {
  if (board) announce(board.board_text());
}
document.getElementById("read").addEventListener("click", readBoard);
window.addEventListener("keydown", (event) => {
  if ((event.key === "r" || event.key === "R") && !pageControl(event.target) &&
      !event.ctrlKey && !event.metaKey && !event.altKey) readBoard();
});

// What the tracker says, said again for a screen reader: a polite live region.
const spoken = document.getElementById("said");
function announce(text) {
  spoken.textContent = text;
  window.netclick.said.push(text);
}

// The page's own controls keep the keys they answer to: Enter or Space on a focused button (Export,
// an on-screen key reached with Tab, Take over) does that button, never OK in the game.
function pageControl(target) {
  return target && target.closest && target.closest("button, input, select, textarea, a, summary, label");
}

window.addEventListener("keydown", (event) => {
  const control = pageControl(event.target);
  if (control && (event.key === "Enter" || event.key === " ")) {
    if (control.dataset && control.dataset.key) {     // an on-screen key: that key
      event.preventDefault();
      if (!event.repeat) press(control.dataset.key, event.timeStamp);
    }
    return;                                          // any other control: the browser's own
  }
  const name = KEYBOARD[event.code] || KEYBOARD[event.key];
  if (!name || event.target.tagName === "INPUT") return;
  event.preventDefault();
  if (!event.repeat) press(name, event.timeStamp);
});
window.addEventListener("keyup", (event) => {
  const control = pageControl(event.target);
  if (control && (event.key === "Enter" || event.key === " ")) {
    if (control.dataset && control.dataset.key) {
      event.preventDefault();
      release(control.dataset.key, event.timeStamp);
    }
    return;
  }
  const name = KEYBOARD[event.code] || KEYBOARD[event.key];
  if (name) { event.preventDefault(); release(name, event.timeStamp); }
});
window.addEventListener("blur", () => { for (const name of Object.keys(held)) release(name); });
takeFirstKeys();             // (the keys and taps of the page's first moments, kept by glass.js)

// ---- the saved game: MicroPython's /save <-> the browser's storage ----------------------------

// All the files are stored under one key, in one setItem: the browser writes that whole or not at
// all, so what is stored is always one moment of the firmware's files (never a new game.json
// beside an old journal), and a write the browser refuses (storage full) leaves the last good
// copy as it was. (Pages before this stored one key per file, under STORE + name: read once.)
const SAVED = "netclick/saved";
const IMPORT_DIR = "/import";
const IMPORTABLE = ["game.json", "game.bak", "game.tmp", "game.jnl", "settings.json"];
// ... and the journal's later files (game.jnl1, game.jnl2...: firmware/board/hw.py, JournalFiles)
const importable = (name) => IMPORTABLE.includes(name) || /^game\.jnl[1-9][0-9]*$/.test(name);
const IMPORT_MAX_BYTES = 1024 * 1024;   // a long game's files are ~100 KB: anything far bigger
                                        // is not a save, and is refused before it is read

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

function oldKeys() {
  const names = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key.startsWith(STORE)) names.push(key);
  }
  return names;
}

// The stored files: {name: base64}, or {} when this browser has none.
function storedFiles() {
  const text = store.getItem(SAVED);
  if (text) {
    try { return JSON.parse(text); } catch (e) { /* damaged: as if none (the firmware says) */ }
  }
  const files = {};
  for (const key of oldKeys()) files[key.slice(STORE.length)] = store.getItem(key);
  return files;
}

function folderNames(dir) {
  return mp.FS.readdir(dir).filter((name) => name !== "." && name !== "..");
}

function makeFolder(dir) {
  try { mp.FS.mkdir(dir); } catch (e) { /* there */ }
}

function restore() {
  makeFolder(SAVE_DIR);
  for (const [name, data] of Object.entries(storedFiles()))
    mp.FS.writeFile(`${SAVE_DIR}/${name}`, fromBase64(data));
}

// Copy /save to storage: run after a pass of the main loop that changed a file, so what is
// stored is always a state the firmware left between two passes (never half a save).
let storeFailed = false;
function persist() {
  if (!owner) return false;
  const text = JSON.stringify(exportFiles());
  try {
    store.setItem(SAVED, text);
  } catch (error) {
    // Full (QuotaExceededError) or refused: the copy stored before stays whole, and the game
    // goes on in this page; said once, and tried again at the next save.
    if (!storeFailed)
      say("This browser would not store the game (" + error.name + "): keep this tab open, " +
          "or Export the files. The copy stored before is kept.", true);
    storeFailed = true;
    return false;
  }
  if (storeFailed) say("The game is stored in this browser again.");
  storeFailed = false;
  for (const key of oldKeys()) store.removeItem(key);
  return true;
}

function exportFiles() {
  const files = {};
  for (const name of folderNames(SAVE_DIR))
    files[name] = toBase64(mp.FS.readFile(`${SAVE_DIR}/${name}`));
  return files;
}

// Save now: the page is being hidden, closed or reloaded (a tap a moment ago is not lost).
function saveNow() {
  if (!board || !owner) return;
  try { board.flush(); } catch (e) { /* a firmware fault: the loop reports it */ }
  drainBus();
  persist();
}
window.addEventListener("pagehide", saveNow);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") saveNow();
});

// Export: one file holding every saved file (the game, its journal, the settings, the previous
// games), named by the time it was made, so a phone keeps it as one download.
function exportBundle(now = new Date()) {
  const files = exportFiles();
  for (const name of Object.keys(files)) if (name.endsWith(".tmp")) delete files[name];
  return JSON.stringify({ netclick: "save", version: SAVE_VERSION, saved: now.toISOString(),
                          files });
}

function bundleName(now) {
  const two = (n) => String(n).padStart(2, "0");
  return `netclick-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-` +
         `${two(now.getHours())}${two(now.getMinutes())}.netclick`;
}

document.getElementById("export").addEventListener("click", () => {
  const now = new Date();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([exportBundle(now)], { type: "application/json" }));
  link.download = bundleName(now);
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say("Exported " + link.download);
});
window.netclick.exportBundle = exportBundle;

// Import: the picked files go to a scratch folder and the firmware's own loader reads them there,
// as a Pico powering up on them would. Only a game it reads whole replaces the one here, and the
// one here is kept (More > Previous games), so no file, however wrong, loses a game.
// A file's name as this page saved it: a phone's browser renames a second download "game (1).json".
function savedName(name) {
  return name.replace(/ ?\(\d+\)(?=\.[^.]*$)/, "");
}

// The picked files as {name: bytes}: one .netclick file (whatever it is called now), or the saved
// files themselves (game.json, game.jnl...) as a Pico or an older page keeps them.
async function pickedFiles(picked) {
  const files = {};
  if (picked.length === 1 && !importable(savedName(picked[0].name))) {
    let bundle = null;
    try { bundle = JSON.parse(await picked[0].text()); } catch (e) { /* not JSON: below */ }
    if (!bundle || bundle.netclick !== "save" || typeof bundle.files !== "object" || !bundle.files)
      throw new Error(`${picked[0].name} is not a Netclick save`);
    if (bundle.version !== SAVE_VERSION)       // a newer page's file: not guessed at
      throw new Error(`${picked[0].name} is a Netclick save ` +
                      (bundle.version === undefined ? "with no version" :
                       `of version ${bundle.version}`) +
                      `; this page reads version ${SAVE_VERSION}`);
    for (const [name, data] of Object.entries(bundle.files)) {
      if (!importable(name)) continue;        // the previous games stay this page's own
      try { files[name] = fromBase64(String(data)); } catch (e) {
        throw new Error(`${name} in ${picked[0].name} is damaged`);
      }
    }
    return files;
  }
  const wrong = picked.filter((file) => !importable(savedName(file.name)));
  if (wrong.length)
    throw new Error("import takes a .netclick file, or the saved files by their names (" +
                    IMPORTABLE.join(", ") + ", game.jnl1...), not " + wrong.map((f) => f.name).join(", "));
  for (const file of picked) files[savedName(file.name)] = new Uint8Array(await file.arrayBuffer());
  return files;
}

// Import: the picked files go to a scratch folder and the firmware's own loader reads them there,
// as a Pico powering up on them would. Only a game it reads whole replaces the one here, and the
// one here is kept (More > Previous games), so no file, however wrong, loses a game.
document.getElementById("import").addEventListener("change", async (event) => {
  const picked = Array.from(event.target.files);
  event.target.value = "";                    // the same file can be picked again
  if (!picked.length || !board || !owner) return;
  const size = picked.reduce((sum, file) => sum + file.size, 0);
  if (size > IMPORT_MAX_BYTES) {
    say(`Not imported: ${Math.round(size / 1024)} KB is far more than a saved game. ` +
        "Nothing was changed.", true);
    return;
  }
  let files;
  try { files = await pickedFiles(picked); } catch (error) {
    say("Not imported: " + error.message + ". Nothing was changed.", true);
    return;
  }
  makeFolder(IMPORT_DIR);
  for (const name of folderNames(IMPORT_DIR)) mp.FS.unlink(`${IMPORT_DIR}/${name}`);
  for (const [name, data] of Object.entries(files)) mp.FS.writeFile(`${IMPORT_DIR}/${name}`, data);
  const verdict = board.check_import();
  if (verdict.startsWith("no ")) {
    say("Not imported: " + verdict.slice(3) + ". Nothing was changed.", true);
    return;
  }
  // (what happens to the game here, and to the oldest kept one, as the device's own
  // questions say it: issue 58, an import with three kept deleted the oldest unsaid)
  if (!confirm(`Play the imported game (${verdict.slice(3)})?\n` + board.import_words())) return;
  board.take_import();
  drainBus();
  // (a success in the plain style; only a store that failed is an error)
  say(persist() ? "Imported: " + verdict.slice(3) + "." : statusLine.textContent, storeFailed);
});

// ---- one tab owns the game ---------------------------------------------------------------------

// Two tabs saving the same game would overwrite each other's saves. A tab plays only while it
// holds the "netclick-game" lock (Web Locks); another tab says so and offers to take the game
// over: the first then saves, stops and says where the game went.
let owner = !navigator.locks;   // a browser without Web Locks: as before, every tab plays
const channel = "BroadcastChannel" in window ? new BroadcastChannel("netclick") : null;

function holdGame(steal) {
  return new Promise((resolve) => {
    const options = steal ? { steal: true } : { ifAvailable: true };
    navigator.locks.request("netclick-game", options, (lock) => {
      if (!lock) { resolve(false); return undefined; }
      owner = true;
      resolve(true);
      return new Promise(() => {});          // held while this page lives
    }).catch(() => {
      if (owner) { given(); return; }        // another tab took it over
      // No lock could be asked for at all: site data blocked (the request rejects with a
      // SecurityError; issue 62: the page waited for it for ever). Nothing is stored then,
      // so no other tab shares this game: it plays here, as in a browser without Web Locks.
      owner = true;
      resolve(true);
    });
  });
}

// The lock, if it comes free within a moment: a page of this site just closed or reloaded lets it
// go a little after the new one starts. Another open tab keeps it: then ask.
async function holdGameSoon() {
  for (let tries = 0; tries < 20; tries++) {
    if (await holdGame(false)) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return false;
}

function given() {
  if (!owner) return;
  saveNow();
  owner = false;
  board = null;                              // the loop stops; the keys do nothing
  if (channel) channel.postMessage("given");
  say("This game is now played in another tab. Reload this page to take it back here.", true);
  window.netclick.given = true;
}

function askToTakeOver() {
  const button = document.getElementById("take-over");
  button.hidden = false;
  elsewhere = true;
  // (keys pressed before the page knew: they were meant for a game on the glass that was not
  // this tab's to play)
  earlyKeys.length = 0;
  glassTaps.length = 0;
  for (const name in earlyDown) delete earlyDown[name];
  say("This game is open in another tab of this browser. Play it there, or take it over here " +
      "(the other tab saves and stops).", true);
  return new Promise((resolve) => {
    button.addEventListener("click", async () => {
      button.hidden = true;
      // The other tab saves when it loses the lock; wait for its word (or a second at most).
      const released = new Promise((done) => {
        if (!channel) { setTimeout(done, 300); return; }
        channel.onmessage = (message) => { if (message.data === "given") done(); };
        setTimeout(done, 1000);
      });
      await holdGame(true);
      await released;
      elsewhere = false;
      resolve();
    }, { once: true });
  });
}

// ---- start ------------------------------------------------------------------------------------

// device.pack (host_tools/web/build.py, device_pack): {path: bytes} from one file after
// another, each a 16-bit name length, the name, a 32-bit length and the bytes, little-endian.
function unpack(buffer) {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const files = {};
  for (let at = 0; at < bytes.length;) {
    const nameLength = view.getUint16(at, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 2, at + 2 + nameLength));
    at += 2 + nameLength;
    const length = view.getUint32(at, true);
    files[name] = bytes.subarray(at + 4, at + 4 + length);
    at += 4 + length;
  }
  return files;
}

function writeFiles(files) {
  for (const [path, text] of Object.entries(files)) {
    const parts = path.split("/").filter(Boolean);
    let dir = "";
    for (const part of parts.slice(0, -1)) {
      dir += "/" + part;
      try { mp.FS.mkdir(dir); } catch (e) { /* there */ }
    }
    mp.FS.writeFile(path, text);
  }
}

// Run the loop now (a key went down or up), not when the idle sleep ends.
function wake() {
  clearTimeout(timer);
  timer = setTimeout(loop, 0);
}

function loop() {
  if (!board) return;                  // the game went to another tab
  const started = performance.now();
  let wait;
  try {
    wait = board.tick();
    drainBus();
    const text = board.said();
    if (text) {
      announce(text);
      // The opening words ("New game.", "Resumed...") are about the start: once the game
      // moves they go, rather than stand under the keys all game (issue 62)
      if (statusLine.textContent === OPENING) say("");
    }
    if (board.saved()) persist();
  } catch (error) {
    say("The firmware stopped: " + error.message, true);
    throw error;
  }
  stats.ticks++;
  stats.busyMs += performance.now() - started;
  clearTimeout(timer);
  timer = setTimeout(loop, wait >= IDLE_POLL_MS ? board.idle_ms(IDLE_MS) : wait);
}

async function start() {
  if (navigator.locks && !(await holdGameSoon())) await askToTakeOver();
  if (navigator.storage && navigator.storage.persist) {
    // Ask the browser not to clear the game on its own when space runs short.
    navigator.storage.persist().then((granted) => { window.netclick.persistent = granted; },
                                     () => {});
  }
  const lines = [];
  const device = (bundled ? Promise.resolve(fromBase64(bundled.device).buffer)
    : fetch("device.pack").then((response) => {
      if (!response.ok) throw new Error("device.pack: " + response.status);
      return response.arrayBuffer();
    })).then(unpack);                                                 // meanwhile
  const loader = (await micropython).loadMicroPython;
  mp = await loader({ heapsize: 512 * 1024, url: bundled ? bundled.wasm : undefined,
                      stdout: (line) => console.log(line),
                      stderr: (line) => { lines.push(line); console.error(line); } });
  writeFiles(await device);
  restore();
  board = mp.pyimport("webboard");
  if (store.getItem("netclick/table")) setTableMode(true);
  // ?seed=N: the simulator's repeatable dice and first players (the browser tests use it).
  board.start(parseInt(new URLSearchParams(location.search).get("seed") || "0", 10) || 0);
  window.netclick.ready = true;
  offlineCopy();
  if (storageBlocked && bundled)
    say("Opened from a file, with this browser's storage blocked: the game is kept only while " +
        "this page is open. To keep it, Export the files, or open the tracker from a web " +
        "address (make web-serve).", true);
  else if (storageBlocked)
    say("This browser blocks this site's storage: the game is kept only while this page is " +
        "open. To keep it, allow site data (cookies) for this site, or Export the files.", true);
  else if (bundled)
    say((Object.keys(storedFiles()).length ? "Resumed the game saved in this browser. " : "") +
        "Opened from a file: the game is saved in this browser as you play, but a browser may " +
        "clear what pages opened from files keep. To keep it, Export the files, or open the " +
        "tracker from a web address (make web-serve), where it also works offline.");
  else {
    OPENING = Object.keys(storedFiles()).length ? "Resumed the game saved in this browser." :
      "New game.";
    say(OPENING);
  }
  loop();
  playEarlyKeys();
  playTaps();                  // (taps on the glass while it loaded, unless keys play first)
}

// The offline copy (sw.js) is made once the tracker runs: on a first visit over a slow network
// its downloads would otherwise share the line with the ones the tracker is waiting for.
function offlineCopy() {
  if (!("serviceWorker" in navigator) || bundled) return;    // (none for a page from a file)
  navigator.serviceWorker.register("sw.js").then(
    () => navigator.serviceWorker.ready.then(() => { window.netclick.offline = true; }),
    (error) => console.warn("No offline copy:", error));
}

start().catch((error) => say("Could not start: " + (error.message || error), true));

