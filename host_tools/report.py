"""The game report: what happened in a game, from its log or its save.

    python -m host_tools.report game.log                 # a game log (the replay tool's input)
    python -m host_tools.report SAVE_DIR                 # a save: make pull, the simulator's
    python -m host_tools.report SAVE_DIR/game.json       #   --save-dir, the browser's export
    python -m host_tools.report game.log --chart out.png # also the chart (default: report.png
                                                         #   beside the input; --no-chart: none)
    python -m host_tools.report game.log --json          # the summary as JSON

Any game of engine_lite.game.GAMES gets where it stands and each turn in the game's own words.
A Netrunner game also gets its details (DETAILS): turns, the winner and why, clicks by action
per side, credits gained and spent per side, runs per server and how they ended, traces, psi
games, damage and tags, randomizer results and the time call, and a chart (matplotlib) of both
sides' credits and agenda points through the game, turn by turn, with runs and scores marked.

A save is read with the firmware's own resume code (snapshot, journal and all), exactly as a
Pico reads it after a power cut.
"""

import argparse
import json
import os
import sys

from engine_lite.netrunner import actions as A
from engine_lite.game import Game, words
from engine_lite.netrunner.tournament import random_result
from engine_lite.netrunner.rules import VERBS
from engine_lite.netrunner.phrases import clicks_spent
from engine_lite.netrunner.report import state_dict
from engine_lite.netrunner.state import CORP, RUNNER, server_name

SIDES = ("corp", "runner")


class ReportError(Exception):
    """The input cannot be read as a game (the message says why)."""


# ---- reading a game -------------------------------------------------------------------------------

def load(path):
    """The Game in a log file, a save folder, a save's game.json, or a browser's export (one
    .netclick file holding the saved files)."""
    if os.path.isdir(path) or os.path.basename(path) in ("game.json", "game.jnl", "game.bak"):
        return _load_save(path if os.path.isdir(path) else os.path.dirname(path) or ".")
    if path.endswith(".netclick"):
        return _boot(bundle_files(path), path)
    from host_tools.replay import replay_lines
    from engine_lite.logtext import split_lines
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        raise ReportError("cannot read %s: %s" % (path, error.strerror))
    game, problems = replay_lines(split_lines(data))
    if problems:
        number, reason = problems[0]
        raise ReportError("%s line %d: %s" % (path, number, reason))
    return game


def _load_save(folder):
    """The game a board would resume from the files in `folder`, read with the firmware's own
    resume code. The folder is only read: resume works on a copy of its files in memory, so
    what it would set aside or log stays there, and the folder is left as it was."""
    files = {}
    try:
        for name in os.listdir(folder):
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                with open(path, "rb") as handle:
                    files[name] = handle.read()
    except OSError as error:
        raise ReportError("cannot read %s: %s" % (folder, error.strerror))
    return _boot(files, folder)


def bundle_files(path):
    """{name: bytes} of the saved files in a browser's export (host_tools/web: a JSON object
    {"netclick": "save", "files": {name: base64}})."""
    import base64
    import json
    try:
        with open(path, "rb") as handle:
            bundle = json.loads(handle.read().decode("utf-8"))
        if not isinstance(bundle, dict) or bundle.get("netclick") != "save":
            raise ValueError("not a Netclick export")
        return dict((str(name), base64.b64decode(data)) for name, data in bundle["files"].items())
    except OSError as error:
        raise ReportError("cannot read %s: %s" % (path, error.strerror))
    except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise ReportError("%s is not a Netclick export (%s)" % (path, error))


def _boot(files, folder):
    """The game a board would resume from `files` ({name: bytes})."""
    from host_tools.sim import install_standins
    install_standins()                    # firmware.board.hw imports `machine`
    from firmware.saving import resume
    from firmware.settings import Settings
    from host_tools.flash import MemoryFlash
    if not any(name in files for name in ("game.json", "game.jnl", "game.bak", "game.tmp")):
        raise ReportError("no saved game in %s (game.json, game.jnl)" % folder)
    _storage, game, notices, held = resume.boot(MemoryFlash(files), Settings())
    if game is None or held is not None:
        raise ReportError("the save in %s cannot be read: %s" % (folder, " ".join(n for n in notices if n)))
    game.check_all()
    if game.damaged:
        raise ReportError("the save in %s has a damaged history (%s)" % (folder, game.damaged))
    return game


# ---- the summary ------------------------------------------------------------------------------------

