"""The rule scenarios in tests/scenarios/, on CPython and under real MicroPython."""

import glob
import json
import os

import pytest

from scenario_check import check_scenario
from host_tools.mprun import run_micropython

HERE = os.path.dirname(os.path.abspath(__file__))
SCENARIOS = sorted(glob.glob(os.path.join(HERE, "scenarios", "*.log")))


def _read(path):
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def test_there_are_scenarios():
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=os.path.basename)
def test_scenario_on_cpython(path):
    assert check_scenario(_read(path)) == []


def test_checker_catches_a_wrong_expectation():
    failures = check_scenario("corp gain-credit\n# expect corp.credits = 7\n")
    assert failures == ["line 2: corp.credits is 6, expected 7"]


def test_checker_catches_an_accepted_refusal():
    failures = check_scenario("corp gain-credit   # refused\n")
    assert "expected refusal" in failures[0]


def test_all_scenarios_under_micropython():
    scenarios = {os.path.basename(p): _read(p) for p in SCENARIOS}
    code = (
        "import json, sys\n"
        "from scenario_check import check_scenario\n"
        "scenarios = json.loads(%r)\n"
        "print(json.dumps({name: check_scenario(text) for name, text in scenarios.items()}))\n"
        "print(sys.implementation.name)\n" % json.dumps(scenarios)
    )
    checker = {"/lib/scenario_check.py": _read(os.path.join(HERE, "scenario_check.py"))}
    out = run_micropython(code, files=checker).strip().split("\n")
    assert out[-1] == "micropython"
    results = json.loads(out[-2])
    assert sorted(results) == sorted(scenarios)
    assert {name: fails for name, fails in results.items() if fails} == {}
