"""The fast path runs its spliced guards on the round itself, so it reads their code and refuses one that writes
(:mod:`pa_table_games.fastpath.purity`): were the check to miss a write, a simulation would deal rounds a guard
quietly changed (a flag flipped, a card added) and its odds would differ from play's, with no error; were it to refuse
an honest guard, the fast path would not be made for its game. Each guard below is run on a small stand-in round
first, to show that it does (or does not) change it, then checked. The games' own guards meet few of these cases.
"""

from __future__ import annotations

import builtins
import contextlib
import functools
import inspect
import operator
import types
from collections import Counter

import pytest

from pa_table_games.fastpath import purity
from pa_table_games.fastpath.purity import DEPTH, WritingGuard, check_guard
from pa_table_games.runtime.read_only import reads

# -- a stand-in round: what it holds is what a guard must leave as it found it -----------------------------------


class _Wager:
    def __init__(self, amount):
        self.amount = amount


class _Shoe:
    def __init__(self):
        self.cards = [5, 6, 7]

    def draw(self):
        return self.cards.pop()


class _Layout:
    def __init__(self):
        self.flag = True
        self.dealer = [10, 1]
        self.counts = {"a": 1}
        self.seen = {1}
        self.asked = 0

    def shown(self):
        return self.dealer[0]

    def reset(self):
        self.flag = False  # writes

    def tidy(self):
        self._put_back()

    def step(self):  # named as one of the round's changes, and only reads
        return self.dealer[-1]

    def last_shown(self):
        return self.step()

    def _put_back(self):
        self.flag = False  # writes

    @property
    def total(self):
        self.asked += 1
        return sum(self.dealer)


class _Round:
    def __init__(self):
        self.layout = _Layout()
        self.wagers = [_Wager(10)]
        self.shoe = _Shoe()
        self.settled = False

    def dealer_up(self):
        return self.layout.dealer[0]

    def settle(self):  # one of the round's changes (read_only.CHANGES)
        self.settled = True

    def mark(self):
        self.settled = True  # writes


_CLASSES = {"layout": _Layout}


def _state(value):
    """What ``value`` holds, all the way down, as plain lists, dicts and tuples."""
    if isinstance(value, list):
        return [_state(item) for item in value]
    if isinstance(value, (set, tuple)):
        return type(value)(_state(item) for item in value)
    if isinstance(value, dict):
        return {key: _state(item) for key, item in value.items()}
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return type(value).__name__, _state(vars(value))
    return value


def _writes_when_run(guard) -> bool:
    """Whether asking ``guard`` changes a fresh stand-in round."""
    rnd = _Round()
    before = _state(rnd)
    guard(rnd, None)
    return _state(rnd) != before


def _refusal(guard, name=None) -> str | None:
    """The refusal's message for ``guard`` (None when it is accepted)."""
    try:
        check_guard(name or guard.__name__, guard, _Round, _CLASSES)
    except WritingGuard as refused:
        return str(refused)
    return None


def _line(fn) -> int:
    """The line of ``fn``'s source marked ``# writes``."""
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, text in enumerate(lines) if text.rstrip().endswith("# writes"))


# -- helpers a guard may call --------------------------------------------------------------------------------------


def _flip(rnd):
    rnd.layout.flag = False  # writes


def _settles(rnd):
    rnd.settle()  # writes


def _resets_the_layout(rnd):
    rnd.layout.reset()


def _via(rnd):
    return _flip(rnd)


def _reads_only(rnd):
    return rnd.layout.dealer[0]


def _dealer_cards(rnd):
    return rnd.layout.dealer


def _recurses(rnd, n):
    return n and _recurses(rnd, n - 1)


@reads
def _counts_in_its_cache(rnd):
    rnd.layout.asked += 1
    return rnd.layout.asked


def _passing(fn):
    @functools.wraps(fn)
    def asked(rnd, unit):
        return fn(rnd, unit)
    return asked


