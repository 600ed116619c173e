"""House edge per wager from simulated rounds: running sums, the estimate and its 95 % interval.

**House edge of a wager** (the usual convention, initial wager as the denominator)::

    house edge = -(sum over rounds of the wager's net) / (sum over rounds of its initial amount)

*Net* is what the player gained (+) or lost (-) on the wager in the round, summed over
its hands (split hands, Double Down and split wagers are reported on the wager they belong
to). The *initial amount* is the wager as placed before the deal (``--seat``), not counting
doubles or splits; a wager placed during the round (Insurance, the Pai Gow Double Down
Wager) counts its amount when placed. Seats are added together. The *total* row does the
same over every wager.

**Interval**: per round ``r`` the wager was placed in (``n`` rounds: the wager's ``rounds``; every round for the
total) let ``x_r`` be the net and ``y_r`` the initial amount. The edge is the ratio estimate ``-R`` with
``R = sum x / sum y``; ``sd`` is the standard deviation per round placed, per unit initially wagered,
``sqrt(var(x_r - R y_r)) / mean(y)`` (for a flat bet, simply the standard deviation of one wager's net per unit:
at most 1 for a wager that wins 1 to 1 or loses); the 95 % interval is ``edge ± 1.96 sd / sqrt(n)``; up to 30
rounds placed Student's t with ``n - 1`` degrees of freedom takes 1.96's place (12.71 for two rounds), and rounds
that show no spread give no interval at all. (Counting every round, with ``x_r = y_r = 0`` where the wager was not
placed, gives nearly the same interval, but an sd per round of the run, not per wager, and the normal quantile
for an Insurance Wager placed twice in 10,000 rounds.)

**When the interval is not yet to be trusted**: the interval stands on the normal approximation to the mean of ``d_r
= x_r - R y_r``, and a skewed wager's mean comes near the normal only slowly: a rare large payout (Lucky Ladies'
1,000 to 1) makes a 95 % interval of 20,000 rounds miss more than twice as often as one time in twenty. Cochran's
rule (W. G. Cochran, *Sampling Techniques*, 3rd ed., 1977, section 2.15) asks for ``n > 25 g1²`` rounds, where
``g1`` is the skewness of ``d`` (its third central moment over the 1.5th power of its second; ``d`` sums to nothing,
so these are ``Σd³/n`` and ``Σd²/n``). :meth:`Tally.edge` gives ``g1`` and the rounds the rule asks for, exactly
from the sums; :func:`interval_caution` says so where the rounds fall short. The rounds dealt alone cannot tell: a
run that has not dealt the wager's top payout (Lucky Ladies' 1,000 to 1, about 1.5 times in 100,000 rounds) shows no
sign of it, and it is just such runs whose intervals miss (4 of 30 seeds of 20,000 rounds here, none with that
payout dealt, while the 9 that dealt it all held the exact edge). So where the game says what a wager can pay at
most (``GameInfo.top_payout``), the skewness is at least what that payout would give the rounds at the highest
frequency an outcome never seen in ``n`` rounds may have (95 %): ``3 / n``, the rule of three.

**Exact sums**: amounts are whole cents, so every sum is kept as a whole number of cents
(of cents squared for Σx², Σy², Σxy, cubed for Σx³, Σx²y, Σxy², Σy³): exact, however many rounds. Only the
edge, its sd, interval and skewness, which are ratios, are computed in floating point at the end (the skewness
from exact fractions: its sums nearly cancel).

**Merging**: a simulation is dealt in chunks, each tallied on its own; :meth:`Tally.merge`
adds their sums exactly, so the merged sums are the same whatever the order the
chunks finished in or the processes or machines they ran on.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from typing import Any

from attrs import frozen

from pa_table_games.money import in_cents

#: the sums kept per wager name: rounds placed, Σx, Σy, Σx², Σy², Σxy, Σx³, Σx²y, Σxy², Σy³
SUMS = 10
#: Cochran's rule: the normal approximation to a mean wants more than this many times the squared skewness in rounds
COCHRAN = 25
Z95 = 1.959963984540054
#: Student's t, two-sided 95 %, for 1 to 29 degrees of freedom (2 to 30 rounds): 1.96 understates a few rounds' spread
T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
       2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045)


class Tally:
    """Running sums per wager name: rounds placed, Σx, Σy, Σx², Σy², Σxy and the third powers Σx³, Σx²y, Σxy²,
    Σy³ (x net, y initial amount, in cents).

    A simulation's rounds (:meth:`add_totals`) are counted by their nets first: rounds with the same nets
    under the same initial amounts add the same sums, so each distinct round is added once, times how
    many there were, when the sums are read (or the count grows large). Exact either way: whole cents."""

    __slots__ = ("rounds", "_sums", "engines", "_initial", "_initial_cents", "_names", "_seen")

    #: distinct rounds counted before they are added to the sums
    SEEN = 4096

    def __init__(self) -> None:
        self.rounds = 0
        self._sums: dict[str, list[int]] = {}
        self.engines: dict[str, int] = {}  # rounds dealt by each engine: "fast", "compiled", "transitions"
        # the initial amounts :meth:`add_totals` was last given, in cents: a simulation gives the same every round
        self._initial: dict[str, Decimal] | None = None
        self._initial_cents: dict[str, int] = {}
        self._names: tuple[str, ...] = ()
        self._seen: dict[tuple, int] = {}  # the nets of rounds under ``_initial``, name by name -> how many

    @property
    def sums(self) -> dict[str, list[int]]:
        """Wager name ("" for the total) -> [rounds placed, Σx, Σy, Σx², Σy², Σxy, Σx³, Σx²y, Σxy², Σy³]."""
        if self._seen:
            self._add_seen()
        return self._sums

    @sums.setter
    def sums(self, sums: dict[str, list[int]]) -> None:
        self._seen, self._sums = {}, sums

    def add(self, initial: dict[tuple[int, str], Decimal], settled: Any) -> None:
        """One finished round: ``initial`` (seat, wager) -> amount before the deal; its settlement rows."""
        x: dict[str, Decimal] = {}
        y: dict[str, Decimal] = {}
        for (_, name), amount in initial.items():
            y[name] = y.get(name, 0) + amount
        for row in settled:
            x[row.wager] = x.get(row.wager, 0) + row.net
            if (row.seat, row.wager) not in initial:  # placed during the round: its amount when placed
                y[row.wager] = y.get(row.wager, 0) + row.amount
        self._add_one(x, _in_cents(y))

    def add_totals(self, initial: dict[str, Decimal], nets: dict[str, Decimal],
                   placed_later: list[tuple[str, Decimal]]) -> None:
        """One finished round from its sums (``Round.totals()``): the same as :meth:`add` given its rows.
        ``initial`` is the wager name -> amount before the deal, summed over seats (see :func:`initial_by_name`)."""
        if placed_later:  # Insurance, say: its amount joins what was wagered
            y = initial.copy()
            for name, amount in placed_later:
                y[name] = y.get(name, 0) + amount
            self._add_one(nets, _in_cents(y))
            return
        if initial is not self._initial:
            if self._seen:
                self._add_seen()
            self._initial, self._initial_cents = initial, _in_cents(initial)
            self._names = tuple(self._initial_cents)
        self.rounds += 1
        seen, nets_now = self._seen, tuple(map(nets.get, self._names))
        seen[nets_now] = seen.get(nets_now, 0) + 1
        if len(seen) >= self.SEEN:
            self._add_seen()

    def _add_one(self, x: dict[str, Decimal], y: dict[str, int]) -> None:
        """One round added now, after those waiting (the sums' names stay in the order first seen)."""
        if self._seen:
            self._add_seen()
        self.rounds += 1
        self._add_round(x, y)

    def _add_seen(self) -> None:
        """The rounds counted by their nets, each distinct one added as many times as it was dealt."""
        seen, self._seen = self._seen, {}
        for nets, times in seen.items():
            self._add_round({name: net for name, net in zip(self._names, nets) if net is not None},
                            self._initial_cents, times)

    def _add_round(self, x: dict[str, Decimal], y: dict[str, int], times: int = 1) -> None:
        """``times`` rounds alike: per wager name its net ``x`` (dollars) and initial amount ``y`` (cents), and
        their total."""
        total_x = total_y = 0
        for name, yi in y.items():
            xi = in_cents(x[name]) if name in x else 0
            total_x += xi
            total_y += yi
            self._add(name, xi, yi, times)
        self._add("", total_x, total_y, times)

    def _add(self, name: str, x: int, y: int, times: int = 1) -> None:
        s = self._sums.get(name)
        if s is None:
            s = self._sums[name] = [0] * SUMS
        xx, yy, xy = x * x, y * y, x * y
        s[0] += times
        s[1] += x * times
        s[2] += y * times
        s[3] += xx * times
        s[4] += yy * times
        s[5] += xy * times
        s[6] += xx * x * times
        s[7] += xx * y * times
        s[8] += xy * y * times
        s[9] += yy * y * times

    def merge(self, other: Tally) -> Tally:
        """Add ``other``'s rounds to this tally, exactly: the sums become fractions, so merging
        in any order gives the same sums (call :meth:`add` only on a tally never merged into)."""
        self.rounds += other.rounds
        for name, count in other.engines.items():
            self.engines[name] = self.engines.get(name, 0) + count
        for name, s in other.sums.items():
            mine = self.sums.setdefault(name, [0] * SUMS)
            for i, value in enumerate(s):
                mine[i] = mine[i] + (value if isinstance(value, int) else Fraction(value))
        return self

    def edge(self, name: str = "", top: int | None = None) -> WagerEdge:
        """The house edge of wager ``name`` ("" for the total), with its sd and 95 % interval, and the skewness its
        interval is judged by: its rounds', or where ``top`` is given (the most one round can swing it, in cents:
        its largest win and the stake it would else have lost) at least what that swing would give it, were it as
        frequent as a payout never seen in these rounds may be (:func:`skewness_of`)."""
        exact = self.sums.get(name, [0] * SUMS)
        placed, sx, sy = (float(v) for v in exact[:3])
        n = int(placed)  # the rounds the wager was placed in: those that tell of it (the total: every round)
        wagered, net = Decimal(exact[2]).scaleb(-2), Decimal(exact[1]).scaleb(-2)
        if not sy:
            return WagerEdge(name or "total", int(placed), wagered, net, None, None, None)
        ratio = sx / sy
        sd = half = skewness = None
        if n > 1:
            var = float(_spread(exact)) / (n - 1)
            sd = math.sqrt(var) / (sy / n)
            # rounds that all netted alike (two Push 22 Wagers lost, two paid 7 to 5) show no spread, told exactly:
            # no interval, not [100 %, 100 %]
            half = (T95[n - 2] if n - 1 <= len(T95) else Z95) * sd / math.sqrt(n) if var > 0 else None
            skewness = skewness_of(exact, top) if half is not None and len(exact) == SUMS else None
        edge = 0.0 - ratio  # a net of nothing is an edge of 0, not -0.0
        interval = (edge - half, edge + half) if half is not None else None
        return WagerEdge(name or "total", int(placed), wagered, net, edge, sd, interval, skewness,
                         math.ceil(COCHRAN * skewness * skewness) if skewness is not None else None)


def _spread(sums: list) -> Fraction:
    """``Σd²`` of ``d = x - R y`` over the rounds placed, exactly from the sums: 0 where they all netted alike (in
    floating point a ratio such as 7 to 5 would leave a spread of rounding)."""
    sx, sy, sxx, syy, sxy = (Fraction(v) for v in sums[1:6])
    return (sy * sy * sxx - 2 * sx * sy * sxy + sx * sx * syy) / (sy * sy)


def skewness_of(sums: list, top: int | None = None) -> float | None:
    """The skewness ``g1`` of ``d = x - R y`` over the rounds placed, exactly from the sums (``Σd = 0``), then
    rounded once; None where the rounds show no spread.

    With ``top`` (cents), at least the skewness of those rounds with one more outcome swinging ``d`` by ``top``
    at the frequency ``3 / n``: the 95 % upper bound on the frequency of an outcome not seen in ``n`` rounds (the
    rule of three). A run that has not dealt its wager's top payout shows no sign of it in its own spread."""
    n, sx, sy, sx3, sx2y, sxy2, sy3 = (Fraction(v) for v in (*sums[:3], *sums[6:]))
    r = sx / sy
    second = _spread(sums) / n  # Σd² / n
    if second <= 0:
        return None
    third = (sx3 - 3 * r * sx2y + 3 * r * r * sxy2 - r * r * r * sy3) / n  # Σd³ / n
    seen = float(third) / float(second) ** 1.5
    if not top:
        return seen
    rare = min(Fraction(3) / n, Fraction(1))
    unseen = float(rare * top ** 3) / float(second + rare * top ** 2) ** 1.5
    return max(seen, unseen)


def interval_caution(edge: WagerEdge) -> str | None:
    """Where ``edge``'s rounds fall short of what Cochran's rule asks for its skewness: a line saying so."""
    needed = edge.rounds_for_interval
    if needed is None or edge.rounds >= needed:
        return None
    return (f"{edge.wager}: its 95 % interval is not to be trusted yet: Cochran's rule (n > 25 g1²) asks about "
            f"{needed:,} rounds placed for a net this skewed (g1 {edge.skewness:.1f}, its top payout counted even "
            f"where not dealt), and it was placed in {edge.rounds:,}")


def interval_words(ci95: tuple[float, float] | None) -> str:
    """``95 % interval [0.123 %, 0.456 %]``, or why there is none (the rounds show no spread)."""
    if ci95 is None:
        return "no 95 % interval (it needs two rounds or more that did not all net alike)"
    return f"95 % interval [{ci95[0] * 100:.3f} %, {ci95[1] * 100:.3f} %]"


def _in_cents(amounts: dict[str, Decimal]) -> dict[str, int]:
    return {name: in_cents(amount) for name, amount in amounts.items()}


def initial_by_name(initial: dict[tuple[int, str], Decimal]) -> dict[str, Decimal]:
    """(seat, wager) -> amount before the deal, as wager name -> amount summed in :meth:`Tally.add`'s order."""
    y: dict[str, Decimal] = {}
    for (_, name), amount in initial.items():
        y[name] = y.get(name, 0) + amount
    return y


@frozen
class WagerEdge:
    """One wager's result: rounds it was placed in, sums (exact dollars), house edge (a fraction), sd and 95 % interval,
    the skewness of its net per round and the rounds Cochran's rule asks of its interval (None: no interval)."""

    wager: str
    rounds: int
    initial_wagered: Decimal
    net: Decimal
    house_edge: float | None
    sd: float | None
    ci95: tuple[float, float] | None
    skewness: float | None = None
    rounds_for_interval: int | None = None

    def to_json(self) -> dict:
        """Dollars as JSON numbers (exact to the cent up to 2^53 cents, about 90 trillion dollars: a double's
        precision) and the same sums as whole cents, exact however large."""
        return {"wager": self.wager, "rounds": self.rounds, "initial_wagered": float(self.initial_wagered),
                "net": float(self.net), "initial_wagered_cents": in_cents(self.initial_wagered),
                "net_cents": in_cents(self.net), "house_edge": self.house_edge, "sd": self.sd,
                "ci95": list(self.ci95) if self.ci95 is not None else None, "skewness": self.skewness,
                "rounds_for_interval": self.rounds_for_interval}
