"""What a replay takes as given: what the log's header, or the command line, supplies and re-dealing cannot check.

"Conforms" means the round was dealt and settled as the machine deals and settles it from these; each is named
with the verdict, in words an auditor reads, so that the verdict is not read as saying more:

- a stacked shoe: the card order was given, not shuffled from a seed; and a seed: the shoe is checked to be the one
  it shuffles (:mod:`.replay_setup`), but whoever dealt chose the seed, and trying seeds picks a deal as surely as
  stacking does;
- the Rules options that differ from the game's defaults (§ 601a.2: the Rules Submission the round was dealt
  under), each with its logged and its default value;
- the round options (an injected misdeal, for training) and the shoe's and the table's flags that are not a fresh
  table's (a new dealer, whose burn comes first: Blackjack's § 633a.7(c)), as logged;
- a hash chain not keyed with the operator's key (:mod:`.chain`): it shows the file is whole, not who wrote it;
- an edited machine file given with ``--machine``, not the installed one.

What the replay does check (the section, the seats within the table limits, the decisions, a shuffled shoe against
its seed, a keyed chain, the machine file's SHA-256) is not named here: a difference there is a departure or a
refusal.
"""

from __future__ import annotations

import json

from pa_table_games.audit.chain import PLAIN, file_sha256
from pa_table_games.audit.log import RoundLog
from pa_table_games.audit.replay_setup import fresh_flags
from pa_table_games.machine.spec import shown_path
from pa_table_games.rules.in_effect import changed_words
from pa_table_games.runtime.game import Game

STACKED = ("a stacked shoe (the card order was given, not shuffled from a seed: the round is shown dealt as the "
           "machine deals that order, not that the order was random)")
SEEDED = ("the seed {seed} (the shoe is the one this seed shuffles, card for card; that the seed was drawn at "
          "random, not chosen, is not shown)")
UNKEYED = ("a hash chain not keyed with an operator key (it shows the file is whole, not who wrote it: anyone can "
           "write a consistent unkeyed log)")


def taken_as_given(log: RoundLog, game: Game) -> tuple[str, ...]:
    """What the replay of ``log`` under ``game`` (its logged Rules, and its ``--machine`` file if edited) took as
    given, in words; empty when nothing."""
    h = log.header
    seed = h.get("seed")  # a version-1 log without a seed was stacked
    found = [STACKED if seed is None else SEEDED.format(seed=seed)]
    found += [f"Rules {words}" for words in changed_words(game.rules)]
    found += [f"round option {name} {json.dumps(value)}, injected as logged ({game.info.options[name].what})"
              for name, value in h.get("options", {}).items()]
    fresh_shoe, fresh_table = fresh_flags(game, h)
    for whose, logged, fresh in (("shoe", h.get("shoe_state", {}), fresh_shoe),
                                 ("table", h.get("table", {}), fresh_table)):
        found += [f"the {whose}'s flag {name} {json.dumps(value)}, as logged (a fresh {whose}'s is "
                  f"{json.dumps(fresh.get(name))})" for name, value in logged.items() if value != fresh.get(name)]
    installed = game.info.machine_file
    if game.edited and file_sha256(str(game.spec.path)) != file_sha256(str(installed)):
        found.append(f"an edited machine file, {game.spec.shown_path} (--machine): the round was replayed under it, "
                     f"not under the installed {shown_path(installed)}")
    if str(h.get("hash", "")).partition(":")[0] == PLAIN:  # a log made in memory (a demo round) has no chain at all
        found.append(UNKEYED)
    return tuple(found)
