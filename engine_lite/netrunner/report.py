"""The state as plain data, in the schema the replay tool and the simulator print (README,
"Replay tool"). Host-side: the device never loads this module."""

from engine_lite.netrunner.state import (
    CORP, PHASE_ACTION, NO_WINNER, WIN_REASONS, NOT_TRACKED, NOT_CALLED, CORP_FIELDS, RUNNER_FIELDS,
    server_name,
)


def _counters(player, rows):
    """A side's numbers (its rows of engine_lite.netrunner.state's table) by name; the hand size as the
    maximum (not its modifier), a card count nobody follows as None."""
    numbers = {}
    for row in rows:
        attr = row[0]
        value = player.shown(attr)
        if attr == "hand_size_mod":
            attr = "max_hand_size"
        elif row[2] == NOT_TRACKED and value == NOT_TRACKED:
            value = None
        numbers[attr] = value
    return numbers


def state_dict(state):
    """A Netrunner GameState as a dict of plain values (either game's: logtext.game_dict)."""
    corp = state.corp
    runner = state.runner
    run = None
    if state.in_run():
        run = {"server": server_name(state.run_server), "bp_credits": state.run_bp_credits,
               "accessing": bool(state.run_access)}
    trace = None
    if state.trace_success >= 0:
        trace = {"strength": state.trace_strength, "link": state.trace_link,
                 "success": bool(state.trace_success)}
    return {
        "game": "netrunner",
        "turn": state.turn,
        "active": "corp" if state.active == CORP else "runner",
        "phase": "action" if state.phase == PHASE_ACTION else "discard",
        "winner": None if state.winner == NO_WINNER else ("corp", "runner", "tie")[state.winner],
        "win_reason": WIN_REASONS[state.win_reason] or None,
        "agenda_target": state.agenda_target,
        "time_called": state.final_turns != NOT_CALLED,
        "final_turns": None if state.final_turns == NOT_CALLED else state.final_turns,
        "corp": _counters(corp, CORP_FIELDS),
        "runner": _counters(runner, RUNNER_FIELDS),
        "run": run,
        "last_trace": trace,
        "last_psi": None if state.psi_corp < 0 else {
            "corp": state.psi_corp, "runner": state.psi_runner,
            "equal": state.psi_corp == state.psi_runner},
    }