def _resetting_first(fn):
    @functools.wraps(fn)
    def asked(rnd, unit):
        rnd.layout.flag = False  # writes
        return fn(rnd, unit)
    return asked


_helpers = types.ModuleType("helpers")
_helpers.flip = _flip
_helpers.resets_the_layout = _resets_the_layout
_UNREADABLE: dict = {}
exec("def unreadable(rnd):\n    return rnd.layout.flag\n", _UNREADABLE)  # noqa: S102 (its source is no file's)
_unreadable = _UNREADABLE["unreadable"]
_HELD: list = []


# -- guards that write, each refused ------------------------------------------------------------------------------


def _sets_a_flag(rnd, unit):
    rnd.layout.flag = False  # writes


def _sets_an_item(rnd, unit):
    rnd.layout.counts["a"] = 2  # writes


def _sets_a_flag_annotated(rnd, unit):
    rnd.layout.flag: bool = False  # writes


def _raises_a_wager(rnd, unit):
    rnd.wagers[0].amount += 1  # writes


def _adds_to_an_item(rnd, unit):
    rnd.layout.dealer[0] += 1  # writes


def _sets_a_slice(rnd, unit):
    rnd.layout.dealer[:] = []  # writes


def _deletes_an_attribute(rnd, unit):
    del rnd.layout.flag  # writes


def _deletes_an_item(rnd, unit):
    del rnd.layout.counts["a"]  # writes


def _unpacks_into_an_attribute(rnd, unit):
    first, rnd.layout.flag = 1, False  # writes
    return first


def _appends(rnd, unit):
    rnd.layout.dealer.append(0)  # writes


def _pops(rnd, unit):
    return rnd.layout.dealer.pop()  # writes


def _updates(rnd, unit):
    rnd.layout.counts.update(a=2)  # writes


def _adds_to_a_set(rnd, unit):
    rnd.layout.seen.add(2)  # writes


def _draws(rnd, unit):
    return rnd.shoe.draw()  # writes


def _appends_through_an_alias(rnd, unit):
    cards = rnd.layout.dealer
    cards.append(0)  # writes


def _adds_in_place_through_an_alias(rnd, unit):
    cards = rnd.layout.dealer
    cards += [0]  # writes


def _adds_in_place_through_an_alias_of_an_alias(rnd, unit):
    cards = rnd.layout.dealer
    more = cards
    more += [0]  # writes


def _appends_through_an_unpacked_alias(rnd, unit):
    cards, _ = rnd.layout.dealer, 0
    cards.append(0)  # writes


def _adds_in_place_through_a_walrus(rnd, unit):
    if cards := rnd.layout.dealer:
        cards += [0]  # writes


def _adds_in_place_through_a_loop_name(rnd, unit):
    for cards in (rnd.layout.dealer,):
        cards += [0]  # writes


def _adds_in_place_through_a_with_name(rnd, unit):
    with contextlib.nullcontext(rnd.layout.dealer) as cards:
        cards += [0]  # writes


def _appends_in_a_comprehension(rnd, unit):
    return [cards.append(0) for cards in (rnd.layout.dealer,)]  # writes


def _writes_in_a_nested_function(rnd, unit):
    def sneak():
        rnd.layout.flag = False  # writes
    sneak()


def _writes_in_a_lambda(rnd, unit):
    return (lambda: rnd.layout.dealer.append(0))()  # writes


def _rebinds_its_list_to_what_it_reads(rnd, unit):
    cards = []
    cards = rnd.layout.dealer
    cards.append(0)  # writes


def _reuses_its_list_s_name_for_a_loop(rnd, unit):
    cards = []
    for cards in (rnd.layout.dealer,):
        cards.append(0)  # writes


def _appends_to_what_its_list_holds(rnd, unit):
    held = [rnd.layout.dealer]
    held[0].append(0)  # writes


def _appends_to_a_helper_s_answer(rnd, unit):
    cards = _dealer_cards(rnd)
    cards.append(0)  # writes


