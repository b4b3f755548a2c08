// The garbage collector's sweep, four blocks at a time (make bench: "a full GC at the peak",
// issue 59's 3 ms). Included into a copy of MicroPython's py/gc.c in place of its own
// gc_sweep_free_blocks (mpconfigboard.cmake makes the copy); the same result, block for block.
//
// Why: after marking, the sweep visits every block of the heap up to the last one in use, and
// stock MicroPython takes each block's two bits out of the allocation table one at a time: some
// 30 cycles a block on the Cortex-M0+, over a quarter of a collection at the peak (profiled on
// the virtual Pico: 6,400 blocks, 1.0 of 3.5 ms). Here each table byte (four blocks) is looked
// up in a table of what the stock loop makes of it: the same sweep in 0.2 ms. The table takes
// 1 KB of RAM outside the heap, and is made at the first collection.
//
// What the stock loop does to one block, with `free_tail` carried from block to block:
//   free: nothing;  an unmarked head: freed, free_tail = 1;
//   a tail: freed if free_tail, else kept (the last block in use so far);
//   a marked head: unmarked, free_tail = 0, kept.

#if MICROPY_GC_SPLIT_HEAP || MICROPY_PY_GC_COLLECT_RETVAL || CLEAR_ON_SWEEP
#error "netclick_gc_sweep.h is written for one heap area, no collect count, no clearing"
#endif

// [free_tail coming in][table byte]: the new byte, bit 8 the free_tail going out, bits 9-11 one
// more than the last of its four blocks kept (0: none kept). Made once, by the stock rules.
static uint16_t netclick_sweep_table[2][256];
static bool netclick_sweep_table_made;

static void netclick_make_sweep_table(void) {
    for (unsigned carried = 0; carried < 2; carried++) {
        for (unsigned kinds = 0; kinds < 256; kinds++) {
            unsigned free_tail = carried, out = kinds, kept = 0;
            for (unsigned i = 0; i < BLOCKS_PER_ATB; i++) {
                unsigned shift = 2 * i;
                switch ((kinds >> shift) & 3) {
                    case AT_HEAD:
                        free_tail = 1;
                        out &= ~(AT_MARK << shift);
                        break;
                    case AT_TAIL:
                        if (free_tail) {
                            out &= ~(AT_MARK << shift);
                        } else {
                            kept = i + 1;
                        }
                        break;
                    case AT_MARK:
                        out &= ~(AT_TAIL << shift);
                        free_tail = 0;
                        kept = i + 1;
                        break;
                }
            }
            netclick_sweep_table[carried][kinds] = out | (free_tail << 8) | (kept << 9);
        }
    }
    netclick_sweep_table_made = true;
}

static void gc_sweep_free_blocks(void) {
    if (!netclick_sweep_table_made) {
        netclick_make_sweep_table();
    }
    mp_state_mem_area_t *area = &MP_STATE_MEM(area);
    assert(area->gc_last_used_block <= area->gc_alloc_table_byte_len * BLOCKS_PER_ATB);
    byte *table = area->gc_alloc_table_start;
    // (the blocks after the last one in use, in its table byte, are free: unchanged by the sweep)
    size_t last_byte = area->gc_last_used_block / BLOCKS_PER_ATB;
    size_t last_used_block = 0;
    unsigned free_tail = 0;
    for (size_t index = 0; index <= last_byte; index++) {
        unsigned swept = netclick_sweep_table[free_tail][table[index]];
        table[index] = (byte)swept;
        free_tail = (swept >> 8) & 1;
        if (swept >> 9) {
            last_used_block = index * BLOCKS_PER_ATB + (swept >> 9) - 1;
        }
    }
    area->gc_last_used_block = last_used_block;
}
