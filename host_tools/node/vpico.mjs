// The virtual Pico: an emulated RP2040 (rp2040js) running the real MicroPython rp2 firmware, with
// the board around it that rp2040js leaves out. Driven by host_tools/vpico.py: one JSON command a
// line on standard input, one JSON answer a line on standard output. Emulated time only.
//
// What this file adds to rp2040js:
//   - the boot ROM from a file, with its flash erase/program routines (codes 'RE', 'RP' in the ROM
//     function table) replaced by `bkpt #n; bx lr` and done here on the 2 MiB flash array, each
//     taking the chip's time (a 4 KiB sector erase ~45 ms, a 256-byte page ~0.7 ms), so that a
//     power cut can land in the middle of one and leave it half done;
//   - push buttons: a switch to GND with the pin's internal pull-up, with contact bounce;
//   - the SSD1306 on I2C0 at 0x3C, each byte taking its bus time (9 SCL periods), and a pin-level
//     I2C target for the zero-length writes (address probes) that MicroPython bit-bangs;
//   - resets: the watchdog (machine.reset() on rp2, or a hang) restarts the chip with the same
//     flash, as the real chip would; a power cut stops it, optionally in the middle of a flash
//     operation, and `power` starts it again;
//   - the USB serial port (rp2040js's USBCDC) relayed in both directions as hex.
import fs from "node:fs";
// rp2040js warns on the console about registers MicroPython probes that it does not model.
console.warn = () => {};
import readline from "node:readline";
import { RP2040, USBCDC, GPIOPinState } from "rp2040js";

const FLASH_BASE = 0x10000000;
// The W25Q16JV's datasheet: sector erase 45 ms typical, 400 ms at worst; page program 0.4 ms
// typical (0.7 here, as measured boards report with the SDK's overheads), 3 ms at worst.
// start's `flash_timing` "worst" gives the worst (make bench's rhythm sweep).
const FLASH_TIMING = { typical: [45_000_000, 700_000], worst: [400_000_000, 3_000_000] };
let ERASE_NS_PER_SECTOR = FLASH_TIMING.typical[0];
let PROGRAM_NS_PER_PAGE = FLASH_TIMING.typical[1];
const SDA = 4, SCL = 5;
let oledAddresses = [0x3c];       // the panels on the bus (start's `oleds`: a second at 0x3D)
// An I2C FRAM on the same bus (start's `fram`: {address, bytes}; firmware/board/fram.py): memory
// addressed by the first two bytes of a write, written and read on from there. It keeps its
// contents through power cuts, as the chip does; its writes take their bus time, and no more.
let fram = null, framAddress = -1, framAt = 0;

let bootrom = null;
let flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
let mcu = null, cdc = null;
let baseNs = 0;                // emulated time before the current power-on (time keeps counting)
let serialOut = [];            // bytes from the board's USB serial, not yet reported
let serialIn = [];             // bytes for the board, fed as its FIFO has room
let i2cLog = [];               // finished I2C writes: [start_us, end_us, hex, address]
let spiPanel = null;           // start's `spi`: {id, cs, dc, cs2}: the panel on that SPI block
                               // instead (cs2: a second panel's own chip select, or absent)
let spiLog = [];               // finished SPI writes: [start_us, end_us, hex, dc level, cs pin]
let flashLog = [];             // finished flash operations: [kind, offset, count, start_us, end_us]
let events = [];               // resets and cuts, for the host
let buttons = new Map();       // gpio -> {pressed, level}
let busyNs = 0, idleNs = 0;    // CPU time executing vs waiting for an interrupt
let cut = null;                // armed power cut: {atNs} or {flashOp: n, fraction}
let poweredOff = false;
let resetPending = false;
let flashOps = 0;
let flashOpsOfKind = 0;        // flash operations counted towards an armed cut
let beforeCut = null;
          // the bytes a cut-short flash operation was changing, as they were
let pendingRead = null;        // the board's USB OUT buffer, armed, waiting for bytes to send
let rng = 12345;

function random() {            // deterministic: the same commands give the same run
  rng = (rng * 1103515245 + 12345) & 0x7fffffff;
  return rng / 0x80000000;
}

function nowNs() { return baseNs + (mcu ? mcu.clock.nanos : 0); }
function us(ns) { return Math.round(ns / 1000); }