def _calls_setattr(rnd, unit):
    setattr(rnd.layout, "flag", False)  # writes


def _calls_delattr(rnd, unit):
    delattr(rnd.layout, "flag")  # writes


def _sets_through_vars(rnd, unit):
    vars(rnd.layout)["flag"] = False  # writes


def _sets_through_dict(rnd, unit):
    rnd.layout.__dict__["flag"] = False  # writes


def _updates_dict(rnd, unit):
    rnd.layout.__dict__.update(flag=False)  # writes


def _calls_object_setattr(rnd, unit):
    object.__setattr__(rnd.layout, "flag", False)  # writes


def _keeps_a_global(rnd, unit):
    global _HELD
    _HELD = rnd.layout.dealer
    _HELD += [0]  # writes


def _calls_a_round_change(rnd, unit):
    rnd.settle()  # writes


def _calls_a_round_change_by_another_name(table_round, hand):
    table_round.settle()  # writes


def _calls_a_helper(rnd, unit):
    _flip(rnd)


def _calls_a_helper_of_a_helper(rnd, unit):
    _via(rnd)


def _calls_a_helper_settling(rnd, unit):
    _settles(rnd)


def _calls_a_module_s_helper_resetting_the_layout(rnd, unit):
    _helpers.resets_the_layout(rnd)


def _adds_in_place_through_a_match_capture(rnd, unit):
    match rnd.layout.dealer:
        case [*_] as cards:
            cards += [0]  # writes


def _calls_a_helper_of_a_module(rnd, unit):
    _helpers.flip(rnd)


def _calls_a_round_method(rnd, unit):
    rnd.mark()


def _calls_a_layout_method(rnd, unit):
    rnd.layout.reset()


def _writes_after_asking_a_helper(rnd, unit):
    _reads_only(rnd)
    if rnd.layout.flag:
        rnd.layout.flag = False  # writes


@_passing
def _decorated(rnd, unit):
    rnd.layout.flag = False  # writes


@_resetting_first
def _reads_under_a_decorator_that_writes(rnd, unit):
    return rnd.layout.flag


def _adds_in_place_through_a_name_unpacked(rnd, unit):
    cards, _ = rnd.layout.dealer, 0
    cards += [0]  # writes


def _calls_iadd(rnd, unit):
    rnd.layout.dealer.__iadd__([0])  # writes


def _calls_object_delattr(rnd, unit):
    object.__delattr__(rnd.layout, "flag")  # writes


def _calls_operator_setitem(rnd, unit):
    operator.setitem(rnd.layout.counts, "a", 2)  # writes


def _calls_builtins_setattr(rnd, unit):
    builtins.setattr(rnd.layout, "flag", False)  # writes


def _shadows_its_list_with_a_lambda_s_parameter(rnd, unit):
    cards = []
    (lambda cards: cards.append(0))(rnd.layout.dealer)  # writes
    return cards


def _shadows_its_list_with_a_nested_function_s_parameter(rnd, unit):
    cards = []

    def add(cards):
        cards.append(0)  # writes
    add(rnd.layout.dealer)
    return cards


def _shadows_its_list_with_a_match_capture(rnd, unit):
    cards = []
    match rnd.layout.dealer:
        case cards:
            cards.append(0)  # writes
    return cards


def _loops_into_an_attribute(rnd, unit):
    for rnd.layout.flag in (False,):  # writes
        pass


def _calls_a_round_change_through_an_alias(rnd, unit):
    table_round = rnd
    table_round.settle()  # writes


def _calls_a_layout_method_through_an_alias(rnd, unit):
    layout = rnd.layout
    layout.reset()


def _calls_a_layout_method_that_calls_another(rnd, unit):
    rnd.layout.tidy()


def _keeps_a_with_s_answer_on_the_layout(rnd, unit):
    with contextlib.nullcontext(False) as rnd.layout.flag:  # writes
        pass


