// An SSD1306 OLED controller in JavaScript: I2C writes in, the 128x64 glass out.
//
// The same model as host_tools/ssd1306_emu.py (the desktop simulator's), so the page shows what
// the firmware sent on the bus, not what its frame buffer holds: the addressing modes and
// windows, segment remap (applied as data arrives), COM scan direction and display offset (applied
// when shown), contrast, inverse, entire-display-on and display on/off.

export const WIDTH = 128;
export const HEIGHT = 64;
const PAGES = HEIGHT / 8;

// Commands and the number of argument bytes that follow them.
const ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1,
              0xDB: 1, 0x8D: 1, 0xAD: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2};

export class SSD1306 {
  constructor() {
    this.ram = new Uint8Array(WIDTH * PAGES);   // [page * 128 + segment]
    this.displayOn = false;
    this.contrast = 0x7F;
    this.inverse = false;
    this.entireOn = false;
    this.segRemap = false;
    this.comReversed = false;
    this.startLine = 0;
    this.offset = 0;
    this.mode = 2;             // 0 horizontal, 1 vertical, 2 page addressing (reset default)
    this.colStart = 0; this.colEnd = WIDTH - 1;
    this.pageStart = 0; this.pageEnd = PAGES - 1;
    this.col = 0; this.page = 0;
    this.command = null;       // a command waiting for its argument bytes
    this.args = [];
    this.dataBytes = 0;
  }

  // One I2C write transaction (without the address byte), as a Uint8Array.
  write(data) {
    let i = 0;
    while (i < data.length) {
      const control = data[i++];
      const isData = control & 0x40;                        // D/C#
      const end = (control & 0x80) ? Math.min(i + 1, data.length) : data.length;  // Co
      for (; i < end; i++) {
        if (isData) this.data(data[i]); else this.commandByte(data[i]);
      }
    }
  }

  commandByte(byte) {
    if (this.command !== null) {
      this.args.push(byte);
      if (this.args.length === ARGS[this.command]) {
        this.run(this.command, this.args);
        this.command = null;
      }
      return;
    }
    if (byte in ARGS) { this.command = byte; this.args = []; return; }
    this.run(byte, []);
  }

  run(cmd, a) {
    if (cmd === 0x20) this.mode = a[0] & 3;
    else if (cmd === 0x21) { this.colStart = a[0] & 0x7F; this.colEnd = a[1] & 0x7F; this.col = this.colStart; }
    else if (cmd === 0x22) { this.pageStart = a[0] & 7; this.pageEnd = a[1] & 7; this.page = this.pageStart; }
    else if (cmd === 0x81) this.contrast = a[0];
    else if (cmd === 0xD3) this.offset = a[0] & 0x3F;
    else if (cmd === 0xAE || cmd === 0xAF) this.displayOn = cmd === 0xAF;
    else if (cmd === 0xA6 || cmd === 0xA7) this.inverse = cmd === 0xA7;
    else if (cmd === 0xA4 || cmd === 0xA5) this.entireOn = cmd === 0xA5;
    else if (cmd === 0xA0 || cmd === 0xA1) this.segRemap = cmd === 0xA1;
    else if (cmd === 0xC0 || cmd === 0xC8) this.comReversed = cmd === 0xC8;
    else if (cmd >= 0x40 && cmd <= 0x7F) this.startLine = cmd & 0x3F;
    else if (cmd >= 0xB0 && cmd <= 0xB7) this.page = cmd & 7;
    else if (cmd <= 0x0F) this.col = (this.col & 0xF0) | cmd;
    else if (cmd <= 0x1F) this.col = (this.col & 0x0F) | ((cmd & 0x0F) << 4);
    // everything else (clock, precharge, charge pump, scrolling...) changes no pixel
  }

  data(byte) {
    this.dataBytes++;
    const segment = this.segRemap ? WIDTH - 1 - this.col : this.col;
    this.ram[this.page * WIDTH + (segment & 0x7F)] = byte;
    if (this.mode === 2) {                     // page addressing: the column wraps in the page
      this.col = (this.col + 1) & 0x7F;
    } else if (this.mode === 0) {              // horizontal: column, then page
      if (this.col >= this.colEnd) {
        this.col = this.colStart;
        this.page = this.page >= this.pageEnd ? this.pageStart : this.page + 1;
      } else this.col++;
    } else {                                   // vertical: page, then column
      if (this.page >= this.pageEnd) {
        this.page = this.pageStart;
        this.col = this.col >= this.colEnd ? this.colStart : this.col + 1;
      } else this.page++;
    }
  }

  // 1 if the pixel at (x, y) of the glass is lit (the driver's defaults show it upright).
  pixel(x, y) {
    if (!this.displayOn) return 0;
    if (this.entireOn) return 1;
    let row = this.comReversed ? y : HEIGHT - 1 - y;
    row = (row + this.startLine + this.offset) % HEIGHT;
    const lit = (this.ram[(row >> 3) * WIDTH + (WIDTH - 1 - x)] >> (row & 7)) & 1;
    return this.inverse ? lit ^ 1 : lit;
  }
}
