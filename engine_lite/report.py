"""The state as plain data, in the schema the replay tool and the simulator print (README,
"Replay tool"). Host-side: the device never loads this module."""

from engine_lite.state import (
    CORP, PHASE_ACTION, NO_WINNER, WIN_REASONS, NOT_TRACKED, NOT_CALLED, server_name,
)


def state_dict(state):
    """A Netrunner GameState as a dict of plain values (either game's: logtext.game_dict)."""
    corp = state.corp
    runner = state.runner
    run = None
    if state.in_run:
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
        "corp": {
            "credits": corp.credits, "clicks": corp.clicks,
            "clicks_per_turn": corp.clicks_per_turn, "agenda_points": corp.agenda_points,
            "bad_publicity": corp.bad_publicity, "max_hand_size": corp.max_hand_size,
            "rnd": None if corp.rnd == NOT_TRACKED else corp.rnd,
        },
        "runner": {
            "credits": runner.credits, "clicks": runner.clicks,
            "clicks_per_turn": runner.clicks_per_turn,
            "agenda_points": runner.agenda_points, "tags": runner.tags,
            "brain_damage": runner.brain_damage, "max_hand_size": runner.max_hand_size,
            "link": runner.link, "mu": runner.mu,
            "grip": None if runner.grip == NOT_TRACKED else runner.grip,
        },
        "run": run,
        "last_trace": trace,
        "last_psi": None if state.psi_corp < 0 else {
            "corp": state.psi_corp, "runner": state.psi_runner,
            "equal": state.psi_corp == state.psi_runner},
    }
