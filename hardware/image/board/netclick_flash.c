// netclick_flash: a sector erase that a key press suspends (the firmware image only).
//
// A sector erase takes the Pico's W25Q16JV 45 ms, 400 ms at its worst, and while it runs the
// flash cannot be read: code that runs from flash (all of MicroPython's) stops. The save
// journal's sectors are erased in pauses (firmware.board.flash_journal), but a tap can still
// land in one, and then waited for it (issue 58: "no tap waits for the flash more than 100 ms,
// even at its worst timings"). The chip can suspend an erase (75h) within 20 us, be read and
// programmed meanwhile anywhere but that sector, and resume it (7Ah). So this erase runs from
// RAM with interrupts off, polls the chip's status and the buttons' pins, and on the first pin
// that changes level suspends the erase and returns: the tap is answered at once, and the erase
// goes on in the next pause (`resume`).
//
//   erase(offset, pins) -> 0 when the sector at `offset` (bytes into the filesystem's flash, as
//                          rp2.Flash(start=...) counts) is erased, 1 when a pin of the mask
//                          `pins` changed level first and the erase is suspended
//   resume(pins)        -> the same, for the suspended erase (0 at once when none is)
//   suspended()         -> whether an erase is suspended
//   ahead(fs, out)      -> how many littlefs blocks it wrote to `out` (16-bit numbers): the
//                          blocks the mounted VfsLfs2 `fs` will erase next, the old half of each
//                          of its root folder's metadata pairs (their next compaction's), then
//                          its free blocks in the order its allocator takes them. For
//                          firmware.board.keyed_erase to erase them in pauses, so that littlefs's
//                          own writes find them erased.
//
// While an erase is suspended the chip refuses another erase (it would be ignored, and a file
// written after it corrupted): the firmware finishes it before littlefs writes (resume(0)), and
// at power-up (_boot.py: a reset keeps the chip's state; only a power cut ends a suspension).
//
// Outside the critical section everything is ordinary code; inside, only this file's RAM
// functions, the boot ROM's, and registers.

#include "py/runtime.h"

// The RP2040's only: the Pico 2's RP2350 drives its flash through another block (QMI), and its
// image goes without this module (_boot.py, firmware.board.flash_journal: plain erases).
#if PICO_RP2040

#include "py/mperrno.h"
#include "hardware/flash.h"
#include "hardware/sync.h"
#include "hardware/clocks.h"
#include "hardware/structs/ioqspi.h"
#include "hardware/structs/pads_qspi.h"
#include "hardware/structs/sio.h"
#include "hardware/structs/ssi.h"
#include "hardware/structs/timer.h"
#include "pico/bootrom.h"
#include "extmod/vfs.h"
#include "extmod/vfs_lfs.h"
#include "lib/littlefs/lfs2.h"

#ifndef MICROPY_HW_FLASH_STORAGE_BASE
#define MICROPY_HW_FLASH_STORAGE_BASE (PICO_FLASH_SIZE_BYTES - MICROPY_HW_FLASH_STORAGE_BYTES)
#endif
#ifndef MICROPY_HW_FLASH_MAX_FREQ
#ifdef PICO_FLASH_SPI_CLKDIV
#define MICROPY_HW_FLASH_MAX_FREQ (SYS_CLK_HZ / PICO_FLASH_SPI_CLKDIV)
#else
#define MICROPY_HW_FLASH_MAX_FREQ (SYS_CLK_HZ / 4)
#endif
#endif

#define CMD_WRITE_ENABLE  0x06
#define CMD_SECTOR_ERASE  0x20
#define CMD_STATUS_1      0x05   // bit 0: busy (erasing or programming)
#define CMD_STATUS_2      0x35   // bit 7: an erase is suspended
#define CMD_SUSPEND       0x75
#define CMD_RESUME        0x7a
#define STATUS_BUSY       0x01
#define STATUS_2_SUSPENDED 0x80
// After a resume the chip needs some time before the next suspend makes progress (the
// W25Q16JV: at least tSUS, 20 us); keys are not looked at for this long after it.
#define RESUMED_QUIET_US  200

static bool erase_suspended;