def _loops_into_an_attribute_in_a_comprehension(rnd, unit):
    return [0 for rnd.layout.flag in (False,)]  # writes


REFUSED = {  # guard, the function holding the write (None: the guard), what the message says
    "an attribute assigned": (_sets_a_flag, None, "assigns rnd.layout.flag"),
    "an item assigned": (_sets_an_item, None, "assigns rnd.layout.counts['a']"),
    "an annotated assignment": (_sets_a_flag_annotated, None, "assigns rnd.layout.flag"),
    "+= on an attribute": (_raises_a_wager, None, "assigns rnd.wagers[0].amount"),
    "+= on an item": (_adds_to_an_item, None, "assigns rnd.layout.dealer[0]"),
    "a slice assigned": (_sets_a_slice, None, "assigns rnd.layout.dealer[:]"),
    "an attribute deleted": (_deletes_an_attribute, None, "deletes rnd.layout.flag"),
    "an item deleted": (_deletes_an_item, None, "deletes rnd.layout.counts['a']"),
    "an attribute in a tuple assigned": (_unpacks_into_an_attribute, None, "assigns rnd.layout.flag"),
    "append": (_appends, None, "calls rnd.layout.dealer.append()"),
    "pop": (_pops, None, "calls rnd.layout.dealer.pop()"),
    "update": (_updates, None, "calls rnd.layout.counts.update()"),
    "a set's add": (_adds_to_a_set, None, "calls rnd.layout.seen.add()"),
    "a shoe's draw": (_draws, None, "calls rnd.shoe.draw()"),
    "append through an alias": (_appends_through_an_alias, None, "calls cards.append()"),
    "+= through an alias": (_adds_in_place_through_an_alias, None, "changes cards in place (cards += [0]"),
    "+= through an alias of an alias": (_adds_in_place_through_an_alias_of_an_alias, None, "changes more in place"),
    "append through a name unpacked": (_appends_through_an_unpacked_alias, None, "calls cards.append()"),
    "+= through a walrus": (_adds_in_place_through_a_walrus, None, "changes cards in place"),
    "+= through a loop's name": (_adds_in_place_through_a_loop_name, None, "changes cards in place"),
    "+= through a with's name": (_adds_in_place_through_a_with_name, None, "changes cards in place"),
    "append in a comprehension": (_appends_in_a_comprehension, None, "calls cards.append()"),
    "a nested function": (_writes_in_a_nested_function, None, "assigns rnd.layout.flag"),
    "a lambda": (_writes_in_a_lambda, None, "calls rnd.layout.dealer.append()"),
    "its own list rebound to what it reads": (_rebinds_its_list_to_what_it_reads, None, "calls cards.append()"),
    "its own list's name reused by a loop": (_reuses_its_list_s_name_for_a_loop, None, "calls cards.append()"),
    "what its own list holds": (_appends_to_what_its_list_holds, None, "calls held[0].append()"),
    "a helper's answer": (_appends_to_a_helper_s_answer, None, "calls cards.append()"),
    "setattr": (_calls_setattr, None, "calls setattr()"),
    "delattr": (_calls_delattr, None, "calls delattr()"),
    "vars()[...]": (_sets_through_vars, None, "assigns vars(rnd.layout)['flag']"),
    "__dict__[...]": (_sets_through_dict, None, "assigns rnd.layout.__dict__['flag']"),
    "__dict__.update": (_updates_dict, None, "calls rnd.layout.__dict__.update()"),
    "object.__setattr__": (_calls_object_setattr, None, "calls object.__setattr__()"),
    "+= on a global bound to what it reads": (_keeps_a_global, None, "changes _HELD in place"),
    "a change of the round": (_calls_a_round_change, None, "calls the round's change settle()"),
    "a change of the round, named otherwise": (_calls_a_round_change_by_another_name, None,
                                               "calls the round's change settle()"),
    "a helper": (_calls_a_helper, _flip, "assigns rnd.layout.flag"),
    "a helper's helper": (_calls_a_helper_of_a_helper, _flip, "assigns rnd.layout.flag"),
    "a module's helper": (_calls_a_helper_of_a_module, _flip, "assigns rnd.layout.flag"),
    "a helper calling a change of the round": (_calls_a_helper_settling, _settles, "calls the round's change settle()"),
    "a module's helper calling a method of the layout": (_calls_a_module_s_helper_resetting_the_layout, _Layout.reset,
                                                         "assigns self.flag"),
    "+= through a match's capture": (_adds_in_place_through_a_match_capture, None, "changes cards in place"),
    "a method of the round": (_calls_a_round_method, _Round.mark, "assigns self.settled"),
    "a method of what the round holds": (_calls_a_layout_method, _Layout.reset, "assigns self.flag"),
    "after asking a helper that reads": (_writes_after_asking_a_helper, None, "assigns rnd.layout.flag"),
    "a decorated guard": (_decorated, None, "assigns rnd.layout.flag"),
    "a guard whose decorator writes": (_reads_under_a_decorator_that_writes, _resetting_first,
                                       "assigns rnd.layout.flag"),
    "+= through a name unpacked from a tuple": (_adds_in_place_through_a_name_unpacked, None, "changes cards in place"),
    "__iadd__": (_calls_iadd, None, "calls rnd.layout.dealer.__iadd__()"),
    "object.__delattr__": (_calls_object_delattr, None, "calls object.__delattr__()"),
    "operator.setitem": (_calls_operator_setitem, None, "calls operator.setitem()"),
    "builtins.setattr": (_calls_builtins_setattr, None, "calls builtins.setattr()"),
    "its own list's name a lambda's parameter": (_shadows_its_list_with_a_lambda_s_parameter, None,
                                                 "calls cards.append()"),
    "its own list's name a nested function's parameter": (_shadows_its_list_with_a_nested_function_s_parameter, None,
                                                          "calls cards.append()"),
    "its own list's name a match's capture": (_shadows_its_list_with_a_match_capture, None, "calls cards.append()"),
    "a loop's name an attribute": (_loops_into_an_attribute, None, "assigns rnd.layout.flag"),
    "a with's name an attribute": (_keeps_a_with_s_answer_on_the_layout, None, "assigns rnd.layout.flag"),
    "a comprehension's name an attribute": (_loops_into_an_attribute_in_a_comprehension, None,
                                            "assigns rnd.layout.flag"),
    "a change of the round called on a name for the round": (_calls_a_round_change_through_an_alias, None,
                                                             "calls the round's change settle()"),
    "a method of the layout called on a name for it": (_calls_a_layout_method_through_an_alias, _Layout.reset,
                                                       "assigns self.flag"),
    "a method of the layout calling another on self": (_calls_a_layout_method_that_calls_another,
                                                        _Layout._put_back, "assigns self.flag"),
}


