"""Issue 58 #7: every file the tracker reads at power-up is read only up to a bound. A file
past it (a journal of 300 KB or of 1,200 files, a settings file or a snapshot far larger than
any the tracker writes) is set aside, never deleted, and the last good generation plays; the
next power-up is clean. (Read whole, such a file ran the Pico's heap out at every power-up:
SAVING OFF and a new game each time.)"""

import pytest

from engine_lite import logtext
from firmware.board.hw import JournalFiles
from firmware.saving.storage import SNAPSHOT, JOURNAL, SETTINGS
from host_tools.flash import MemoryFlash
from host_tools.keyscript import ManualClock
from test_storage import boot, play_ops


class Measured(MemoryFlash):
    """A MemoryFlash that notes the longest file read whole."""

    longest = 0

    def read(self, name):
        data = MemoryFlash.read(self, name)
        if data is not None:
            self.longest = max(self.longest, len(data))
        return data


def saved_game():
    """A flash with a saved game (a snapshot, no journal) and that game's numbers."""
    flash = Measured()
    clock = ManualClock()
    device = boot(flash, clock)
    play_ops(device, clock, ["corp gain 3", "runner gain 2"])
    device = boot(flash, clock)                  # a power-up compacts: a snapshot alone
    return flash, device.app.game.state.pack()


def journal_files(flash):
    return sorted(name for name in flash.files if name.startswith(JOURNAL))


@pytest.mark.parametrize("damage", ["one long file", "a run of 1,200 files"])
def test_a_journal_past_its_bound_is_set_aside_and_the_snapshot_plays(damage):
    flash, saved = saved_game()
    assert not journal_files(flash)
    if damage == "one long file":
        flash.files[JOURNAL] = b"\xa5" + b"\x00" * 300000
    else:
        for index in range(1200):
            flash.files[JOURNAL if index == 0 else "%s%d" % (JOURNAL, index)] = b"\xa5" * 250
    before = dict(flash.files)
    flash.longest = 0
    device = boot(flash)
    assert device.saver.held is None and "SAVING OFF" not in device.app.toast
    assert device.app.game.state.pack() == saved                   # the last good generation
    assert flash.longest <= JournalFiles.READ_LIMIT                # never read whole
    aside = sum(len(data) for name, data in flash.files.items() if ".bad" in name)
    assert aside == sum(len(data) for name, data in before.items() if name.startswith(JOURNAL))
    device.app.act(logtext.parse("corp gain 1"))                   # saving works
    assert device.saver.flush()
    again = boot(MemoryFlash(flash.files))
    assert "damaged" not in (again.app.toast or "") and "unreadable" not in again.app.toast
    assert again.app.game.count == device.app.game.count


@pytest.mark.parametrize("name, size", [(SETTINGS, 300000), (SNAPSHOT, 300000)])
def test_a_settings_file_or_snapshot_past_its_bound_is_set_aside_not_read(name, size):
    flash, saved = saved_game()
    if name == SNAPSHOT:
        flash.files["game.bak"] = flash.files[SNAPSHOT]          # an older good generation
    flash.files[name] = b"{" * size
    flash.longest = 0
    device = boot(flash)
    assert device.saver.held is None
    assert flash.longest < size                                    # never read whole
    assert flash.files[name + ".bad1"] == b"{" * size              # kept aside, whole
    assert device.app.game.state.pack() == saved
