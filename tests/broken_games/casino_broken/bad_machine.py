"""A plugin whose GameInfo names a machine file that is not there."""

import attrs

from casino_high_card import INFO as TOY

INFO = attrs.evolve(TOY, name="bad-machine", machine="/nonexistent/bad_machine.yaml")