@pytest.mark.parametrize("guard, where, what", REFUSED.values(), ids=REFUSED)
def test_a_guard_that_writes_is_refused_naming_the_line_of_the_write(guard, where, what):
    assert _writes_when_run(guard)
    where = where or guard
    message = _refusal(guard)
    assert message is not None
    assert message.startswith(f"{where.__code__.co_filename}:{_line(where)}: guard {guard.__name__!r} {what}")


def test_the_refusal_is_one_line_naming_the_guard_as_registered():
    file, line = _sets_a_flag.__code__.co_filename, _line(_sets_a_flag)
    with pytest.raises(WritingGuard) as refused:
        check_guard("dealer_shows_ace", _sets_a_flag, _Round)
    assert str(refused.value) == (f"{file}:{line}: guard 'dealer_shows_ace' assigns rnd.layout.flag: a guard only "
                                  "reads the round (only actions change it)")


def test_a_guard_whose_own_source_cannot_be_read_is_refused_naming_where_it_was_made():
    """Made by ``exec``, or an object that is no function: what it does cannot be read, and a simulated round asks it
    on the round itself, so it is refused (a function it calls whose source cannot be read is called as it is:
    ``_asks_a_helper_of_unreadable_source`` below)."""
    made: dict = {}
    exec("def flips(rnd, unit):\n    rnd.layout.flag = False\n", made)  # noqa: S102 (its source is no file's)
    assert _writes_when_run(made["flips"])
    assert _refusal(made["flips"], "dealer_shows_ace") == (
        "<string>:1: guard 'dealer_shows_ace': its source cannot be read, so whether it only reads cannot be told (a "
        "simulated round asks its guards on the round itself)")
    assert _refusal(functools.partial(_sets_a_flag, unit=None), "dealer_shows_ace").startswith(
        "guard 'dealer_shows_ace': its source cannot be read")


