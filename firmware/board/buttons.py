"""Polled, debounced push buttons: press, long press and auto-repeat.

In the spirit of Peter Hinch's `Pushbutton`, without asyncio: the main loop calls
`ButtonPad.poll(now, handler)` every few milliseconds and gets events through the handler (the
pin interrupt below only records edges; the events come from the polls).

Debouncing is by lockout: the first change of level is taken at once (no added latency) and the
level is then ignored for `debounce_ms`, which swallows the chatter of a bouncing contact.

A pin interrupt on both edges latches each press, so that a tap that starts and ends while the
loop is busy (a flash write) is still seen at the next poll: as a DOWN and a PRESS together. It
also times each key's last release, so that keys that moved while the loop was busy are read in
the order they moved (ButtonPad.poll).

Events, per button:
    DOWN    the button went down (used to wake the display; screens ignore it)
    PRESS   released before `long_ms`: a short press
    LONG    held for `long_ms` (once)
    REPEAT  every `repeat_ms` while still held after LONG
    SLOW    released after LONG, before the first REPEAT: a slow press. The app takes the
            holds of OK, LEFT, RIGHT and BACK at their first REPEAT, and a slow press of
            those as a tap (firmware.app, App._hold; issue 60: a slow press of 650 ms must
            not be taken for a hold)
"""

from engine_lite.base import const

DOWN = const(1)
PRESS = const(2)
LONG = const(3)
REPEAT = const(4)
SLOW = const(5)

# A key must have come up this long before another went down to be read as released first
# (ButtonPad.poll): edges closer together than that, or both kept back by a flash erase (which
# turns interrupts off), are read as keys together.
_ORDER_MS = const(2)

# MicroPython's tick counter wraps (every 12.4 days), and ticks_diff is right only within half
# of that: a key's stored times, untouched for 6.2 days, read as the future, and the OK that
# woke a week-idle glass also took a credit (issue 58). So every _FRESH_MS the times of the keys
# that are up and settled are brought to _LONG_AGO before now: as old as ever matters to them.
_FRESH_MS = const(60000)
_LONG_AGO = const(10000)

# How many REPEATs the key held now has sent (with the REPEAT event just sent): how far a
# number goes on a held key starts slow and speeds up (firmware.screens.ui.step_of).
held_repeats = [0]