function loadUf2(path) {
  const data = fs.readFileSync(path);
  for (let at = 0; at + 512 <= data.length; at += 512) {
    if (data.readUInt32LE(at) !== 0x0a324655 || data.readUInt32LE(at + 4) !== 0x9e5d5157) continue;
    const address = data.readUInt32LE(at + 12), size = data.readUInt32LE(at + 16);
    if (address >= FLASH_BASE && address < FLASH_BASE + flash.length) {
      flash.set(data.subarray(at + 32, at + 32 + size), address - FLASH_BASE);
    }
  }
}

function romFunction(code) {
  const rom = new Uint8Array(bootrom.buffer);
  let table = rom[0x14] | (rom[0x15] << 8);
  for (;;) {
    const entry = rom[table] | (rom[table + 1] << 8);
    if (entry === 0) throw new Error("ROM function " + code + " not found");
    if (entry === (code.charCodeAt(0) | (code.charCodeAt(1) << 8))) {
      return (rom[table + 2] | (rom[table + 3] << 8)) & ~1;
    }
    table += 4;
  }
}

function patchRom(rom32, address, bkpt) {
  const rom = new Uint8Array(rom32.buffer);
  rom[address] = bkpt; rom[address + 1] = 0xbe;       // bkpt #n
  rom[address + 2] = 0x70; rom[address + 3] = 0x47;   // bx lr
}

// ---- flash erase/program, with time and power cuts ---------------------------------------------

function flashOperation(kind) {
  const r = mcu.core.registers;
  // erase: r0 = flash offset, r1 = byte count; program: r0 = offset, r1 = source, r2 = count
  const offset = r[0] >>> 0, count = (kind === "erase" ? r[1] : r[2]) >>> 0;
  if (chip.erase && chip.erase.suspended) {
    const e = chip.erase.offset;
    if (kind === "erase") { violations.push("an erase while one is suspended"); return; }
    if (offset < e + 4096 && offset + count > e) violations.push("a program in a suspended erase's sector");
  }
  const duration = kind === "erase"
    ? Math.ceil(count / 4096) * ERASE_NS_PER_SECTOR
    : Math.ceil(count / 256) * PROGRAM_NS_PER_PAGE;
  const start = nowNs();
  let done = count;
  flashOps += 1;
  if (!cut || cut.kind == null || cut.kind === kind) flashOpsOfKind += 1;
  if (cut && ((cut.flashOp !== undefined && flashOpsOfKind >= cut.flashOp) ||
              (cut.atNs !== undefined && cut.atNs < start + duration))) {
    const fraction = cut.flashOp !== undefined ? cut.fraction
      : Math.max(0, Math.min(1, (cut.atNs - start) / duration));
    done = Math.floor(count * fraction);
    beforeCut = { offset, bytes: flash.slice(offset, offset + count) };
    events.push({ kind: "cut", during: kind, offset, count, done, t: us(start + duration * fraction) });
    poweredOff = true;
    chip.erase = null;
  }
  if (kind === "erase") {
    flash.fill(0xff, offset, offset + done);
    // A sector erase cut short leaves its bytes undefined: model the cut edge as garbage.
    if (done < count) for (let i = offset + done; i < Math.min(offset + done + 64, offset + count); i++) flash[i] &= Math.floor(random() * 256);
  } else {
    const source = r[1] >>> 0;
    for (let i = 0; i < done; i++) flash[offset + i] &= mcu.readUint8(source + i);
  }
  mcu.flash.set(flash.subarray(offset, offset + count), offset);
  if (poweredOff) return;
  mcu.clock.tick(duration);      // the core stalls (XIP is off) while the chip works
  busyNs += duration;
  flashLog.push([kind, offset, count, us(start), us(start + duration)]);
}

// ---- the flash chip's own commands (a suspendable erase: hardware/image/board/netclick_flash.c)