# -- guards that change only what they made, each accepted --------------------------------------------------------


def _reads(rnd, unit):
    cards = rnd.layout.dealer
    return rnd.layout.flag and cards[0] == 10 and rnd.layout.dealer.count(10) == 1 and rnd.dealer_up() == 10


def _fills_and_sorts_its_list(rnd, unit):
    ranks = []
    for card in rnd.layout.dealer:
        ranks.append(card)
    ranks.sort()
    ranks.reverse()
    return ranks


def _fills_and_empties_its_mapping(rnd, unit):
    counts = {}
    counts["n"] = len(rnd.layout.dealer)
    counts.update(a=1)
    del counts["n"]
    counts.setdefault("b", 2)
    return counts


def _fills_its_set(rnd, unit):
    seen = set()
    seen.add(rnd.layout.dealer[0])
    seen.discard(1)
    return seen


def _changes_its_copies(rnd, unit):
    cards = list(rnd.layout.dealer)
    cards.append(0)
    ordered = sorted(rnd.layout.dealer)
    ordered.pop()
    counts = dict(rnd.layout.counts)
    counts.clear()
    tally = Counter(rnd.layout.dealer)
    tally.update([1])
    return cards, ordered, counts, tally


def _changes_an_annotated_list(rnd, unit):
    ranks: list = []
    ranks.append(rnd.layout.dealer[0])
    return ranks


def _changes_a_comprehension_s_list(rnd, unit):
    ranks = [card for card in rnd.layout.dealer]
    ranks.reverse()
    keyed = {card: card for card in rnd.layout.dealer}
    keyed.popitem()
    return ranks, keyed


def _changes_a_sum_of_lists(rnd, unit):
    cards = rnd.layout.dealer + []
    cards.append(0)
    return cards


def _rebinds_names(rnd, unit):
    total = 0
    total += rnd.layout.dealer[0]
    cards = rnd.layout.dealer
    cards = cards + [0]
    return total, cards


def _fills_its_list_in_a_nested_function(rnd, unit):
    ranks = []

    def add(card):
        ranks.append(card)
    for card in rnd.layout.dealer:
        add(card)
    return ranks


def _loops_into_its_own_list(rnd, unit):
    ranks = [0]
    for ranks[0] in rnd.layout.dealer:
        pass
    return ranks


def _reads_in_a_with_and_a_lambda(rnd, unit):
    with contextlib.suppress(KeyError):
        return (lambda: rnd.layout.counts["a"])()


def _asks_helpers_that_read(rnd, unit):
    return _reads_only(rnd) + rnd.layout.shown() + _recurses(rnd, 2)


def _asks_a_helper_of_unreadable_source(rnd, unit):
    return _unreadable(rnd)


def _asks_a_cached_reader(rnd, unit):
    return _counts_in_its_cache(rnd) > 0


def _asks_a_class(rnd, unit):
    return Counter(rnd.layout.dealer).most_common(1)


def _asks_a_layout_method_asking_its_own_reader(rnd, unit):
    layout = rnd.layout
    return layout.last_shown() == rnd.layout.last_shown()


