"""An optional rotary encoder with a push: a KY-040-style knob (the pin map's "knob"). A click of
the knob clockwise is a step up of the number on the glass, or the next row of a menu (each
screen says which: Screen.knob); its push is a button of the pin map like any other, usually OK.
The five-button build is unchanged; with a knob, any number is one turn away.

The knob's two switches, A and B, close and open a quarter of a cycle apart (quadrature): which
one leads says the direction. Every edge of either pin is read in a hard interrupt and looked up
in a table of the sixteen (before, after) pairs of states: a move to the next state counts a
quarter step one way, a move back counts it back, and a jump of two states (an edge missed)
counts nothing. Contact bounce shakes a switch between two neighbouring states, which adds up to
nothing, so no debounce timing is needed. A KY-040 rests with both switches open at each click,
four quarters apart: back at rest, the quarters since the last rest make a click if they are
more than half of one, either way (an edge missed still makes its click, and leaves nothing
over to spoil the next one).
"""

# (the state before << 2 | the state after) -> quarter steps, a state being A << 1 | B as the pins
# read them (1: open, 0: closed to ground). Clockwise, A closes first: 11, 01, 00, 10, 11.
_QUARTERS = (0, -1, 1, 0, 1, 0, 0, -1, -1, 0, 0, 1, 0, 1, -1, 0)


class Knob:
    """The knob on two input pins (pulled up); `per_click`: quarter steps between two clicks
    (4 on a KY-040, resting with both switches open; 2 on encoders that rest at both
    open and both closed). `take()` hands the clicks turned to the main loop one at a time."""

    def __init__(self, pin_a, pin_b, per_click=4):
        self.pin_a = pin_a
        self.pin_b = pin_b
        self._half = per_click >> 1
        self._rest_closed = per_click == 2      # (both closed is a rest too)
        self._state = pin_a.value() << 1 | pin_b.value()
        self._quarters = 0     # since the last rest (the interrupt's)
        # Clicks counted by the interrupt, and those the main loop has taken: each is written
        # by one side only, so neither can lose the other's count.
        self._clicks = 0
        self._taken = 0
        handler = self._edge
        pin_a.irq(handler, pin_a.IRQ_FALLING | pin_a.IRQ_RISING, hard=True)
        pin_b.irq(handler, pin_b.IRQ_FALLING | pin_b.IRQ_RISING, hard=True)

    def _edge(self, pin):
        state = self.pin_a.value() << 1 | self.pin_b.value()
        quarters = self._quarters + _QUARTERS[self._state << 2 | state]
        self._state = state
        if state == 3 or state == 0 and self._rest_closed:     # at rest: a click, or none
            if quarters >= self._half:
                self._clicks += 1
            elif quarters <= -self._half:
                self._clicks -= 1
            quarters = 0
        self._quarters = quarters

    def take(self):
        """One click turned since the last take: 1 clockwise, -1 the other way, 0 none."""
        turned = self._clicks - self._taken
        if turned > 0:
            self._taken += 1
            return 1
        if turned < 0:
            self._taken -= 1
            return -1
        return 0