// The chip select, forced as the boot ROM and the SDK's flash_do_cmd do.
static void __no_inline_not_in_flash_func(cs_force)(bool high) {
    uint32_t value = high ? IO_QSPI_GPIO_QSPI_SS_CTRL_OUTOVER_VALUE_HIGH
        : IO_QSPI_GPIO_QSPI_SS_CTRL_OUTOVER_VALUE_LOW;
    hw_write_masked(&io_qspi_hw->io[1].ctrl, value << IO_QSPI_GPIO_QSPI_SS_CTRL_OUTOVER_LSB,
        IO_QSPI_GPIO_QSPI_SS_CTRL_OUTOVER_BITS);
}

// One command of `count` bytes; returns the last byte the chip sent back.
static uint8_t __no_inline_not_in_flash_func(command)(const uint8_t *tx, size_t count) {
    uint8_t last = 0;
    cs_force(false);
    size_t tx_left = count, rx_left = count;
    while (tx_left || rx_left) {
        uint32_t flags = ssi_hw->sr;
        if ((flags & SSI_SR_TFNF_BITS) && tx_left && rx_left - tx_left < 14) {
            ssi_hw->dr0 = *tx++;
            --tx_left;
        }
        if ((flags & SSI_SR_RFNE_BITS) && rx_left) {
            last = (uint8_t)ssi_hw->dr0;
            --rx_left;
        }
    }
    cs_force(true);
    return last;
}

static uint8_t __no_inline_not_in_flash_func(status)(uint8_t which) {
    const uint8_t tx[2] = {which, 0};
    return command(tx, 2);
}

// Waits for the chip: 0 when it is no longer busy, 1 when a pin of `pins` left its level
// first (the erase is then suspended).
static int __no_inline_not_in_flash_func(wait_or_suspend)(uint32_t pins) {
    uint32_t levels = sio_hw->gpio_in & pins;
    uint32_t since = timer_hw->timerawl;
    for (;;) {
        if (!(status(CMD_STATUS_1) & STATUS_BUSY)) {
            return 0;
        }
        if (pins && (sio_hw->gpio_in & pins) != levels
            && timer_hw->timerawl - since >= RESUMED_QUIET_US) {
            const uint8_t suspend = CMD_SUSPEND;
            command(&suspend, 1);
            while (status(CMD_STATUS_1) & STATUS_BUSY) {
            }
            // (An erase that ended just as the suspend came is not suspended: bit clear.)
            return (status(CMD_STATUS_2) & STATUS_2_SUSPENDED) ? 1 : 0;
        }
    }
}

// The erase (or its resumption) with XIP off: from RAM only, interrupts off.
static int __no_inline_not_in_flash_func(erase_in_ram)(uint32_t address, bool resuming, uint32_t pins) {
    rom_connect_internal_flash_fn connect = (rom_connect_internal_flash_fn)rom_func_lookup_inline(ROM_FUNC_CONNECT_INTERNAL_FLASH);
    rom_flash_exit_xip_fn exit_xip = (rom_flash_exit_xip_fn)rom_func_lookup_inline(ROM_FUNC_FLASH_EXIT_XIP);
    rom_flash_flush_cache_fn flush_cache = (rom_flash_flush_cache_fn)rom_func_lookup_inline(ROM_FUNC_FLASH_FLUSH_CACHE);
    uint32_t pads[count_of(pads_qspi_hw->io)];
    for (size_t i = 0; i < count_of(pads_qspi_hw->io); ++i) {
        pads[i] = pads_qspi_hw->io[i];
    }
    __compiler_memory_barrier();
    connect();
    exit_xip();
    if (resuming) {
        const uint8_t resume = CMD_RESUME;
        command(&resume, 1);
    } else {
        const uint8_t enable = CMD_WRITE_ENABLE;
        command(&enable, 1);
        const uint8_t erase[4] = {CMD_SECTOR_ERASE, address >> 16, address >> 8, address};
        command(erase, 4);
    }
    int result = wait_or_suspend(pins);
    flush_cache();             // (also ends the chip select's override)
    for (size_t i = 0; i < count_of(pads_qspi_hw->io); ++i) {
        pads_qspi_hw->io[i] = pads[i];
    }
    // XIP again, through the ROM's slow mode and then boot2 (the SDK's flash_start_xip, in RAM).
    flash_start_xip();
    return result;
}

