"""The tracker on the real MicroPython rp2 firmware in an emulated RP2040 (host_tools.vpico).

One board is deployed for the whole module, by the real mpremote over a pseudo-terminal; every
test then boots a copy of its flash image. Without the firmware image the tests are skipped
with the sentence that says where to get it; `.ci/run` sets NETCLICK_REQUIRE_VIRTUAL_PICO so that
CI fails instead. `make test-virtual` runs the whole golden set and 200 power cuts.
"""

import os

import pytest
from PIL import Image

from host_tools import vpico
from host_tools import virtual_checks as checks
from host_tools.screens_catalog import SCREENS, RANDOM_SCREENS
from host_tools.screenshots import GOLDEN

FULL = bool(os.environ.get("NETCLICK_VIRTUAL_FULL"))
# A representative subset in `make test`: the dashboard, a pending change, the run chooser, a
# page of counters, the trace's result (three menus deep) and an undo message. `make
# test-virtual` checks every screen.
SUBSET = ("dashboard", "credits", "servers", "tokens", "trace_result", "undo")
CUTS = int(os.environ.get("NETCLICK_POWER_CUTS", "200" if FULL else "12"))


@pytest.fixture(scope="module")
def deployed(tmp_path_factory):
    if vpico.firmware_image() is None:
        if os.environ.get("NETCLICK_REQUIRE_VIRTUAL_PICO"):
            pytest.fail(vpico.MISSING)
        pytest.skip(vpico.MISSING)
    folder = str(tmp_path_factory.mktemp("vpico"))
    image, printed = checks.deploy_fresh(folder)
    return image, printed, folder


def test_deploy_goes_through_mpremote_and_leaves_only_compiled_modules(deployed):
    image, printed, _ = deployed
    assert "Virtual Pico on /dev/pts/" in printed
    assert "copy   firmware/app.mpy" in printed
    assert "Done: the board restarted into Netclick." in printed
    firmware = vpico.read_files(image, "/firmware")
    assert "app.mpy" in firmware and "main.mpy" in firmware
    assert not [name for name in firmware if name.endswith(".py")]
    assert vpico.read_files(image)["main.py"].startswith(b"# The Pico runs this file")


def test_make_pull_copies_the_game_off_the_board_for_the_report(deployed, tmp_path):
    """make pull, through the real mpremote: a game played on the board, then its files
    copied off and read by the report tool."""
    image, _, _ = deployed
    work = checks.copy_image(image, str(tmp_path), "pull.bin")
    with vpico.VirtualPico(work) as pico:
        pico.boot()
        pico.run(1000)
        pico.play("OK,OK,UP,UP,RIGHT,OK,WAIT:3000")    # two credits, then scores 2 points
        pico.save_image(work)
    from host_tools.pull import pull_virtual
    from host_tools import report
    import io
    folder = str(tmp_path / "pulled")
    names = pull_virtual(work, folder, out=io.StringIO())
    assert "game.json" in names or "game.jnl" in names
    summary = report.summarize(report.load(folder))
    assert summary["agenda_points"]["corp"] == 2 and summary["clicks"]["corp"] == {"gain-credit": 2}


def test_a_second_deploy_copies_nothing_and_removes_a_shadowing_py(deployed, tmp_path):
    image, _, _ = deployed
    work = checks.copy_image(image, str(tmp_path), "again.bin")
    with vpico.VirtualPico(work) as pico:
        pico.boot()
        pico.exec("f = open('firmware/ui.py', 'w'); f.write('raise ImportError'); f.close()")
        pico.save_image(work)
    from host_tools.deploy import deploy_virtual
    import io
    out = io.StringIO()
    assert deploy_virtual(work, out=out) == 0
    assert "0 of" in out.getvalue() and "1 stale .py to remove" in out.getvalue()
    assert "ui.py" not in vpico.read_files(work, "/firmware")


def _golden(name):
    image = Image.open(os.path.join(GOLDEN, name + ".png")).convert("1")
    packed = bytearray(128 * 8)
    for y in range(64):
        for x in range(128):
            if image.getpixel((x, y)):
                packed[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(packed)


ON_PICO = [s for s in SCREENS if (FULL or s[0] in SUBSET) and s[0] not in RANDOM_SCREENS]


@pytest.mark.parametrize("name, description, keys", ON_PICO, ids=[s[0] for s in ON_PICO])
def test_the_virtual_pico_shows_the_golden_screen(deployed, name, description, keys):
    image, _, _ = deployed
    glass = checks.screen_on(image, keys)
    expected = _golden(name)
    differ = sum(bin(a ^ b).count("1") for a, b in zip(glass, expected))
    assert differ == 0, "%s: %d pixels differ from tests/golden/%s.png" % (description, differ,
                                                                          name)


def test_power_cuts_on_the_real_filesystem_never_lose_a_committed_move(deployed):
    image, _, folder = deployed
    result = checks.power_cuts(image, CUTS, folder)
    print(result.summary())
    assert result.problems == []
    assert result.cuts == CUTS
    assert result.in_erase + result.in_program >= CUTS // 4   # many land inside flash operations
    assert result.actions_at_end > 0


def test_a_hung_main_loop_is_reset_by_the_watchdog_into_the_saved_game(deployed):
    image, _, folder = deployed
    resets, before, after = checks.watchdog_hang(image, folder)
    assert resets == 1
    assert before == 6            # the Corp's 5 credits and the one just clicked for
    assert after == before


def test_without_the_image_the_sentence_says_where_to_get_it(monkeypatch, tmp_path):
    monkeypatch.setenv(vpico.IMAGE_VARIABLE, str(tmp_path / "missing.uf2"))
    assert vpico.firmware_image() is None
    with pytest.raises(vpico.VirtualPicoError) as raised:
        vpico.VirtualPico()
    assert "official RPI_PICO v1.28.0 UF2 from micropython.org" in str(raised.value)
