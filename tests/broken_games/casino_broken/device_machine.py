"""A plugin whose GameInfo names a device as its machine file: read through the one safe reader, refused at once."""

import attrs

from casino_high_card import INFO as TOY

INFO = attrs.evolve(TOY, name="device-machine", machine="/dev/zero")