// As MicroPython's rp2_flash.c after a flash operation: the ROM set the flash's clock to its
// default divider; the faster one the firmware chose is set again.
static void set_flash_timing(void) {
    int divisor = (clock_get_hz(clk_sys) + MICROPY_HW_FLASH_MAX_FREQ - 1) / MICROPY_HW_FLASH_MAX_FREQ;
    if (divisor & 1) {
        divisor += 1;
    }
    if (divisor < 2) {
        divisor = 2;
    }
    hw_clear_bits(&ssi_hw->ssienr, SSI_SSIENR_SSI_EN_BITS);
    ssi_hw->baudr = divisor;
    hw_set_bits(&ssi_hw->ssienr, SSI_SSIENR_SSI_EN_BITS);
}

static int run(uint32_t address, bool resuming, uint32_t pins) {
    uint32_t irq = save_and_disable_interrupts();
    int result = erase_in_ram(address, resuming, pins);
    set_flash_timing();
    restore_interrupts(irq);
    erase_suspended = result == 1;
    return result;
}

static mp_obj_t netclick_flash_erase(mp_obj_t offset_in, mp_obj_t pins_in) {
    mp_int_t offset = mp_obj_get_int(offset_in);
    if (offset < 0 || offset >= MICROPY_HW_FLASH_STORAGE_BYTES || offset % FLASH_SECTOR_SIZE) {
        mp_raise_ValueError(MP_ERROR_TEXT("not a sector of the filesystem's flash"));
    }
    if (erase_suspended) {
        mp_raise_OSError(MP_EBUSY);      // the chip would ignore it: resume the other first
    }
    int result = run(MICROPY_HW_FLASH_STORAGE_BASE + offset, false, mp_obj_get_int_truncated(pins_in));
    return MP_OBJ_NEW_SMALL_INT(result);
}
static MP_DEFINE_CONST_FUN_OBJ_2(netclick_flash_erase_obj, netclick_flash_erase);

static mp_obj_t netclick_flash_resume(mp_obj_t pins_in) {
    if (!erase_suspended) {
        return MP_OBJ_NEW_SMALL_INT(0);
    }
    int result = run(0, true, mp_obj_get_int_truncated(pins_in));
    return MP_OBJ_NEW_SMALL_INT(result);
}
static MP_DEFINE_CONST_FUN_OBJ_1(netclick_flash_resume_obj, netclick_flash_resume);

static mp_obj_t netclick_flash_suspended(void) {
    return mp_obj_new_bool(erase_suspended);
}
static MP_DEFINE_CONST_FUN_OBJ_0(netclick_flash_suspended_obj, netclick_flash_suspended);

// At power-up: an erase a reset left suspended (the chip keeps its state through a reset) is
// finished, so that the chip takes erases again. Returns whether there was one.
static mp_obj_t netclick_flash_settle(void) {
    uint32_t irq = save_and_disable_interrupts();
    const uint8_t tx[2] = {CMD_STATUS_2, 0};
    uint8_t rx[2];
    flash_do_cmd(tx, rx, 2);
    restore_interrupts(irq);
    bool was = (rx[1] & STATUS_2_SUSPENDED) != 0;
    if (was) {
        run(0, true, 0);
    }
    set_flash_timing();
    erase_suspended = false;
    return mp_obj_new_bool(was);
}
static MP_DEFINE_CONST_FUN_OBJ_0(netclick_flash_settle_obj, netclick_flash_settle);

// The VfsLfs2 object as extmod/vfs_lfs.c lays it out in MicroPython 1.28 (its type is private
// there). `ahead` checks that its littlefs is the one configured beside it before using it.
typedef struct {
    mp_obj_base_t base;
    mp_vfs_blockdev_t blockdev;
    bool enable_mtime;
    vstr_t cur_dir;
    struct lfs2_config config;
    lfs2_t lfs;
} vfs_lfs2_mirror_t;

#define AHEAD_MAX_BLOCKS 2048      // (a 8 MB filesystem: the bitmap below is on the stack)

static int mark_used(void *data, lfs2_block_t block) {
    uint8_t *used = data;
    if (block < AHEAD_MAX_BLOCKS) {
        used[block / 8] |= 1 << (block % 8);
    }
    return 0;
}

