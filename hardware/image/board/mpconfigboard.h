// Netclick's board: the stock board's configuration (mpconfigboard.cmake names it).
#include NETCLICK_STOCK_BOARD_H

// Python's call frames on a stack of their own (MicroPython's "pystack"), not on the heap.
// Stock MicroPython puts a frame of more than 11 words (most of the tracker's functions: its
// locals and its evaluation stack) on the garbage-collected heap, and the allocator looks for
// room from the bottom of the heap after every collection: past the tracker's own objects, some
// 50-80 us a call on the virtual Pico, and a tap makes dozens of such calls (every line of text
// drawn is one). A frame here is a pointer moved. Measured (make bench: the rhythm sweep, p95
// and max): the taps that send a whole picture, 1.3-2.6 ms sooner; the 530 ms sweep's max
// 31.7 -> 29.8 ms. The stack: 2048 words (8 KB of RAM outside the heap); a 13-round game with
// every screen opened, and a power-up with a saved game, used at most 359 (tests/
// test_virtual_pico.py checks the margin). A call deeper than that raises RuntimeError
// ("pystack exhausted"), which the firmware's crash screen handles like any error.
#define MICROPY_ENABLE_PYSTACK (1)
#define NETCLICK_PYSTACK_WORDS (2048)
// Set up once, before the first Python runs (main.c's hook; a soft reset starts with every frame
// popped, the stack empty again).
#define MICROPY_BOARD_EARLY_INIT() do { \
        static mp_obj_t netclick_pystack[NETCLICK_PYSTACK_WORDS]; \
        mp_pystack_init(netclick_pystack, &netclick_pystack[NETCLICK_PYSTACK_WORDS]); \
} while (0)
