"""What lies on a blackjack layout during a round: each box's hands and the dealer's cards.

Shared by Blackjack (§ 633a.7) and Double Down Madness (§ 692.7). Seat 1 is the box
farthest to the dealer's left: it is dealt and decides first; settlement from the
dealer's right starts at the highest seat.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from attrs import define, field

from pa_table_games.equipment.cards import Card
from pa_table_games.equipment.chips import Wager
from pa_table_games.games.blackjack.hand import AFTER, is_two_card_21, points
from pa_table_games.runtime.read_only import Derived, reads
from pa_table_games.runtime.turns import mark_of


@define
class Hand:
    """One player hand in a box; ``index`` counts split hands from 0.

    Its cards change only through :meth:`add_card` and :meth:`split_off`, which keep ``total``
    (the best total) and ``soft`` (an ace counted as 11) up to date."""

    #: what :meth:`add_card` and :meth:`split_off` change (a played round keeps it, to undo them)
    CARD_FIELDS = ("cards", "total", "soft")

    seat: int
    index: int
    wager: Wager
    cards: list[Card] = field(factory=list)
    doubles: int = 0  # Double Down wagers made on this hand
    from_split: bool = False
    split_aces: bool = False
    stood: bool = False
    settled: bool = False  # paid, collected or returned already (Blackjack, even money, surrender)
    surrendered: bool = False  # § 633a.9; settled at once, or after a waiting Royal Match 21 Wager ((g)(4))
    blackjack_announced: bool = False  # (i)(1)(ii)(B): paid after the hole card
    one_card_only: bool = False  # a first-card ace in Double Down Madness, § 692.7(l)(2)
    discarded: bool = False  # cards already in the discard rack
    first_two: tuple[Card, ...] = ()  # the box's initial two cards, kept when the pair is split
    total: int = field(init=False, default=0, eq=False, repr=False)
    soft: bool = field(init=False, default=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.cards:  # a hand dealt in play starts empty: 0, hard (the defaults)
            self.total, self.soft = points(self.cards)

    def add_card(self, card: Card) -> None:
        """Give the hand one more card (its total kept as the card arrives)."""
        self.cards.append(card)
        self.total, self.soft = AFTER[self.soft][self.total][card.rank]

    def split_off(self) -> Card:
        """Take the second card of a pair away, to start the new hand of a split."""
        card = self.cards.pop()
        self.total, self.soft = points(self.cards)
        return card

    @property
    def initial_two(self) -> tuple[Card, ...]:
        """The player's initial two cards, which decide the (g) wagers, even after a split (fewer until dealt).
        Asked about 170 times a round at seven seats: the pair is built without slicing the list."""
        cards = self.cards
        return self.first_two or ((cards[0], cards[1]) if len(cards) > 1 else tuple(cards))

    @property
    def blackjack(self) -> bool:
        """A two-card 21 that did not come from a split."""
        return self.total == 21 and not self.from_split and is_two_card_21(len(self.cards), self.total)

    @property
    def busted(self) -> bool:
        return self.total > 21

    @property
    def label(self) -> str:
        return f"seat {self.seat} hand {self.index}" if self.from_split or self.index else f"seat {self.seat}"


class Memo(Derived):
    """Answers derived from a layout, each kept with what it was derived from and worked out again when that
    changes: ``box``'s index of the hands, the round's wagers by name, the (o) pass's payouts (:mod:`.progressives`)."""

    __slots__ = ("boxes", "boxes_of", "boxes_len", "boxes_last", "named", "named_of", "named_count", "o_payouts")

    def __init__(self) -> None:
        # nothing is worked out before it is asked for (None: not yet; the first question works it out)
        self.boxes: dict[int, Hand] | None = None
        self.boxes_of: list[Hand] | None = None  # the hands list indexed, its length and its last hand then
        self.boxes_len = -1
        self.boxes_last: Hand | None = None
        self.named: dict[str, list[Wager]] | None = None  # the round's wagers by name, in placing order
        self.named_of: list[Wager] | None = None
        self.named_count = (-1, 0)
        self.o_payouts: dict[str, Any] = {}

    @reads
    def wagers_named(self, wagers: list[Wager], name: str) -> list[Wager]:
        """The ``name`` wagers of ``wagers`` (a round's: only ever added to), in placing order."""
        mark = mark_of(wagers)
        if wagers is not self.named_of or mark != self.named_count:
            known, last = self.named_count
            # wagers placed since (Insurance, a split's) are sorted in alone while the wager last seen stands where it
            # stood; else (a refused step's taken back, another list) all again
            grown = wagers is self.named_of and 0 < known < mark[0] and id(wagers[known - 1]) == last
            if not grown:
                self.named, known = {}, 0
            for w in wagers[known:]:
                self.named.setdefault(w.name, []).append(w)
            self.named_of, self.named_count = wagers, mark
        return self.named.get(name, [])