// rp2040js's SSI answers only what boot2 asks. Code that drives the chip itself (the chip select
// forced low through IO_QSPI, bytes through the SSI's data register) talks to this W25Q16JV:
// write enable (06h), sector erase (20h), status 1 (05h: busy, write enabled) and 2 (35h:
// suspended), erase suspend (75h) and resume (7Ah). The erase takes the chip's time while the
// core goes on, in RAM; the sector's bytes are undefined until it ends. A status read while it
// runs moves the clock on by up to POLL_NS (never past the `run` being done): the core would
// only poll meanwhile, and emulating every poll of a 400 ms erase took seconds.
// The chip keeps its state through a reset (the watchdog) and loses it in a power cut. What the
// real chip would not do is counted in `violations` (each reported): an erase or a program in
// the sector of a suspended erase, an erase begun while one is suspended, and any read of the
// flash by the core while an erase runs (guardFlashReads).
const POLL_NS = 100_000;
let chip = null;
let runStopNs = Infinity;       // the end of the `run` being done (absolute)
let violations = [];

function freshChip() {
  chip = { cs: false, bytes: [], rx: [], wel: false, erase: null };
}

// While an erase runs, the flash cannot be read (XIP is off): every read the core makes of it
// then (an instruction, a constant) is a violation. Checked only then, so play runs as fast.
function guardFlashReads(on) {
  if (on === !!mcu.flashGuarded) return;
  if (!on) {
    delete mcu.readUint8; delete mcu.readUint16; delete mcu.readUint32;   // (the class's again)
    mcu.flashGuarded = false;
    return;
  }
  const proto = Object.getPrototypeOf(mcu);
  const check = (address) => {
    if (address >= 0x10000000 && address < 0x14000000 && violations.length < 8) {
      violations.push("a read of the flash at " + (address >>> 0).toString(16) + " during an erase (XIP is off)");
    }
  };
  mcu.readUint8 = (address) => { check(address); return proto.readUint8.call(mcu, address); };
  mcu.readUint16 = (address) => { check(address); return proto.readUint16.call(mcu, address); };
  mcu.readUint32 = (address) => { check(address); return proto.readUint32.call(mcu, address); };
  mcu.flashGuarded = true;
}

function eraseRunning() { return chip.erase !== null && !chip.erase.suspended; }

function settleErase() {        // an erase whose time is up is done
  const e = chip.erase;
  if (!e || e.suspended || nowNs() < e.endNs) return;
  flash.fill(0xff, e.offset, e.offset + 4096);
  mcu.flash.set(flash.subarray(e.offset, e.offset + 4096), e.offset);
  flashLog.push(["erase", e.offset, 4096, us(e.startNs), us(e.endNs), e.suspensions]);
  chip.erase = null;
  guardFlashReads(false);
}

function chipByte(value) {      // the byte the chip sends back for this one
  chip.bytes.push(value);
  const command = chip.bytes[0];
  if (chip.bytes.length === 1) return 0;
  if (command === 0x05) {
    settleErase();
    if (eraseRunning()) {
      const step = Math.min(chip.erase.endNs, runStopNs) - nowNs();
      if (step > 0) { const ns = Math.min(step, POLL_NS); mcu.clock.tick(ns); busyNs += ns; }
      settleErase();
    }
    return (eraseRunning() ? 1 : 0) | (chip.wel ? 2 : 0);
  }
  if (command === 0x35) return 0x02 | (chip.erase && chip.erase.suspended ? 0x80 : 0);
  return 0;
}

function chipCommandEnd() {     // the chip select goes high: the command is carried out
  const b = chip.bytes;
  chip.bytes = [];
  if (!b.length) return;
  settleErase();
  if (b[0] === 0x06) chip.wel = true;
  else if (b[0] === 0x04) chip.wel = false;
  else if (b[0] === 0x20 && b.length >= 4 && chip.wel) {
    chip.wel = false;
    if (chip.erase) { violations.push("an erase begun while another is " + (chip.erase.suspended ? "suspended" : "running")); return; }
    const offset = ((b[1] << 16) | (b[2] << 8) | b[3]) & ~0xfff;
    const start = nowNs();
    flashOps += 1;
    if (!cut || cut.kind == null || cut.kind === "erase") flashOpsOfKind += 1;
    chip.erase = { offset, startNs: start, endNs: start + ERASE_NS_PER_SECTOR, suspended: false,
                   remainingNs: 0, suspensions: 0, before: flash.slice(offset, offset + 4096) };
    // Until it ends, the sector's bytes are undefined (read in a suspension: garbage).
    for (let i = offset; i < offset + 4096; i++) flash[i] &= Math.floor(random() * 256);
    mcu.flash.set(flash.subarray(offset, offset + 4096), offset);
    guardFlashReads(true);
    if (cut && cut.flashOp !== undefined && flashOpsOfKind >= cut.flashOp) {
      chip.erase.endNs = start + ERASE_NS_PER_SECTOR * cut.fraction;  // cut there (run)
      cut = { atNs: chip.erase.endNs };
    }
  } else if (b[0] === 0x75 && eraseRunning()) {
    chip.erase.suspended = true;
    chip.erase.remainingNs = chip.erase.endNs - nowNs();
    chip.erase.suspensions += 1;
    guardFlashReads(false);
  } else if (b[0] === 0x7a && chip.erase && chip.erase.suspended) {
    chip.erase.suspended = false;
    chip.erase.endNs = nowNs() + chip.erase.remainingNs;
    guardFlashReads(true);
  }
}

