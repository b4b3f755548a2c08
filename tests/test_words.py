"""Issue 62 #7: numbers and their nouns agree ("1 point", "1 click left"), in the messages the
glass shows and in what a screen reader hears."""

from engine_lite.netrunner import actions as A, phrases
from engine_lite.game import Game
from engine_lite.logtext import parse
from engine_lite.netrunner.state import CORP, RUNNER


def test_one_of_a_thing_is_said_in_the_singular():
    game = Game()
    for line in ("corp gain-credit", "corp gain-credit"):
        game.do(parse(line))
    said = phrases.spoken(game.action_at(1), game.state)
    assert said == "Corp took 1 credit: 7 credits, 1 click left"
    assert phrases.phrase(A.action(A.STEAL, RUNNER, 1), None) == "Runner stole 1 point"
    assert phrases.phrase(A.action(A.SCORE, CORP, 2), None) == "Corp scored 2 points"
    assert phrases.one("11 credits, 1 credits, (1 clicks left), 21 points") == \
        "11 credits, 1 credit, (1 click left), 21 points"
    assert phrases.one("1 tags") == "1 tag"