@define
class BlackjackLayout:
    """Hands in play order and the dealer's cards (whose turn it is, the round knows: ``Round.turn``).

    The dealer's cards change only through :meth:`add_card`, which keeps ``dealer_total`` (the best total) and
    ``dealer_soft`` up to date, as a hand keeps its own."""

    #: what :meth:`add_card` changes (a played round keeps it, to undo it)
    CARD_FIELDS = ("dealer", "dealer_total", "dealer_soft")

    hands: list[Hand] = field(factory=list)
    dealer: list[Card] = field(factory=list)
    up_index: int = 0  # which of the dealer's cards is the up card (0 in § 633a.7, 1 in § 692.7)
    hole_card_turned: bool = False
    dealer_blackjack: bool | None = None  # None until the card reader has been used
    insurance_open: bool = False  # the Insurance / even money offer is being answered
    dealer_discarded: bool = False
    earlier_bundles: int = 0  # the discard rack's first bundles, placed in earlier rounds ((s): a refill takes those)
    # House Money, § 633a.7(g)(10)(ii): the payouts a player may add to the Blackjack Wager or keep, by seat
    # (whose turn it is to answer, the round's walk knows), and the seats that have answered
    house_money_payouts: dict[int, Decimal] = field(factory=dict)
    house_money_answered: set[int] = field(factory=set)
    house_money_added: set[int] = field(factory=set)  # the entire Blackjack Wager now: a Double Down matches it ((C))
    # progressives, § 633a.7(o): payouts a floorperson verified; the table game system's picks
    verified: set[tuple[int, str]] = field(factory=set)
    settled_in_o: set[tuple[int, str]] = field(factory=set)  # (seat, wager) settled by (o) this round
    paid_from_meter: dict[str, Decimal] = field(factory=dict)  # shares paid, taken off the meter at the end
    magic_card: Card | None = None
    lucky_player: int | None = None
    #: each box's first hand by seat, entered as the deal makes it (:meth:`box`; a layout built otherwise, by a test
    #: or an analysis, finds its boxes among the hands): what lies on the table is the hands, not this index
    boxes_dealt: dict[int, Hand] = field(factory=dict, eq=False, repr=False)
    #: each box's initial two cards by seat, entered as its second card is dealt (:meth:`initial_two_of`)
    initial_twos: dict[int, tuple[Card, ...]] = field(factory=dict, eq=False, repr=False)
    #: what the layout works out from what lies on it, kept to answer again quickly (not itself on the table)
    memo: Memo = field(factory=Memo, eq=False, repr=False)
    dealer_total: int = field(init=False, default=0, eq=False, repr=False)
    dealer_soft: bool = field(init=False, default=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        if self.dealer:
            self.dealer_total, self.dealer_soft = points(self.dealer)

    def add_card(self, card: Card) -> None:
        """Give the dealer one more card (the dealer's total kept as the card arrives)."""
        self.dealer.append(card)
        self.dealer_total, self.dealer_soft = AFTER[self.dealer_soft][self.dealer_total][card.rank]

    @property
    def has_up_card(self) -> bool:
        """The dealer's up card has been dealt."""
        return len(self.dealer) > self.up_index

    @property
    def up_card(self) -> Card:
        return self.dealer[self.up_index]

    @property
    def hole_card(self) -> Card:
        return self.dealer[1 - self.up_index]

    def box(self, seat: int) -> Hand | None:
        """The first hand of ``seat``'s box: as the deal entered it (asked about a hundred times a round at seven
        seats), else looked up among the hands."""
        return self.boxes_dealt.get(seat) or self._box_among_hands(seat)

    def initial_two_of(self, seat: int) -> tuple[Card, ...]:
        """The initial two cards of ``seat``'s box (:attr:`Hand.initial_two`): as the deal entered them (the (g) wagers
        read them about ninety times a round at seven seats), else read off the box."""
        return self.initial_twos.get(seat) or self.box(seat).initial_two

    @reads
    def _box_among_hands(self, seat: int) -> Hand | None:
        """The first hand of ``seat``'s box, looked up: the index follows the hands as they are dealt and split."""
        hands, memo = self.hands, self.memo
        # hands are only added (or a refused step's taken back): the index stands while the list, its length and
        # its last hand do (:func:`~pa_table_games.runtime.turns.mark_of`, asked here without a call)
        if hands is not memo.boxes_of or len(hands) != memo.boxes_len or (hands and hands[-1] is not memo.boxes_last):
            memo.boxes = {}
            for h in hands:
                if h.index == 0:
                    memo.boxes.setdefault(h.seat, h)
            memo.boxes_of, memo.boxes_len, memo.boxes_last = hands, len(hands), hands[-1] if hands else None
        return memo.boxes.get(seat)

    def boxes(self) -> list[Hand]:
        """The first hand of each box, seat 1 first."""
        return [h for h in self.hands if h.index == 0]

    def cards(self) -> list[Card]:
        """Cards still on the layout (not yet in the discard rack)."""
        held = [c for h in self.hands if not h.discarded for c in h.cards]
        return held if self.dealer_discarded else held + self.dealer
