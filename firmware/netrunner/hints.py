"""What each cell of the dashboard's action bar does, in words: the bar has room for short
words only ("Adv", "Jack"), so the row under the large numbers says the lit cell in full once the
player moves the cursor to it.

An overlay (firmware.app.OVERLAYS): loaded when LEFT or RIGHT goes down on the dashboard, let go
on the way home, so its text is not on the heap the rest of the time.
"""

HINTS = {"Draw": "Draw a card: 1 click", "+1cr": "Take a credit: 1 click",
         "Acts": "Actions, with their costs",
         "End": "Hold OK: end the turn", "More": "Trace, damage, log, more",
         "Access": "Succeeded: access cards", "Fail": "The ice ended the run",
         "Jack": "Jack out: the run ends", "Done": "Done: the run ends",
         "Next": "Done: next card", "+1 card": "Access one more card"}