def summarize(game):
    """Everything the report says, as plain data: the game's details where DETAILS has them,
    else what every game has (summarize_any)."""
    details = DETAILS.get(game.rules.NAME)
    return details[0](game) if details else summarize_any(game)


def summarize_any(game):
    """What the report says of any game: its name, where it stands (its rules' headline and,
    once over, result), its actions, and each turn (or round) in the game's own words."""
    rules = game.rules
    said = words(rules)
    turns = []
    starts = said.turn_starts(game)
    for i in range(len(starts)):
        first, side, number, _ = starts[i]
        end = starts[i + 1][0] if i + 1 < len(starts) else game.count
        turns.append([said.turn_header(side, number)] +
                     [said.phrase(game.action_at(n)) for n in range(first, end)])
    return {"game": rules.NAME, "headline": rules.headline(game.state),
            "result": rules.result(game.state) if rules.over(game.state) else None,
            "actions": game.count, "turns": turns}


def text_any(summary):
    """A summary of any game (summarize_any) as the lines the tool prints."""
    s = summary
    out = ["Game: %s, %d actions; %s" % (s["headline"], s["actions"], s["result"] or "not over")]
    for turn in s["turns"]:
        out.append(turn[0])
        out.extend("  " + line for line in turn[1:])
    return out


def summarize_netrunner(game):
    """A Netrunner game's report, as plain data; `timeline` is one point per action for the
    chart: (turn label, corp credits, runner credits, corp points, runner points, event)."""
    rules = game.rules
    state = game.start
    clicks = ({}, {})
    gained = [0, 0]
    spent = [0, 0]
    runs = {}
    run = None
    traces, psi, damage, randoms = [], [], {}, []
    tags_given = tags_removed = 0
    time_called_turn = None
    timeline = [(_turn_label(state), state.corp.credits, state.runner.credits, 0, 0, None)]
    for act in game.actions():
        verb, side, a, b, c = act
        before = state
        state = rules.apply(state, act)[0]
        event = None
        cost = clicks_spent(act)
        if cost:
            name = VERBS[verb][0]
            clicks[side][name] = clicks[side].get(name, 0) + cost
        for who in (CORP, RUNNER):
            delta = state.player(who).credits - before.player(who).credits
            if delta > 0:
                gained[who] += delta
            else:
                spent[who] -= delta
        # bad-publicity credits are spent too, though they are nobody's pool
        bp = before.run_bp_credits - state.run_bp_credits
        if bp > 0 and verb != A.RUN_END:      # (at the run's end, the rest just vanish)
            spent[RUNNER] += bp
        if verb in (A.RUN, A.RUN_EVENT):
            run = server_name(a)
            event = "run"
        elif verb == A.RUN_END and a != A.RUN_ACCESS and run:
            outcome = runs.setdefault(run, {"success": 0, "fail": 0, "jack-out": 0})
            outcome[A.RUN_RESULTS[a]] += 1
            event = "run " + A.RUN_RESULTS[a]
            run = None
        elif verb in (A.SCORE, A.STEAL):
            event = "score" if verb == A.SCORE else "steal"
        elif verb == A.TRACE:
            traces.append({"base": a, "corp_boost": b, "runner_boost": c,
                           "strength": state.trace_strength, "link": state.trace_link,
                           "success": bool(state.trace_success)})
        elif verb == A.PSI:
            psi.append({"corp": a, "runner": b, "equal": a == b})
        elif verb == A.DAMAGE:
            kind = A.DAMAGE_KINDS[a]
            damage[kind] = damage.get(kind, 0) + b
        elif verb == A.TAGS:
            if a > 0:
                tags_given += state.runner.tags - before.runner.tags
            else:
                tags_removed += before.runner.tags - state.runner.tags
        elif verb == A.REMOVE_TAG:
            tags_removed += 1
        elif verb == A.RANDOM:
            randoms.append(random_result(a, b, c))
        elif verb == A.TIME_CALL:
            time_called_turn = _turn_label(before)
            event = "time"
        timeline.append((_turn_label(state), state.corp.credits, state.runner.credits,
                         state.corp.agenda_points, state.runner.agenda_points, event))
    final = state_dict(game.state)
    return {
        "game": "netrunner",
        "turns": game.state.turn,
        "winner": final["winner"],
        "win_reason": final["win_reason"],
        "agenda_points": {"corp": game.state.corp.agenda_points,
                          "runner": game.state.runner.agenda_points},
        "actions": game.count,
        "clicks": {"corp": clicks[0], "runner": clicks[1]},
        "credits": {"corp": {"gained": gained[0], "spent": spent[0]},
                    "runner": {"gained": gained[1], "spent": spent[1]}},
        "runs": runs,
        "traces": traces,
        "psi": psi,
        "damage": damage,
        "tags": {"given": tags_given, "removed": tags_removed, "now": game.state.runner.tags},
        "bad_publicity": game.state.corp.bad_publicity,
        "randomizers": randoms,
        "time_called": final["time_called"],
        "time_called_in": time_called_turn,
        "timeline": timeline,
    }