static mp_obj_t netclick_flash_ahead(mp_obj_t fs_in, mp_obj_t out_in) {
    if (!mp_obj_is_type(fs_in, &mp_type_vfs_lfs2)) {
        mp_raise_TypeError(MP_ERROR_TEXT("not a VfsLfs2"));
    }
    vfs_lfs2_mirror_t *fs = MP_OBJ_TO_PTR(fs_in);
    lfs2_t *lfs = &fs->lfs;
    if (lfs->cfg != &fs->config || lfs->block_count != fs->config.block_count
        || lfs->block_count > AHEAD_MAX_BLOCKS) {
        mp_raise_OSError(MP_EINVAL);        // (another layout: nothing is guessed)
    }
    mp_buffer_info_t out;
    mp_get_buffer_raise(out_in, &out, MP_BUFFER_WRITE);
    size_t room = out.len / 2, count = 0;
    uint8_t *blocks = out.buf;
    uint32_t total = lfs->block_count;

    // The old half of each of the root folder's metadata pairs: littlefs reads both halves'
    // revisions and keeps the newer valid one in pair[0]; pair[1] is what its next compaction
    // erases and writes.
    lfs2_dir_t dir;
    struct lfs2_info info;
    int err = lfs2_dir_open(lfs, &dir, "/");
    if (err) {
        mp_raise_OSError(-err);
    }
    lfs2_block_t last = (lfs2_block_t)-1;
    do {
        if (dir.m.pair[1] != last && dir.m.pair[1] < total && count < room) {
            last = dir.m.pair[1];
            blocks[2 * count] = last & 255;
            blocks[2 * count + 1] = last >> 8;
            ++count;
        }
        err = lfs2_dir_read(lfs, &dir, &info);
    } while (err > 0);
    lfs2_dir_close(lfs, &dir);
    if (err < 0) {
        mp_raise_OSError(-err);
    }

    // Its free blocks (none that any file, folder or open file holds), in the allocator's order:
    // those its lookahead window still offers, from where it is, then on from the window's end.
    uint8_t used[AHEAD_MAX_BLOCKS / 8] = {0};
    err = lfs2_fs_traverse(lfs, mark_used, used);
    if (err) {
        mp_raise_OSError(-err);
    }
    uint32_t start = lfs->lookahead.start, next = lfs->lookahead.next, size = lfs->lookahead.size;
    for (uint32_t step = next; step < next + total && count < room; ++step) {
        if (step < size && (lfs->lookahead.buffer[step / 8] & (1 << (step % 8)))) {
            continue;                       // (taken in this window: skipped until the next)
        }
        uint32_t block = (start + step) % total;
        if (!(used[block / 8] & (1 << (block % 8)))) {
            blocks[2 * count] = block & 255;
            blocks[2 * count + 1] = block >> 8;
            ++count;
        }
    }
    return MP_OBJ_NEW_SMALL_INT(count);
}
static MP_DEFINE_CONST_FUN_OBJ_2(netclick_flash_ahead_obj, netclick_flash_ahead);

static const mp_rom_map_elem_t netclick_flash_globals_table[] = {
    { MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR_netclick_flash) },
    { MP_ROM_QSTR(MP_QSTR_erase), MP_ROM_PTR(&netclick_flash_erase_obj) },
    { MP_ROM_QSTR(MP_QSTR_resume), MP_ROM_PTR(&netclick_flash_resume_obj) },
    { MP_ROM_QSTR(MP_QSTR_suspended), MP_ROM_PTR(&netclick_flash_suspended_obj) },
    { MP_ROM_QSTR(MP_QSTR_settle), MP_ROM_PTR(&netclick_flash_settle_obj) },
    { MP_ROM_QSTR(MP_QSTR_ahead), MP_ROM_PTR(&netclick_flash_ahead_obj) },
};
static MP_DEFINE_CONST_DICT(netclick_flash_globals, netclick_flash_globals_table);

const mp_obj_module_t netclick_flash_module = {
    .base = { &mp_type_module },
    .globals = (mp_obj_dict_t *)&netclick_flash_globals,
};

MP_REGISTER_MODULE(MP_QSTR_netclick_flash, netclick_flash_module);

#endif // PICO_RP2040