function attachFlashChip() {
  const ssi = mcu.peripherals[0x18000], ioqspi = mcu.peripherals[0x40018];
  const ssiRead = ssi.readUint32.bind(ssi), ssiWrite = ssi.writeUint32.bind(ssi);
  ssi.writeUint32 = (offset, value) => {
    if (offset === 0x60 && chip.cs) chip.rx.push(chipByte(value & 0xff));
    else ssiWrite(offset, value);
  };
  ssi.readUint32 = (offset) => {
    if (chip.cs && offset === 0x60) return chip.rx.length ? chip.rx.shift() : 0;
    if (chip.cs && offset === 0x28) return 0x06 | (chip.rx.length ? 0x08 : 0);   // TFE, TFNF, RFNE
    return ssiRead(offset);
  };
  // IO_QSPI (rp2040js reads its registers as all ones, which MicroPython's start relies on):
  // the chip select's output override (GPIO_QSPI_SS_CTRL's OUTOVER, 2 = low) frames a command.
  // (Set as the SDK does, through the XOR alias over a read of all ones, it arrives as written.)
  ioqspi.writeUint32 = (offset, value) => {
    if (offset !== 0x0c) return;
    const low = ((value >>> 8) & 3) === 2;
    if (chip.cs && !low) chipCommandEnd();
    if (!chip.cs && low) { chip.bytes = []; chip.rx = []; }
    chip.cs = low;
  };
}

// ---- buttons: switch to GND, internal pull-up, contact bounce ---------------------------------

function buttonLevel(gpio) {
  const pin = mcu.gpio[gpio];
  const state = buttons.get(gpio);
  if (state && state.bouncing !== null) return state.bouncing;
  if (state && state.pressed) return false;
  return pin.pullupEnabled;      // open switch: the pull-up (or nothing, read as low)
}

function refreshButton(gpio) { mcu.gpio[gpio].setInputValue(buttonLevel(gpio)); }

function setButton(gpio, pressed, bounces) {
  let state = buttons.get(gpio);
  if (!state) {
    state = { pressed: false, bouncing: null };
    buttons.set(gpio, state);
    mcu.gpio[gpio].addListener(() => refreshButton(gpio));
  }
  state.pressed = pressed;
  state.bouncing = null;          // the first contact is made (or broken) at once
  // Contact bounce: then the level flips back and forth a few times within about a millisecond.
  let at = 0;
  for (let i = 0; i < 2 * bounces; i++) {
    at += 50_000 + Math.floor(random() * 200_000);
    const level = i % 2 === 0 ? pressed : null;   // the old level (high = released), then settled
    mcu.clock.createAlarm(() => { state.bouncing = level; refreshButton(gpio); }).schedule(at);
  }
  refreshButton(gpio);
}

// ---- the OLED on I2C0: byte timing, and a pin-level target for bit-banged probes --------------

// The system clock the firmware set up (rp2040js follows the PLL and CLOCKS registers): 125 MHz
// for stock MicroPython, 200 MHz for the image. Instructions and the I2C clock both count in it.
function sysHz() {
  return mcu.clkSys || 125_000_000;
}

