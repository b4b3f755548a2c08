"""The firmware image's own garbage-collector sweep (hardware/image/board/netclick_gc_sweep.h)
against MicroPython's (py/gc.c of the kit the image is built from), on random heaps.

The image's sweep looks each allocation-table byte (four blocks) up in a table made by the stock
rules; a mistake there would free a live object or keep a dead one on a Pico, where nothing but
a crash would show it. So both are compiled here with the host's C compiler, each around the
same allocation tables, and must leave the same table and the same last block in use.
"""

import os
import re
import shutil
import subprocess
import tarfile

import pytest

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KIT = os.path.join(ROOT, "..", "shared", "rp2", "micropython-v1.28.0-rp2-kit.tar.xz")
SWEEP = os.path.join(ROOT, "hardware", "image", "board", "netclick_gc_sweep.h")
HEAPS = 3000

# What the two sweeps need of MicroPython, the macros as py/gc.c has them (taken from it below).
HARNESS = r"""
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <assert.h>
typedef unsigned char byte;
typedef struct { byte *gc_alloc_table_start; size_t gc_alloc_table_byte_len;
                 size_t gc_last_used_block; } mp_state_mem_area_t;
static struct { mp_state_mem_area_t area; } mem;
#define MP_STATE_MEM(x) (mem.x)
#define MICROPY_GC_SPLIT_HEAP 0
#define MICROPY_GC_SPLIT_HEAP_AUTO 0
#define MICROPY_PY_GC_COLLECT_RETVAL 0
#define MICROPY_GC_HOOK_LOOP(i)
#define MP_FALLTHROUGH
#define DEBUG_printf(...)
#define BYTES_PER_BLOCK 16
#define PTR_FROM_BLOCK(area, block) ((void *)0)
%(macros)s
static void gc_sweep_free_blocks_stock(void) %(stock)s
#include "netclick_gc_sweep.h"

static unsigned seed = 1;
static unsigned next(void) { seed = seed * 1103515245u + 12345u; return seed >> 8; }

int main(void) {
    static byte stock[512], ours[512];
    for (int heap = 0; heap < %(heaps)d; heap++) {
        size_t bytes = 1 + next() %% 512, blocks = bytes * 4;
        size_t last = next() %% blocks;
        memset(stock, 0, sizeof stock);
        /* a heap as marking leaves it: objects (a head, marked or not, then tails) and gaps,
           nothing in use after the last block in use */
        for (size_t block = 0; block <= last; ) {
            unsigned what = next() %% 4;
            size_t length = 1 + (next() %% 3 ? next() %% 4 : next() %% 40);
            if (what == 0) { block += length; continue; }          /* free */
            for (size_t i = 0; i < length && block <= last; i++, block++) {
                unsigned kind = i ? 2 : (what == 1 ? 1 : 3);        /* tail; head; marked */
                stock[block / 4] |= kind << (2 * (block %% 4));
            }
        }
        if (heap %% 7 == 0) {                                    /* and some with any bits */
            for (size_t i = 0; i < bytes; i++) stock[i] = next();
            for (size_t block = last + 1; block < blocks; block++)
                stock[block / 4] &= ~(3u << (2 * (block %% 4)));
        }
        memcpy(ours, stock, sizeof stock);
        mem.area.gc_alloc_table_byte_len = bytes;
        mem.area.gc_alloc_table_start = stock;
        mem.area.gc_last_used_block = last;
        gc_sweep_free_blocks_stock();
        size_t stock_last = mem.area.gc_last_used_block;
        mem.area.gc_alloc_table_start = ours;
        mem.area.gc_last_used_block = last;
        gc_sweep_free_blocks();
        if (memcmp(stock, ours, bytes) || stock_last != mem.area.gc_last_used_block) {
            printf("heap %%d differs (%%zu bytes, last %%zu: %%zu against %%zu)\n", heap, bytes,
                   last, stock_last, mem.area.gc_last_used_block);
            return 1;
        }
    }
    printf("same on %%d heaps\n", %(heaps)d);
    return 0;
}
"""


def _stock_gc_c():
    """py/gc.c of the kit the image is built from."""
    if not os.path.isfile(KIT):
        pytest.skip("no MicroPython source kit at ../shared/rp2")
    with tarfile.open(KIT) as kit:
        return kit.extractfile("micropython/py/gc.c").read().decode()


def _function_body(source, signature):
    """The body ({...}) of the C function whose definition starts with `signature`."""
    start = source.index(signature) + len(signature) - 1
    depth = 0
    for at in range(start, len(source)):
        depth += {"{": 1, "}": -1}.get(source[at], 0)
        if depth == 0:
            return source[start:at + 1]
    raise ValueError("no end to " + signature)


def test_the_images_sweep_leaves_every_heap_as_micropythons_does(tmp_path):
    compiler = shutil.which("gcc") or shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler")
    source = _stock_gc_c()
    stock = _function_body(source, "static void gc_sweep_free_blocks(void) {")
    wanted = ("AT_FREE", "AT_HEAD", "AT_TAIL", "AT_MARK", "BLOCKS_PER_ATB", "NEXT_AREA",
              "BLOCK_SHIFT", "ATB_GET_KIND", "ATB_ANY_TO_FREE", "ATB_MARK_TO_HEAD", "CLEAR_ON_SWEEP")
    macros = [line for line in source.splitlines()
              if re.match(r"#define (%s)\b" % "|".join(wanted), line)]
    macros = [line for line in macros if "->next" not in line]     # (the split heap's NEXT_AREA)
    assert len(macros) == len(wanted)
    program = tmp_path / "sweep.c"
    program.write_text(HARNESS % {"macros": "\n".join(macros), "stock": stock, "heaps": HEAPS})
    binary = str(tmp_path / "sweep")
    subprocess.run([compiler, "-O1", "-Wall", "-Werror", "-I", os.path.dirname(SWEEP), "-o",
                    binary, str(program)], check=True)
    result = subprocess.run([binary], capture_output=True, text=True)
    assert result.returncode == 0 and "same on %d heaps" % HEAPS in result.stdout, result.stdout