class Button:
    """One button on an input pin that reads 0 when pressed (pull-up to 3V3, switch to GND).

    Tunables are class attributes: change them on the class or on one button.
    """

    debounce_ms = 25
    long_ms = 600
    repeat_ms = 180

    def __init__(self, name, pin, now, clock):
        self.name = name
        self.pin = pin
        self._clock = clock
        self.pressed = pin.value() == 0
        # A button already held when polling starts (at boot) produces nothing until released.
        self._ignore = self.pressed
        self._locked = False       # True for debounce_ms after a change of level
        self._changed_at = now
        self._down_at = now
        self._long_sent = False
        self._next_repeat = now
        self.repeats = 0           # REPEATs sent in the current hold
        self._latched = False      # set by the interrupt on a falling edge
        self._edge_at = now        # ... and when: the first such edge since a poll read one
        self._rose_at = now        # the last rising edge (the key came up)
        self._missed = False       # a whole tap happened between two polls
        try:
            # A hard interrupt runs at the edge, even inside a long C call (a picture sent on
            # the I2C bus, a module read from the filesystem), so the edges are timed when
            # they come and the keys can be read in that order.
            pin.irq(handler=self._edge, trigger=pin.IRQ_FALLING | pin.IRQ_RISING, hard=True)
        except (AttributeError, TypeError, ValueError):
            pass                   # no interrupts on this pin: polling alone

    def _edge(self, pin):
        # The interrupt handler. A hard one must not allocate: it stores small ints. Both
        # flags are set when both edges came while interrupts were off (a flash erase): a
        # whole tap, its press latched.
        flags = pin.irq().flags()
        at = self._clock.ticks_ms()
        if flags & pin.IRQ_FALLING:
            if not self._latched:
                self._edge_at = at
            self._latched = True
        if flags & pin.IRQ_RISING:
            self._rose_at = at

    def poll(self, now, clock):
        """Look at the pin; returns an event constant or 0."""
        if self._missed:           # the PRESS half of a tap that came and went unseen
            self._missed = False
            return PRESS
        if self._locked and clock.ticks_diff(now, self._changed_at) < self.debounce_ms:
            self._latched = False  # edges inside the lockout are the contact bouncing
        else:
            self._locked = False
            latched = self._latched
            unread = self.unread_press()
            self._latched = False
            pressed = self.pin.value() == 0
            if (pressed and self.pressed
                    and clock.ticks_diff(self._rose_at, self._changed_at) >= self.debounce_ms):
                # The interrupt saw the key come up: the first edge is the release, and a poll
                # that lands in the contact's bounce after it reads the key down. Not waiting
                # for the next poll saves some 1.7 ms a release, about one in two (make bench:
                # the rhythm sweep, the wait from a release to what it does).
                pressed = False
            if unread and not pressed and not self._ignore:
                # A falling edge, and the pin is up again. An edge within the lockout after
                # the last release was that release's contact chatter (the loop was too busy
                # to poll during the lockout): nothing. Otherwise, if the edge is recent, a
                # press has just begun and its contact is bouncing: the button is down. If
                # it is older, a whole tap came and went while nobody was polling.
                if clock.ticks_diff(now, self._edge_at) < self.debounce_ms:
                    pressed = True
                else:
                    self._changed_at = now
                    self._locked = True
                    self._missed = True
                    return DOWN
            if pressed != self.pressed:
                self.pressed = pressed
                self._locked = True
                # A press the interrupt latched while the loop was busy (a screen being
                # drawn) began at its edge: the lockout and the hold count from then, not from
                # this late poll, or the release of a quick tap would wait out a lockout that
                # began after it (make bench: the rhythm sweep's taps 60 ms apart).
                at = self._edge_at if pressed and latched else now
                self._changed_at = at
                if pressed:
                    self._down_at = at
                    self._long_sent = False
                    return DOWN
                if self._ignore:
                    self._ignore = False
                    return 0
                if not self._long_sent:
                    return PRESS
                return 0 if self.repeats else SLOW
        if self.pressed and not self._ignore:
            held = clock.ticks_diff(now, self._down_at)
            if not self._long_sent:
                if held >= self.long_ms:
                    self._long_sent = True
                    self._next_repeat = clock.ticks_add(now, self.repeat_ms)
                    self.repeats = 0
                    return LONG
            elif clock.ticks_diff(now, self._next_repeat) >= 0:
                self._next_repeat = clock.ticks_add(self._next_repeat, self.repeat_ms)
                self.repeats += 1
                held_repeats[0] = self.repeats
                return REPEAT
        return 0

    def unread_press(self):
        """Whether the interrupt latched a press the polls have not read: a falling edge on a
        key read as up, not within the lockout after its release (that is the release's
        contact chatter, latched after a poll read the release mid-bounce)."""
        return (self._latched and not self.pressed and
                self._clock.ticks_diff(self._edge_at, self._changed_at) >= self.debounce_ms)

    def cancel(self):
        """Forget the current press: nothing more until the button is released and pressed again."""
        self._missed = False
        self._latched = False
        if self.pressed:
            self._ignore = True


