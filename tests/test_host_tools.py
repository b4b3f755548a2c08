"""The host tools at their edges: they never change what they read, and never print a traceback
at the person who ran them."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "docs", "example_game.log")


def tool(*args, stdin=None, cwd=None):
    return subprocess.run([sys.executable, "-m"] + list(args), cwd=cwd or ROOT,
                          capture_output=True, text=True, input=stdin,
                          env=dict(os.environ, PYTHONPATH=ROOT))


def saved_folder(tmp_path):
    """A save folder as the simulator's --save-dir leaves it, with a damaged journal."""
    from host_tools.sim import Simulator
    folder = tmp_path / "save"
    sim = Simulator(save_dir=str(folder))
    sim.keys("OK,OK,UP,UP,RIGHT,OK,WAIT:3000")
    sim.settle()
    with open(folder / "game.jnl", "ab") as handle:
        handle.write(b"\xa5\x05garbage-that-is-no-record")
    return folder


def snapshot_of(folder):
    return dict((name, (folder / name).read_bytes()) for name in sorted(os.listdir(folder)))


def test_the_report_leaves_the_save_folder_as_it_was(tmp_path):
    folder = saved_folder(tmp_path)
    before = snapshot_of(folder)
    out = tool("host_tools.report", str(folder), "--chart", str(tmp_path / "chart.png"))
    assert out.returncode == 0, out.stderr
    assert "Corp" in out.stdout
    assert snapshot_of(folder) == before          # nothing renamed aside, no error.log, no chart


@pytest.mark.parametrize("chart, message", [
    ("missing/folder/out.png", "no folder"),
    ("out.bmp", "the chart can be .png, .svg, .pdf, not .bmp"),
])
def test_a_chart_that_cannot_be_written_is_one_line_not_a_traceback(tmp_path, chart, message):
    out = tool("host_tools.report", EXAMPLE, "--chart", chart, cwd=str(tmp_path))
    assert out.returncode == 1 and message in out.stderr and "Traceback" not in out.stderr


def test_a_chart_named_without_an_ending_is_a_png_and_said_so(tmp_path):
    out = tool("host_tools.report", EXAMPLE, "--chart", "out", cwd=str(tmp_path))
    assert out.returncode == 0 and "Chart: out.png" in out.stdout
    assert (tmp_path / "out.png").exists()


@pytest.mark.parametrize("command", [
    ["host_tools.report", EXAMPLE, "--no-chart"],
    ["host_tools.replay", EXAMPLE],
])
def test_output_piped_into_head_ends_quietly(command):
    head = subprocess.run("%s -m %s | head -c 10" % (sys.executable, " ".join(command)),
                          shell=True, cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=ROOT))
    assert "Traceback" not in head.stderr and "BrokenPipe" not in head.stderr


def test_a_server_number_of_five_thousand_digits_is_refused_in_words():
    from engine_lite import logtext
    with pytest.raises(logtext.LogError) as error:
        logtext.parse("runner run remote" + "9" * 5000)
    assert "unknown server" in str(error.value)


def test_pull_copies_every_file_the_board_reads_at_power_up():
    from host_tools.pull import to_copy
    there = ["main.py", "game.json", "game.tmp", "game.jnl", "match.json", "game.json.bad1",
             "settings.json", "error.log", "hardware", "firmware"]
    assert sorted(to_copy(there)) == sorted(["game.json", "game.tmp", "game.jnl", "match.json",
                                            "game.json.bad1", "settings.json", "error.log"])


def test_pull_without_the_virtual_pico_says_why_in_one_line(tmp_path, monkeypatch):
    image = tmp_path / "image.bin"
    image.write_bytes(b"\xff" * 16)
    env = dict(os.environ, PYTHONPATH=ROOT, NETCLICK_RP2_UF2=str(tmp_path / "missing.uf2"))
    out = subprocess.run([sys.executable, "-m", "host_tools.pull", "--virtual", str(image),
                          "--dir", str(tmp_path / "out")], cwd=ROOT, capture_output=True,
                         text=True, env=env)
    assert out.returncode == 1 and "Traceback" not in out.stderr


