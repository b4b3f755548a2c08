# Netclick's board for `make uf2` (host_tools/uf2.py passes this folder as BOARD_DIR): the stock
# MicroPython board named by BOARD (RPI_PICO, or RPI_PICO2 for the Pico 2) with the changes in
# MICROPY_DEF_BOARD below and in mpconfigboard.h (Python's frames on a stack of their own).
# Everything else (pins, flash layout, name) is the stock board's.
set(NETCLICK_STOCK_BOARD ${MICROPY_PORT_DIR}/boards/${MICROPY_BOARD})
include(${NETCLICK_STOCK_BOARD}/mpconfigboard.cmake)
include(${NETCLICK_STOCK_BOARD}/mpconfigvariant.cmake OPTIONAL)
set(MICROPY_BOARD_PINS ${NETCLICK_STOCK_BOARD}/pins.csv)
list(APPEND MICROPY_DEF_BOARD NETCLICK_STOCK_BOARD_H="boards/${MICROPY_BOARD}/mpconfigboard.h")

# The garbage collector's mark stack: 256 entries, not 64. When marking pushes more blocks than
# the stack holds, MicroPython rescans every marked block of the heap, and the tracker's classes
# and modules push more than 64: a full collection on the image took 7.4 ms with 64 (make bench,
# "a full GC, tracker built"; issue 37's target is 3 ms). The rp2 port does the same for boards
# with PSRAM (1024). Cost: 384 bytes of RAM more outside the heap (entries are 2 bytes).
list(APPEND MICROPY_DEF_BOARD MICROPY_ALLOC_GC_STACK_SIZE=256)

# The system clock at 200 MHz, the RP2040's fastest officially supported clock (the Pico SDK's
# PICO_USE_FASTEST_SUPPORTED_CLOCK: 1.15 V on the core, set before the clock rises; the flash
# then runs at 100 MHz, within the Pico's W25Q16JV's 133 MHz). Everything the processor does
# takes 5/8 of the time it took at the stock 125 MHz: a full garbage collection at the peak
# (make bench: "a full GC at the peak", issue 37's 3 ms) and the Python of every tap (press to
# photon). The I2C bus keeps its 400 kHz: MicroPython sets its dividers from the clock. On the
# Pico 2 (RP2350) the fastest supported clock is its default, 150 MHz.
list(APPEND MICROPY_DEF_BOARD PICO_USE_FASTEST_SUPPORTED_CLOCK=1)

# The garbage collector compiled for speed (-O2), as the port compiles its VM and maps; the rest
# stays -Os. A full collection marks every live object word by word: measured on the virtual
# Pico, at the peak of a 50-round game with every screen opened 3.98 -> 3.36 ms, after boot with
# the tracker built 3.4 -> 2.85 ms (make bench: "a full GC at the peak", issue 59's 3 ms); -O3
# was 1 % faster again, for more flash. (A mark stack of 1024 entries instead of 256, below,
# changed nothing: it does not overflow.)
#
# And its sweep is Netclick's own, four blocks at a time (netclick_gc_sweep.h says why): a full
# collection at the peak 3.36 -> 2.59 ms, after boot 2.85 -> 2.23 ms (make bench: "a full GC at
# the peak", issue 59's 3 ms). py/gc.c is compiled from a copy whose gc_sweep_free_blocks is that
# file's, the stock one left unused (tests/test_gc_sweep.py compares the two on random heaps).
# The copy is made at configure time; a MicroPython whose gc.c lacks the line replaced stops the
# build here. (Marking, the other two thirds, was tried the same way: 3 % faster, not kept.)
file(READ ${MICROPY_DIR}/py/gc.c NETCLICK_GC_SOURCE)
set(NETCLICK_GC_STOCK "static void gc_sweep_free_blocks(void) {")
string(FIND "${NETCLICK_GC_SOURCE}" "${NETCLICK_GC_STOCK}" NETCLICK_GC_AT)
if(NETCLICK_GC_AT EQUAL -1)
    message(FATAL_ERROR "py/gc.c has no stock gc_sweep_free_blocks to replace (netclick_gc_sweep.h)")
endif()
string(REPLACE "${NETCLICK_GC_STOCK}" "#include \"netclick_gc_sweep.h\"
static void __attribute__((unused)) gc_sweep_free_blocks_stock(void) {" NETCLICK_GC_SOURCE "${NETCLICK_GC_SOURCE}")
file(WRITE ${CMAKE_BINARY_DIR}/netclick_gc.c "${NETCLICK_GC_SOURCE}")
set_source_files_properties(${MICROPY_DIR}/py/gc.c PROPERTIES HEADER_FILE_ONLY TRUE)
list(APPEND MICROPY_SOURCE_BOARD ${CMAKE_BINARY_DIR}/netclick_gc.c)
set_source_files_properties(${CMAKE_BINARY_DIR}/netclick_gc.c PROPERTIES COMPILE_OPTIONS "-O2")

# netclick_flash: a sector erase that a key press suspends (netclick_flash.c says why; issue 58,
# "no tap waits for the flash more than 100 ms"; make bench, "Taps in an erase").
list(APPEND MICROPY_SOURCE_BOARD ${MICROPY_BOARD_DIR}/netclick_flash.c)
