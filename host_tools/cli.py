"""What every command-line tool does at its edges: no traceback at the person who ran it.

    if __name__ == "__main__":
        from host_tools import cli
        sys.exit(cli.run(main))

Output piped into a command that stops reading (`| head -1`) ends the tool quietly, as Unix
tools do; Ctrl-C ends it with status 130 and one line.
"""

import os
import sys


def run(main):
    """Call `main()` and return its exit status."""
    try:
        status = main()
        sys.stdout.flush()
        return status
    except BrokenPipeError:
        # The reader went away: say nothing more, and keep Python from complaining about the
        # pipe at exit (stdout pointed at nothing).
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