def test_web_serve_lets_the_browser_revalidate_compressed_files(tmp_path):
    """Issue 38: `make web-serve` sent compressed files without a validator, so the offline
    copy downloaded everything again. Now an ETag, and 304 when it still holds."""
    import threading
    import urllib.request
    import urllib.error
    from host_tools.web import serve
    (tmp_path / "a.js").write_text("let a = 1;")
    (tmp_path / "a.js.br").write_bytes(b"compressed")
    httpd = serve.server(str(tmp_path), 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = "http://127.0.0.1:%d/a.js" % httpd.server_address[1]
        first = urllib.request.urlopen(urllib.request.Request(url, headers={
            "Accept-Encoding": "br"}))
        tag = first.headers["ETag"]
        assert first.status == 200 and tag and first.read() == b"compressed"
        assert first.headers["Content-Encoding"] == "br" and first.headers["Last-Modified"]
        try:
            urllib.request.urlopen(urllib.request.Request(url, headers={
                "Accept-Encoding": "br", "If-None-Match": tag}))
            status = 200
        except urllib.error.HTTPError as answer:
            status = answer.code
        assert status == 304
    finally:
        httpd.shutdown()


def test_web_serve_speaks_http_1_1_and_answers_revalidation_on_one_connection(tmp_path):
    """Issue 62 #5: `make web-serve` answered in HTTP/1.0, so Chromium ignored the ETags and
    revalidated by date, which the compressed files answered with the whole file. Over HTTP/1.1
    on one connection: the file, then a 304 with no body for each file still held."""
    import http.client
    import threading
    from host_tools.web import serve
    (tmp_path / "a.js").write_text("let a = 1;")
    (tmp_path / "a.js.br").write_bytes(b"compressed")
    (tmp_path / "b.txt").write_text("plain")
    httpd = serve.server(str(tmp_path), 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", httpd.server_address[1], timeout=5)
        connection.request("GET", "/a.js", headers={"Accept-Encoding": "br"})
        first = connection.getresponse()
        assert first.version == 11 and first.status == 200 and first.read() == b"compressed"
        tag = first.getheader("ETag")
        connection.request("GET", "/a.js", headers={"Accept-Encoding": "br",
                                                    "If-None-Match": "\"other\", " + tag})
        again = connection.getresponse()                 # (the same connection, kept open)
        assert again.status == 304 and again.read() == b""
        connection.request("GET", "/b.txt", headers={
            "If-Modified-Since": first.getheader("Last-Modified") or "",
            "Accept-Encoding": "br"})
        plain = connection.getresponse()
        assert plain.version == 11 and plain.status in (200, 304)
        plain.read()
        connection.close()
    finally:
        httpd.shutdown()


def test_the_installed_app_may_turn_sideways():
    from host_tools.web.build import manifest
    assert manifest()["orientation"] == "any"


def test_press_to_photon_times_an_update_to_its_end_even_past_the_next_press():
    """make bench's tap timing: an update still being sent when the next key goes down (a fast
    rhythm) counts to its last byte, a tap with nothing sent before the next release has no
    time, and a message timing out later is not the last tap's update."""
    from host_tools.virtual_checks import update_ms
    ms = 1000
    # OK released at 100 ms; its update 110-160 and 172-190 ms. RIGHT pressed at 170 ms (80 ms
    # taps), released at 250, its update at 260-270; a message times out at 2,600 ms.
    writes = [(110 * ms, 160 * ms, b""), (172 * ms, 190 * ms, b""), (260 * ms, 270 * ms, b""),
              (2600 * ms, 2610 * ms, b"")]
    taps = [("OK", 100 * ms, 0), ("RIGHT", 250 * ms, 2)]
    assert update_ms(taps, writes, 320 * ms) == [("OK", 90.0), ("RIGHT", 20.0)]
    # Nothing sent after the first tap before the second's release: no time for it, and the
    # second's update is its own.
    late = [(260 * ms, 270 * ms, b"")]
    taps = [("OK", 100 * ms, 0), ("RIGHT", 250 * ms, 0)]
    assert update_ms(taps, late, 320 * ms) == [("OK", None), ("RIGHT", 20.0)]


def test_make_bench_budgets_part_measures_and_prints_the_images_budgets_alone(monkeypatch,
                                                                               capsys):
    """`python -m host_tools.bench --only=budgets`: the budgets' measurements of the image
    (side by side, the emulator stood in for here), printed as the whole virtual part prints
    them, with their verdicts, and none of the rows it did not measure."""
    from host_tools import bench, virtual_checks as vc
    monkeypatch.setattr(vc, "power_up_ms", lambda image, folder, n, journal=0: (900.0, n))
    monkeypatch.setattr(vc, "heap_after_boot", lambda image: (1000, 61000, 2.2))
    monkeypatch.setattr(vc, "heap_in_game", lambda image, rounds=50: (80000, "LogScreen", 2.6))
    monkeypatch.setattr(vc, "heap_in_infiltration", lambda image, rounds=40: (70000, "Agents"))
    monkeypatch.setattr(vc, "press_to_photon",
                        lambda image, keys, gap=None, **where: [("OK", 12.0), ("UP", 61.0)])
    monkeypatch.setattr(bench, "_boot_ms", lambda fresh: 250.0)
    monkeypatch.setattr(bench, "photon_mixed", lambda image, gap: ([1.0, 2.0, 3.0], 3))
    monkeypatch.setattr(vc, "taps_in_an_erase", lambda image, folder, timing, taps=3, look=None:
                        ([12.0, 140.0, 9.0], True, True, "work", None))
    monkeypatch.setattr(vc, "read_files", lambda image: {"game.json": b"{}"})
    monkeypatch.setattr(vc, "saved_long_games", lambda image, folder, actions, kept, name: name)
    early = []
    monkeypatch.setattr(vc, "taps_in_littlefs_writes",
                        lambda image, timing, press_at_ms=None: early.append(press_at_ms) or (
                            (40.0, 0, 2000.0) if press_at_ms is None else (85.0, 0, None)))
    calls = []
    monkeypatch.setattr(bench, "_if_it_fits",
                        lambda measure, instead, *args: calls.append(measure) or measure(*args))
    jobs = bench.Jobs()
    figures = bench._named(jobs.results(
        bench._budget_figures("image", "fresh", "folder", jobs.later, ("typical",))))
    bench.print_virtual_pico({"image": figures})
    out = capsys.readouterr().out
    assert "heap above the REPL prompt" in out and "58.6 KB" in out
    assert "power-up, game of 2000 actions" in out and "MISSED" in out     # 900 ms > 800
    assert "a full GC at the peak" in out and "Rhythm sweep" in out
    erase_row = [line for line in out.splitlines() if "Taps in an erase" in line]
    assert erase_row and "140 ms" in erase_row[0] and "MISSED" in erase_row[0]   # 140 > 100
    littlefs_row = [line for line in out.splitlines() if "Taps in littlefs's writes" in line]
    assert littlefs_row and "85 ms" in littlefs_row[0] and ": ok)" in littlefs_row[0]
    assert early == [None] + [2000.0 + ms for ms in bench.LITTLEFS_PRESS_MS]   # (across them)
    assert "1 late, 61/61" in out                                         # the sweep's rows
    assert "13-round game" not in out and "CPU busy" not in out
    assert "firmware image, typical" in out and "firmware image, worst" not in out
    assert len(calls) == 5              # power-up x3 and the two peaks, each measured once