def _turn_label(state):
    return "%d%s" % (state.turn, "C" if state.active == CORP else "R")


def text(summary):
    """The summary as the lines the tool prints."""
    details = DETAILS.get(summary.get("game", "netrunner"))
    return details[1](summary) if details else text_any(summary)


def text_netrunner(summary):
    """A Netrunner game's summary as the lines the tool prints."""
    s = summary
    out = []
    if s["winner"] == "tie":
        result = "a tie at %d-%d on time" % (s["agenda_points"]["corp"], s["agenda_points"]["runner"])
    elif s["winner"]:
        result = "%s won (%s), %d-%d" % (s["winner"].capitalize(), s["win_reason"],
                                         s["agenda_points"][s["winner"]],
                                         s["agenda_points"]["runner" if s["winner"] == "corp" else "corp"])
    else:
        result = "no winner yet, %d-%d" % (s["agenda_points"]["corp"], s["agenda_points"]["runner"])
    out.append("Game: %d turns (rounds), %d actions; %s" % (s["turns"], s["actions"], result))
    if s["time_called"]:
        out.append("Time was called in turn %s" % s["time_called_in"] if s["time_called_in"]
                   else "Time was called")
    for side in SIDES:
        spent = s["clicks"][side]
        total = sum(spent.values())
        parts = ", ".join("%s %d" % (name, n) for name, n in
                          sorted(spent.items(), key=lambda item: (-item[1], item[0])))
        out.append("%-6s clicks %3d: %s" % (side.capitalize(), total, parts or "none"))
    for side in SIDES:
        credits = s["credits"][side]
        out.append("%-6s credits: +%d gained, -%d spent" % (side.capitalize(), credits["gained"],
                                                            credits["spent"]))
    if s["runs"]:
        for server in sorted(s["runs"]):
            r = s["runs"][server]
            out.append("Runs on %-9s %d: %d successful, %d failed, %d jacked out"
                       % (server, sum(r.values()), r["success"], r["fail"], r["jack-out"]))
    else:
        out.append("Runs: none")
    for t in s["traces"]:
        out.append("Trace %d + %d vs link + %d: %d vs %d, %s" % (
            t["base"], t["corp_boost"], t["runner_boost"], t["strength"], t["link"],
            "succeeded" if t["success"] else "failed"))
    for p in s["psi"]:
        out.append("Psi %d vs %d: %s" % (p["corp"], p["runner"], "equal" if p["equal"] else "different"))
    damage = ", ".join("%s %d" % item for item in sorted(s["damage"].items()))
    out.append("Damage: %s" % (damage or "none"))
    out.append("Tags: %d given, %d removed, %d now; bad publicity %d"
               % (s["tags"]["given"], s["tags"]["removed"], s["tags"]["now"], s["bad_publicity"]))
    for result in s["randomizers"]:
        out.append("Random: " + result)
    return out


# Each game's own report, where it has one beyond summarize_any: (summarize, text), by the game's
# name (engine_lite.game.GAMES).
DETAILS = {"netrunner": (summarize_netrunner, text_netrunner)}


# ---- the chart ----------------------------------------------------------------------------------------

CORP_COLOUR = "#3a78c2"
RUNNER_COLOUR = "#d0452f"


