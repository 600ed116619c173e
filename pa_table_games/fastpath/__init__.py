"""The fast path: the simulation's engine, one function per (machine, Rules, wagers placed, strategy), made from
the same definitions as every other view of a machine.

Nothing here is written twice. The generated function is the bound machine's selection rule with every guard,
action and runtime hook it calls spliced in from that function's own source (:mod:`.inline`), then partially
evaluated against what is fixed for the whole run (:mod:`.fold`): the Rules, the transitions themselves, the
options of a simulated round (none) and the fact that such a round records nothing. Whatever cannot be spliced
(a loop that returns from its middle, a ``try``) is called, exactly as the interpreted engines call it, so the
fast path covers every game, wager and Rules file the machine does; :mod:`.generate` builds the function
(asking a state's shared first guards once, :mod:`.asked`, and writing its comprehensions as loops,
:mod:`.loops`; the trees walked, copied and given positions by :mod:`.trees`) and :mod:`.engine` runs rounds
with it.
"""