// One SCL period as the RP2040's I2C block makes it (RP2040 datasheet 4.3.14.2): high for
// HCNT + SPKLEN + 7 cycles, low for LCNT + 1 (and the lines' rise time, not modelled). SPKLEN
// as the Pico SDK sets it, LCNT / 16 (rp2040js keeps only some of the values written to it).
function i2cBitNs(i2c) {
  const low = i2c.sclLowPeriod;
  if (i2c.sclHighPeriod + low <= 0) return 2500;
  const spikes = low < 16 ? 1 : Math.floor(low / 16);
  const periods = i2c.sclHighPeriod + spikes + 7 + low + 1;
  return Math.round(periods * 1e9 / sysHz());
}

// ---- a panel on SPI (firmware/board/spi.py): each byte its 8 clocks at the block's rate ---------

function attachSpiPanel() {
  if (!spiPanel) return;
  const spi = mcu.spi[spiPanel.id];
  const dc = mcu.gpio[spiPanel.dc];
  // Each chip select on the wires (a second panel's own, for the other seat), with the bytes
  // it is taking: each panel listens only while its own is low.
  const numbers = [spiPanel.cs];
  if (spiPanel.cs2 != null && spiPanel.cs2 !== spiPanel.cs) numbers.push(spiPanel.cs2);
  const selects = numbers.map((number) => ({ number, pin: mcu.gpio[number], bytes: [], startNs: 0, level: 0 }));
  const flush = (s) => {
    if (s.bytes.length) {
      spiLog.push([us(s.startNs), us(nowNs()), Buffer.from(s.bytes).toString("hex"), s.level, s.number]);
    }
    s.bytes = [];
  };
  spi.onTransmit = (value) => {
    const now = dc.value === GPIOPinState.High ? 1 : 0;
    for (const s of selects) {
      if (s.pin.value !== GPIOPinState.Low) continue;
      if (s.bytes.length && now !== s.level) flush(s);
      if (!s.bytes.length) { s.startNs = nowNs(); s.level = now; }
      s.bytes.push(value);
    }
    const hz = spi.clockFrequency || 1_000_000;
    mcu.clock.createAlarm(() => spi.completeTransmit(0)).schedule(Math.round(8e9 / hz));
  };
  for (const s of selects) s.pin.addListener(() => { if (s.pin.value !== GPIOPinState.Low) flush(s); });
}

function attachOled() {
  const i2c = mcu.i2c[0];
  let bytes = null, startNs = 0, target = 0;
  const later = (ns, fn) => mcu.clock.createAlarm(fn).schedule(ns);
  i2c.onStart = () => { startNs = nowNs(); later(i2cBitNs(i2c), () => i2c.completeStart()); };
  let framBytes = -1;            // bytes of the FRAM write so far (-1: not an FRAM write)
  i2c.onConnect = (address, mode) => {
    const isFram = fram !== null && address === framAddress;
    const ack = oledAddresses.includes(address) || isFram;
    bytes = ack && mode === 0 && !isFram ? [] : null;
    framBytes = isFram && mode === 0 ? 0 : -1;
    target = address;
    later(9 * i2cBitNs(i2c), () => {
      i2c.completeConnect(ack);
      if (!ack) { i2c.intRaw |= 0x10; i2c.checkInterrupts(); }  // TX_EMPTY, or the next write hangs
    });
  };
  i2c.onWriteByte = (value) => {
    if (bytes) bytes.push(value);
    if (framBytes >= 0) {           // two address bytes, high first, then data from there on
      if (framBytes < 2) framAt = framBytes === 0 ? value << 8 : framAt | value;
      else { fram[framAt % fram.length] = value; framAt = (framAt + 1) % fram.length; }
      framBytes++;
    }
    later(9 * i2cBitNs(i2c), () => i2c.completeWrite(true));
  };
  i2c.onReadByte = () => {
    let value = 0x43;               // the display's status: on
    if (fram !== null && target === framAddress) {
      value = fram[framAt % fram.length];
      framAt = (framAt + 1) % fram.length;
    }
    later(9 * i2cBitNs(i2c), () => i2c.completeRead(value));
  };
  i2c.onStop = () => {
    later(i2cBitNs(i2c), () => {
      if (bytes && bytes.length)
        i2cLog.push([us(startNs), us(nowNs()), Buffer.from(bytes).toString("hex"), target]);
      bytes = null;
      i2c.completeStop();
    });
  };
  // Bit-banged I2C (MicroPython's zero-length writes): open-drain lines with pull-ups, and a target
  // that acknowledges its address by pulling SDA low for the ninth clock.
  const sdaPin = mcu.gpio[SDA], sclPin = mcu.gpio[SCL];
  let scl = true, sda = true, targetSda = false, bit = 0, byte = 0, active = false, acking = false;
  const update = () => {
    const newScl = sclPin.value !== GPIOPinState.Low;
    const newSda = sdaPin.value !== GPIOPinState.Low && !targetSda;
    if (scl && newScl && sda && !newSda) { active = true; bit = 0; byte = 0; acking = false; }   // START
    else if (scl && newScl && !sda && newSda) { active = false; targetSda = false; }            // STOP
    else if (active && !scl && newScl && !acking) { byte = (byte << 1) | (newSda ? 1 : 0); bit++; }
    else if (active && scl && !newScl) {              // SCL falling: drive SDA for the next bit
      if (bit === 8 && !acking) {
        acking = true;
        targetSda = oledAddresses.includes(byte >> 1) || (fram !== null && byte >> 1 === framAddress);
      }
      else if (acking) { acking = false; targetSda = false; bit = 0; byte = 0; }
    }
    scl = newScl; sda = sdaPin.value !== GPIOPinState.Low && !targetSda;
    sclPin.setInputValue(scl); sdaPin.setInputValue(sda);
  };
  sdaPin.addListener(update); sclPin.addListener(update);
  update();
}