@_passing
def _decorated_reader(rnd, unit):
    return rnd.layout.flag


ACCEPTED = {
    "reads, through an alias too": _reads,
    "its list filled, sorted and reversed": _fills_and_sorts_its_list,
    "its mapping filled and emptied": _fills_and_empties_its_mapping,
    "its set filled": _fills_its_set,
    "its copies (list, sorted, dict, Counter) changed": _changes_its_copies,
    "its annotated list filled": _changes_an_annotated_list,
    "its comprehensions' answers changed": _changes_a_comprehension_s_list,
    "a sum of lists changed": _changes_a_sum_of_lists,
    "names rebound (a number +=, an alias rebound to a new list)": _rebinds_names,
    "its list filled by a nested function": _fills_its_list_in_a_nested_function,
    "a loop into an item of its own list": _loops_into_its_own_list,
    "a with without a name, a lambda that reads": _reads_in_a_with_and_a_lambda,
    "helpers and methods that read": _asks_helpers_that_read,
    "a helper whose source is no file's": _asks_a_helper_of_unreadable_source,
    "a class called": _asks_a_class,
    "a decorated guard that reads": _decorated_reader,
    "a layout method asking its own reader named as a round's change": _asks_a_layout_method_asking_its_own_reader,
}


@pytest.mark.parametrize("guard", ACCEPTED.values(), ids=ACCEPTED)
def test_a_guard_that_changes_only_what_it_made_is_accepted(guard):
    assert not _writes_when_run(guard)
    assert _refusal(guard) is None


def test_a_function_marked_as_reading_through_a_cache_keeps_its_cache():
    """``read_only.reads``: its cache is its own (here, a count on the layout); only its answer is read."""
    assert _writes_when_run(_asks_a_cached_reader)
    assert _refusal(_asks_a_cached_reader) is None


def _asks_one_helper_often(rnd, unit):
    return _reads_only(rnd) + _reads_only(rnd) + _recurses(rnd, 3) + _asks_one_helper_often(rnd, unit)


def test_each_function_a_guard_calls_is_read_once(monkeypatch):
    """A helper called from several places, or calling itself, is read once (its reading is not repeated)."""
    read, definition = [], purity.definition
    monkeypatch.setattr(purity, "definition", lambda fn: read.append(fn.__name__) or definition(fn))
    assert _refusal(_asks_one_helper_often) is None
    assert sorted(read) == ["_asks_one_helper_often", "_reads_only", "_recurses"]


# -- how deep the functions a guard calls are read ----------------------------------------------------------------


def _chain_1(rnd, unit=None):
    rnd.layout.flag = False  # writes


def _chain_2(rnd, unit=None):
    return _chain_1(rnd)


def _chain_3(rnd, unit=None):
    return _chain_2(rnd)


def _chain_4(rnd, unit=None):
    return _chain_3(rnd)


def _chain_5(rnd, unit=None):
    return _chain_4(rnd)


def _chain_6(rnd, unit=None):
    return _chain_5(rnd)


def _chain_7(rnd, unit=None):
    return _chain_6(rnd)


def _chain_8(rnd, unit=None):
    return _chain_7(rnd)


def _chain_9(rnd, unit=None):
    return _chain_8(rnd)


_CHAIN = (_chain_1, _chain_2, _chain_3, _chain_4, _chain_5, _chain_6, _chain_7, _chain_8, _chain_9)


@_passing
def _decorated_six_deep(rnd, unit):  # the function it wraps is one call down, _chain_5 two
    return _chain_5(rnd)


@_passing
def _decorated_seven_deep(rnd, unit):
    return _chain_6(rnd)


DEPTHS = {f"{depth} calls down": (_CHAIN[depth], depth) for depth in (0, DEPTH - 1, DEPTH, DEPTH + 1)}
DEPTHS |= {"6 calls down, through a decorator": (_decorated_six_deep, 6),
           "7 calls down, through a decorator": (_decorated_seven_deep, 7)}