class ButtonPad:
    """All the buttons, polled together. `buttons` maps names to Button objects."""

    def __init__(self, pins, clock, now, knob=None):
        self.clock = clock
        self.knob = knob       # a rotary encoder (firmware.board.knob), or None
        self.buttons = []
        for name in ("UP", "DOWN", "LEFT", "RIGHT", "OK", "BACK"):
            if name in pins:
                self.buttons.append(Button(name, pins[name], now, clock))
        self.quiet = False     # every button up and settled: see poll()
        self._fresh_at = now   # when the settled keys' times were last brought forward

    def poll(self, now, handler):
        """Poll the buttons; calls handler(name, event) for the first event, and returns the
        number of events: 1 or 0 (allocates nothing).

        While the pad is `quiet` (every button up, no debounce lockout running, no tap latched)
        only the pins are read: a pass of the idle main loop then costs a few reads, not a
        method call and its timing arithmetic per button (CPU time is battery life).

        Keys that moved while the loop was busy are read in the order they moved: first a
        key that came up before the others went down (a tap, then the next key: two taps),
        then the keys that went down (one that went down while another was still down finds
        it held: keys together), then the rest. Otherwise the order of the pins would decide:
        OK's tap and the next RIGHT were read as keys together, UP held with OK read as a tap
        of UP."""
        clock = self.clock
        if clock.ticks_diff(now, self._fresh_at) >= _FRESH_MS:
            self._refresh(now)
        knob = self.knob
        if knob is not None:
            turned = knob.take()
            if turned:                   # a click of the knob: CW or CCW, as a tap (App)
                handler("CW" if turned > 0 else "CCW", PRESS)
                return 1
        if self.quiet:
            for button in self.buttons:
                if button._latched or not button.pin.value():
                    break
            else:
                return 0
        # The presses the interrupts latched (bits in button order), and when the first came.
        pressed = 0
        fall = 0
        bit = 1
        for button in self.buttons:
            if button._latched and button.unread_press():
                if not pressed or clock.ticks_diff(button._edge_at, fall) < 0:
                    fall = button._edge_at
                pressed |= bit
            bit <<= 1
        # The keys that came up before that first press.
        first = 0
        if pressed:
            bit = 1
            for button in self.buttons:
                if (button.pressed and button.pin.value()
                        and clock.ticks_diff(fall, button._rose_at) >= _ORDER_MS):
                    first |= bit
                bit <<= 1
        for stage in range(3):
            mask = first if stage == 0 else pressed if stage == 1 else ~(first | pressed)
            if not mask:
                continue
            bit = 1
            for button in self.buttons:
                # A key that is up and settled, with nothing latched, has nothing to say: its
                # poll() would return 0 and change nothing. While another key is held, the
                # loop runs every POLL_MS, and skipping those calls makes a pass about
                # 0.7 ms shorter (make bench: press to photon, the time until a poll sees
                # the release).
                if (mask & bit and (button.pressed or button._locked or button._missed
                                    or button._latched or not button.pin.value())):
                    event = button.poll(now, clock)
                    if event:
                        # One event a poll: its handler may take long (a copy of the state,
                        # a collection while its key is down), and the other keys are read again,
                        # in the order they moved, after it.
                        self.quiet = False
                        handler(button.name, event)
                        return 1
                bit <<= 1
        quiet = True
        for button in self.buttons:
            if button.pressed or button._locked or button._missed or button._latched:
                quiet = False
        self.quiet = quiet
        return 0

    def _refresh(self, now):
        """Bring the stored times of every key that is up and settled to _LONG_AGO before now
        (see _FRESH_MS): they only ever say "long ago" to it, and now they stay comparable."""
        self._fresh_at = now
        old = self.clock.ticks_add(now, -_LONG_AGO)
        for button in self.buttons:
            if not (button.pressed or button._locked or button._missed):
                button._changed_at = button._down_at = button._next_repeat = old
                button._rose_at = old
                if not button._latched:       # (a press the interrupt just saw keeps its time)
                    button._edge_at = old

    def held(self):
        """How many buttons are down now, or were pressed while nobody was polling (a tap the
        pin interrupt latched during a flash write counts as held: by the time it is
        delivered the buttons are up, and a chord must still be seen as one; the chatter of a
        release does not)."""
        count = 0
        for button in self.buttons:
            if button.pressed or button._missed or button.unread_press():
                count += 1
        return count

    def cancel_all(self):
        """Forget every press in progress (after waking the display, or a chord of buttons)."""
        for button in self.buttons:
            button.cancel()