// ---- power -----------------------------------------------------------------------------------

function powerOn() {
  beforeCut = null;
  if (mcu) baseNs += mcu.clock.nanos;
  mcu = new RP2040();
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  mcu.loadBootrom(bootrom);
  mcu.flash.set(flash);
  mcu.onBreak = (code) => {
    if (code === 0x51) flashOperation("erase");
    else if (code === 0x52) flashOperation("program");
  };
  // The watchdog resets the chip (rp2040js only calls this hook). Stop its timer first: its
  // periodic alarm would otherwise fire again at once, for ever, inside one clock tick.
  const watchdog = mcu.peripherals[0x40058];
  watchdog.onWatchdogTrigger = () => {
    watchdog.timer.enable = false;
    watchdog.alarm.enable = false;
    resetPending = true;
  };
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (buffer) => { for (const b of buffer) serialOut.push(b); };
  // rp2040js's USB host answers every OUT buffer the board arms at once, with zero bytes when it
  // has nothing to send: the board takes an interrupt, arms again, and so on, about every 50 us,
  // which kept the emulated CPU ~90 % busy doing nothing. A real host sends an OUT packet only
  // when it has data: so a read with nothing to send waits here until there is some.
  const answerRead = mcu.usbCtrl.onEndpointRead;
  pendingRead = null;
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) pendingRead = () => answerRead(endpoint, size);
    else answerRead(endpoint, size);
  };
  attachOled();
  attachSpiPanel();
  if (!chip) freshChip();
  chip.cs = false;
  attachFlashChip();
  for (const [gpio, state] of buttons) {
    state.bouncing = null;
    mcu.gpio[gpio].addListener(() => refreshButton(gpio));
    refreshButton(gpio);
  }
  mcu.core.PC = 0x10000000;
  poweredOff = false;
  resetPending = false;
}