def chart(summary, path, title="Netclick game report"):
    """Credits (above) and agenda points (below) through the game for both sides, one step per
    action, turns marked along the bottom; runs on the Runner's credits (filled: successful),
    scores and steals on the points, the time call as a line."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    points = summary["timeline"]
    xs = list(range(len(points)))
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(9, 5.2), sharex=True,
                                      gridspec_kw={"height_ratios": [3, 2]})
    top.step(xs, [p[1] for p in points], where="post", color=CORP_COLOUR, label="Corp credits")
    top.step(xs, [p[2] for p in points], where="post", color=RUNNER_COLOUR, label="Runner credits")
    bottom.step(xs, [p[3] for p in points], where="post", color=CORP_COLOUR, label="Corp points")
    bottom.step(xs, [p[4] for p in points], where="post", color=RUNNER_COLOUR, label="Runner points")
    runs = [(x, p) for x, p in zip(xs, points) if p[5] and p[5].startswith("run ")]
    if runs:
        ok = [(x, p[2]) for x, p in runs if p[5] == "run success"]
        not_ok = [(x, p[2]) for x, p in runs if p[5] != "run success"]
        if ok:
            top.scatter(*zip(*ok), marker="v", color=RUNNER_COLOUR, zorder=3, label="successful run")
        if not_ok:
            top.scatter(*zip(*not_ok), marker="v", facecolors="white", edgecolors=RUNNER_COLOUR,
                        zorder=3, label="failed run")
    for kind, row, colour in (("score", 3, CORP_COLOUR), ("steal", 4, RUNNER_COLOUR)):
        marks = [(x, p[row]) for x, p in zip(xs, points) if p[5] == kind]
        if marks:
            bottom.scatter(*zip(*marks), marker="*", s=90, color=colour, zorder=3,
                           label="scored" if kind == "score" else "stolen")
    for x, p in zip(xs, points):
        if p[5] == "time":
            for axis in (top, bottom):
                axis.axvline(x, color="#777777", linestyle="--", linewidth=1)
            top.annotate("time called", (x, top.get_ylim()[1]), fontsize=8, ha="left", va="top",
                         xytext=(3, -2), textcoords="offset points")
    # Turn boundaries: a faint band for each Runner turn, labels at each turn's start.
    ticks, labels = [], []
    last = None
    for x, p in zip(xs, points):
        if p[0] != last:
            ticks.append(x)
            labels.append(p[0])
            last = p[0]
    for i in range(len(ticks)):
        if labels[i].endswith("R"):
            end = ticks[i + 1] if i + 1 < len(ticks) else xs[-1]
            for axis in (top, bottom):
                axis.axvspan(ticks[i], end, color="#000000", alpha=0.04, linewidth=0)
    step = max(1, len(ticks) // 16)
    bottom.set_xticks(ticks[::step])
    bottom.set_xticklabels(labels[::step], fontsize=8)
    bottom.set_xlabel("turn (C: the Corp's, R: the Runner's), one step per action")
    top.set_ylabel("credits")
    bottom.set_ylabel("agenda points")
    top.legend(loc="best", fontsize=8, ncol=2)
    bottom.legend(loc="upper left", fontsize=8, ncol=2)
    winner = summary["winner"]
    result = ("tie" if winner == "tie" else "%s wins (%s)" % (winner.capitalize(), summary["win_reason"])
              if winner else "no winner yet")
    top.set_title("%s: %s" % (title, result), fontsize=11)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


CHART_TYPES = (".png", ".svg", ".pdf")


def chart_path(args):
    """Where the chart goes, checked before anything is drawn: a name without an ending gets
    .png; another ending than CHART_TYPES, or a folder that is not there or cannot be written,
    is a ReportError. By default report.png in the current folder (never into a save folder:
    the report does not change what it reads)."""
    where = args.chart or "report.png"
    stem, ending = os.path.splitext(where)
    if not ending:
        where += ".png"
    elif ending.lower() not in CHART_TYPES:
        raise ReportError("the chart can be %s, not %s" % (", ".join(CHART_TYPES), ending))
    folder = os.path.dirname(os.path.abspath(where))
    if not os.path.isdir(folder):
        raise ReportError("no folder %s for the chart" % folder)
    if not os.access(folder, os.W_OK):
        raise ReportError("cannot write the chart into %s" % folder)
    return where


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_tools.report",
                                     description="Summarize a game from its log or save.")
    parser.add_argument("game", help="a game log, a save folder, a save's game.json, or a "
                        "browser's export (.netclick)")
    parser.add_argument("--chart", metavar="FILE", help="where to write the chart (.png, .svg "
                        "or .pdf; default: report.png in the current folder)")
    parser.add_argument("--no-chart", action="store_true", help="no chart")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)
    try:
        where = None if args.no_chart else chart_path(args)
        game = load(args.game)
        summary = summarize(game)
        if args.json:
            data = dict(summary)
            data.pop("timeline", None)
            print(json.dumps(data, indent=1, sort_keys=True))
        else:
            print("\n".join(text(summary)))
        if where and "timeline" in summary:        # (a chart: the games with DETAILS)
            chart(summary, where)
            if not args.json:
                print("Chart: %s" % where)
    except ReportError as error:
        print("report: %s" % error, file=sys.stderr)
        return 1
    except OSError as error:       # the chart could not be written after all
        print("report: %s" % error, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    from host_tools import cli
    sys.exit(cli.run(main))