@pytest.mark.parametrize("guard, depth", DEPTHS.values(), ids=DEPTHS)
def test_a_write_is_looked_for_as_deep_as_depth_calls_down(guard, depth):
    """A write in a chain of helpers is found as far as DEPTH calls down (the function a decorator wraps is one
    call down), and not past it: each of these guards does write."""
    assert _writes_when_run(guard)
    message = _refusal(guard)
    assert (message is not None) == (depth <= DEPTH)
    if message is not None:
        assert message.startswith(f"{_chain_1.__code__.co_filename}:{_line(_chain_1)}: ")


# -- writes a reading of code does not follow (the module says so): each guard writes, and is accepted -----------------


def _adds_in_place_to_a_helper_s_answer(rnd, unit):
    cards = _dealer_cards(rnd)
    cards += [0]


def _remember_the_dealer(rnd):
    global _HELD
    _HELD = rnd.layout.dealer


def _adds_in_place_to_a_global_a_helper_bound(rnd, unit):
    global _HELD
    _remember_the_dealer(rnd)
    _HELD += [0]


def _adds_in_place_to_an_item_of_its_list(rnd, unit):
    held = [rnd.layout.dealer]
    held[0] += [0]


def _appends_through_getattr(rnd, unit):
    getattr(rnd.layout.dealer, "append")(0)


def _appends_through_a_bound_method(rnd, unit):
    add = rnd.layout.dealer.append
    add(0)


def _calls_a_helper_by_another_name(rnd, unit):
    flip = _flip
    flip(rnd)


class _Tools:
    @staticmethod
    def flip(rnd):
        rnd.layout.flag = False


def _calls_a_static_method(rnd, unit):
    _Tools.flip(rnd)


class _Flipper:
    def __init__(self, rnd):
        rnd.layout.flag = False


def _makes_an_object_that_writes(rnd, unit):
    return _Flipper(rnd)


def _reads_a_property_that_writes(rnd, unit):
    return rnd.layout.total > 0


def _guard_calling(helper):
    def calls_what_it_closes_over(rnd, unit):
        return helper(rnd)
    return calls_what_it_closes_over


_closes_over_a_writer = _guard_calling(_flip)


def _executes_a_string(rnd, unit):
    exec("rnd.layout.flag = False")  # noqa: S102


def _gap(guard, why):
    return pytest.param(guard, marks=pytest.mark.xfail(strict=True, raises=AssertionError, reason=why),
                        id=guard.__name__.strip("_"))


GAPS = [
    _gap(_adds_in_place_to_a_helper_s_answer, "+= on a name bound to a call's answer: not taken for an alias"),
    _gap(_adds_in_place_to_a_global_a_helper_bound, "+= on a global the guard does not bind itself"),
    _gap(_adds_in_place_to_an_item_of_its_list, "+= on an item of its own list changes what the item holds"),
    _gap(_appends_through_getattr, "a mutator fetched with getattr(): the call is not an attribute's"),
    _gap(_appends_through_a_bound_method, "a mutator kept in a name, then called"),
    _gap(_calls_a_helper_by_another_name, "a helper called through a local name"),
    _gap(_calls_a_static_method, "a method of a class of the module: only a module's functions are followed"),
    _gap(_makes_an_object_that_writes, "a class called: its __init__ is not read"),
    _gap(_reads_a_property_that_writes, "a property's getter is not read"),
    _gap(_closes_over_a_writer, "a helper the guard closes over"),
    _gap(_executes_a_string, "exec() of a string"),
]


@pytest.mark.parametrize("guard", [gap.values[0] for gap in GAPS], ids=[gap.id for gap in GAPS])
def test_each_unseen_write_does_write(guard):
    assert _writes_when_run(guard)


@pytest.mark.parametrize("guard", GAPS)
def test_a_write_only_the_run_would_show_is_not_seen_yet(guard):
    assert _refusal(guard) is not None