function run(ms) {
  const end = nowNs() + ms * 1e6;        // absolute: a reset on the way starts a new chip clock
  runStopNs = end;
  while (nowNs() < end && !poweredOff) {
    if (resetPending) {
      events.push({ kind: "reset", t: us(nowNs()) });
      if (chip.erase && !chip.erase.suspended) { chip.erase.endNs = nowNs(); settleErase(); }  // (boot waits for it)
      powerOn();
      continue;
    }
    if (cut && cut.atNs !== undefined && nowNs() >= cut.atNs) {
      const e = chip.erase;
      if (e) beforeCut = { offset: e.offset, bytes: e.before };
      events.push(e ? { kind: "cut", during: "erase", offset: e.offset, count: 4096, t: us(nowNs()) }
                    : { kind: "cut", during: null, t: us(nowNs()) });
      poweredOff = true;
      chip.erase = null;
      break;
    }
    while (serialIn.length && !cdc.txFIFO.full) cdc.sendSerialByte(serialIn.shift());
    if (pendingRead && !cdc.txFIFO.empty) { const read = pendingRead; pendingRead = null; read(); }
    const core = mcu.core, clock = mcu.clock;
    const stop = end - baseNs;             // the same instant on this chip's clock
    const cycleNs = 1e9 / sysHz();         // 8 ns at 125 MHz, 5 ns at 200 MHz
    for (let i = 0; i < 2000 && !poweredOff && !resetPending && clock.nanos < stop; i++) {
      if (core.waiting) {
        const next = clock.nextAlarm ? clock.nanosToNextAlarm : undefined;   // (0 when none)
        const step = next === undefined ? stop - clock.nanos : Math.min(next, stop - clock.nanos);
        clock.tick(Math.max(step, 0));
        idleNs += Math.max(step, 0);
        if (next === undefined || next > stop - clock.nanos) break;
      } else {
        const cycles = core.executeInstruction();
        clock.tick(cycles * cycleNs);
        busyNs += cycles * cycleNs;
      }
    }
  }
  if (poweredOff) cut = null;
}

// ---- commands --------------------------------------------------------------------------------

function report(extra) {
  const answer = Object.assign({
    t: us(nowNs()), serial: Buffer.from(serialOut).toString("hex"), i2c: i2cLog, flash: flashLog,
    spi: spiLog, events, off: poweredOff, busy_us: us(busyNs), idle_us: us(idleNs),
    violations, suspended: !!(chip && chip.erase && chip.erase.suspended),
    erasing: !!(chip && chip.erase && !chip.erase.suspended),
  }, extra || {});
  serialOut = []; i2cLog = []; flashLog = []; events = []; spiLog = []; violations = [];
  return answer;
}

const commands = {
  start(c) {
    bootrom = new Uint32Array(new Uint8Array(fs.readFileSync(c.bootrom)).buffer);
    patchRom(bootrom, romFunction("RE"), 0x51);
    patchRom(bootrom, romFunction("RP"), 0x52);
    // A saved flash image is a power cycle; a UF2 over it is a firmware update (BOOTSEL, copy):
    // only the blocks the UF2 carries are rewritten, so the filesystem stays.
    if (c.image) flash.set(new Uint8Array(fs.readFileSync(c.image)));
    if (!c.image || c.flash_uf2) loadUf2(c.uf2);
    rng = c.seed || 12345;
    if (c.oleds) oledAddresses = c.oleds;
    if (c.spi) { spiPanel = c.spi; oledAddresses = []; }   // (nothing answers on I2C then)
    if (c.fram) { fram = new Uint8Array(c.fram.bytes); framAddress = c.fram.address; }
    if (c.flash_timing) [ERASE_NS_PER_SECTOR, PROGRAM_NS_PER_PAGE] = FLASH_TIMING[c.flash_timing];
    freshChip();
    powerOn();
    return report();
  },
  run(c) { if (!poweredOff) run(c.ms); return report(); },
  button(c) { setButton(c.gpio, c.pressed, c.bounces || 0); return report(); },
  serial(c) { for (const b of Buffer.from(c.hex, "hex")) serialIn.push(b); return report(); },
  save(c) {    // before_cut: the flash as it was when the cut-short operation began
    const image = Uint8Array.from(flash);
    if (c.before_cut && beforeCut) image.set(beforeCut.bytes, beforeCut.offset);
    fs.writeFileSync(c.path, image);
    return report();
  },
  load(c) { flash.set(new Uint8Array(fs.readFileSync(c.path))); return report(); },
  cut(c) {   // arm a power cut: at an emulated time, or during the n-th flash operation from now
    cut = c.at_us !== undefined ? { atNs: c.at_us * 1000 }
      : { flashOp: c.flash_op || 1, kind: c.kind, fraction: c.fraction === undefined ? 0.5 : c.fraction };
    flashOpsOfKind = 0;
    return report();
  },
  power(c) { freshChip(); powerOn(); return report(); },
  stats(c) { busyNs = 0; idleNs = 0; return report(); },
};

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (!line.trim()) continue;
  let answer;
  try {
    const command = JSON.parse(line);
    answer = commands[command.op](command);
  } catch (error) {
    answer = { error: String(error && error.stack || error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
