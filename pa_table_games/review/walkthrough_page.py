"""The walk-through page's HTML and script (:mod:`.walkthrough` fills them in): no network, no library."""

WALK_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{section}}: walk-through of {{file}}</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1b1b1b; }
header { padding: 10px 16px; border-bottom: 1px solid #ddd; }
header h1 { font-size: 17px; margin: 0; }
.verdict.ok { color: #185c1e; } .verdict.departs { color: #a40000; font-weight: bold; }
nav { padding: 8px 16px; background: #f4f4f4; border-bottom: 1px solid #ddd; position: sticky; top: 0; z-index: 2; }
nav button { font-size: 14px; padding: 3px 10px; margin-right: 4px; }
main { display: grid; grid-template-columns: minmax(320px, 36%) 1fr; gap: 0; }
#panel { padding: 10px 16px; border-right: 1px solid #ddd; overflow-wrap: anywhere; }
#diagram { padding: 8px; overflow: auto; max-height: calc(100vh - 110px); }
#diagram svg { max-width: 100%; height: auto; }
h2 { font-size: 15px; margin: 12px 0 4px; }
.cite { margin: 2px 0; } .cite b { white-space: nowrap; }
.departure { border: 2px solid #a40000; background: #fff0f0; padding: 6px 8px; margin: 8px 0; }
.place { margin: 6px 0; } .place .name { display: inline-block; min-width: 92px; font-weight: 600; }
.card { display: inline-block; min-width: 30px; padding: 0 3px; box-sizing: border-box; white-space: nowrap; height: 42px; line-height: 42px; margin: 1px 2px; text-align: center;
        border: 1px solid #555; border-radius: 4px; background: #fff; font-weight: 600; vertical-align: middle; }
.card.red { color: #c00000; }
.card.back { background: repeating-linear-gradient(45deg, #1d4f91, #1d4f91 4px, #4f7fc4 4px, #4f7fc4 8px); }
.wager { margin-left: 96px; font-size: 13px; color: #333; }
.notes { color: #444; font-size: 13px; }
g.hl polygon, g.hl ellipse { fill: #ffe58a; }
g.hl path { stroke: #d40000; stroke-width: 3; }
g.hl > polygon { stroke: #d40000; }
g.hl text { fill: #9b0000; font-weight: bold; }
kbd { border: 1px solid #aaa; border-radius: 3px; padding: 0 4px; font-size: 12px; }
</style>
</head>
<body>
<header>
<h1>{{section}}: {{title}}</h1>
<div>Walk-through of the logged round <code>{{file}}</code>. <span class="verdict {{verdict_class}}">{{verdict}}</span></div>
</header>
<nav aria-label="steps">
<button id="first" title="first step (Home)">|&#x25C0; first</button>
<button id="back" title="previous step (left arrow)">&#x25C0; back</button>
<button id="forward" title="next step (right arrow)">forward &#x25B6;</button>
<button id="last" title="last step (End)">last &#x25B6;|</button>
<span id="counter"></span> <span class="keys">keys: <kbd>&larr;</kbd> <kbd>&rarr;</kbd> <kbd>Home</kbd> <kbd>End</kbd></span>
</nav>
<main>
<section id="panel">
<div id="step"></div>
<h2>The table after this step</h2>
<div id="table"></div>
</section>
<section id="diagram">
<div id="phase-title"></div>
{{drawings}}
</section>
</main>
<script type="application/json" id="walk-data">{{data}}</script>
<script>
{{script}}
</script>
</body>
</html>
"""

WALK_SCRIPT = r"""(function () {
  var data = JSON.parse(document.getElementById("walk-data").textContent);
  var steps = data.steps, at = 0;
  var SUITS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function card(c) {  // a face-down card is a back: its code is never written into the page
    if (!c.up) { var b = el("span", "card back"); b.setAttribute("aria-label", "face-down card"); return b; }
    var rank = c.code === "JK" ? "JK" : (c.code[0] === "T" ? "10" : c.code[0]);
    var suit = c.code === "JK" ? "" : SUITS[c.code[1]];
    var e = el("span", "card" + (c.code[1] === "H" || c.code[1] === "D" ? " red" : ""), rank + suit);
    e.setAttribute("aria-label", rank + suit);
    return e;
  }
  function place(to) { return to.replace(/ \(.*\)$/, ""); }
  function table(upto) {  // the layout as the log's card moves leave it after step ``upto``
    var places = {}, order = [], rack = 0, settled = [];
    function at_(name) { if (!places[name]) { places[name] = []; order.push(name); } return places[name]; }
    for (var i = 0; i <= upto; i++) {
      (steps[i].cards || []).forEach(function (m) {
        if (m.to === "discard rack") {
          rack += 1;
          for (var k = 0; k < order.length; k++) {
            var cards = places[order[k]];
            for (var j = 0; j < cards.length; j++) if (cards[j].code === m.card) { cards.splice(j, 1); return; }
          }
          return;
        }
        var name = place(m.to), cards = at_(name);
        if (/turned face up/.test(m.to)) {
          for (var j = 0; j < cards.length; j++) if (cards[j].code === m.card && !cards[j].up) { cards[j].up = true; return; }
        }
        cards.push({code: m.card, up: m.face_up});
      });
      settled = settled.concat(steps[i].settled || []);
    }
    return {places: places, order: order, rack: rack, settled: settled};
  }
  function seatOf(name) { var m = /^seat (\d+)/.exec(name); return m ? m[1] : null; }
  function drawTable(upto) {
    var t = table(upto), box = document.getElementById("table");
    box.textContent = "";
    var names = t.order.slice().sort(function (a, b) {
      var sa = seatOf(a), sb = seatOf(b);
      if (a === "dealer") return -1; if (b === "dealer") return 1;
      if (sa && sb) return sa - sb || (a < b ? -1 : 1); if (sa) return -1; if (sb) return 1;
      return a < b ? -1 : 1;
    });
    var seats = Object.keys(data.seats);
    seats.forEach(function (s) { if (names.indexOf("seat " + s) < 0) names.push("seat " + s); });
    names.forEach(function (name) {
      var row = el("div", "place"), cards = t.places[name] || [];
      row.appendChild(el("span", "name", name));
      cards.forEach(function (c) { row.appendChild(card(c)); });
      if (!cards.length) row.appendChild(el("span", "notes", "no cards"));
      box.appendChild(row);
      var seat = seatOf(name);
      if (seat && name === "seat " + seat) {
        var wagers = data.seats[seat] || {};
        Object.keys(wagers).forEach(function (w) {
          var done = t.settled.filter(function (r) { return String(r.seat) === seat && r.wager === w; });
          var text = w + " " + wagers[w] + (done.length ? " \u2192 " + done.map(function (r) {
            return r.outcome + " " + (r.net > 0 ? "+" : "") + r.net + " (" + r.cite + ")"; }).join("; ") : " at risk");
          box.appendChild(el("div", "wager", text));
        });
        t.settled.filter(function (r) { return String(r.seat) === seat && !(r.wager in wagers); }).forEach(function (r) {
          box.appendChild(el("div", "wager", r.wager + " " + r.amount + " \u2192 " + r.outcome + " " +
                             (r.net > 0 ? "+" : "") + r.net + " (" + r.cite + ")"));
        });
      }
    });
    box.appendChild(el("div", "place", "discard rack: " + t.rack + " card" + (t.rack === 1 ? "" : "s")));
  }
  function words(trigger) { var p = trigger.split("="); return p[0].replace(/_/g, " ") + (p[1] ? ": " + p[1] : ""); }
  function drawStep() {
    var s = steps[at], box = document.getElementById("step");
    box.textContent = "";
    document.getElementById("counter").textContent = "step " + (at + 1) + " of " + steps.length;
    var who = s.by === "player" ? "Player" : s.by === "dealer" ? "Dealer" : "Logged";
    box.appendChild(el("h2", null, (at + 1) + ". " + who + ": " + words(s.trigger) +
                       (s.seat !== undefined && s.seat !== null ? " (seat " + s.seat + ")" : "")));
    box.appendChild(el("div", null, "State reached: " + s.label));
    s.cites.forEach(function (c) {
      var line = el("div", "cite"); line.appendChild(el("b", null, c[0]));
      line.appendChild(document.createTextNode(c[1] ? ": " + c[1] : "")); box.appendChild(line);
    });
    (s.notes || []).forEach(function (n) { box.appendChild(el("div", "notes", n)); });
    s.departures.concat(at === steps.length - 1 ? data.log_departures : []).forEach(function (d) {
      box.appendChild(el("div", "departure", "Departure found by replay: " + d));
    });
    if (s.transition === null) box.appendChild(el("div", "departure", "The machine does not fire this step here: " +
                                                  "no arrow of the diagram matches it."));
    drawTable(at);
    highlight(s);
  }
  function highlight(s) {
    document.querySelectorAll(".hl").forEach(function (e) { e.classList.remove("hl"); });
    document.querySelectorAll(".phase").forEach(function (p) { p.hidden = true; });
    var phase = document.getElementById("phase-" + s.phase);
    if (!phase) return;
    phase.hidden = false;
    var info = data.phases[s.phase];
    document.getElementById("phase-title").textContent = info ? "Phase " + (s.phase + 1) + " of " +
      data.phases.length + ": " + info.label : "";
    var state = document.getElementById("p" + s.phase + "-state-" + s.dest);
    if (state) state.classList.add("hl");
    if (s.transition !== null) {
      var arrow = document.getElementById("p" + s.phase + "-" + (s.self_loop ? "a_t" : "t") + s.transition);
      if (arrow) { arrow.classList.add("hl"); arrow.setAttribute("data-fired", "true"); }
      (arrow || state || phase).scrollIntoView({block: "nearest", inline: "nearest"});
    }
  }
  function go(i) { at = Math.max(0, Math.min(steps.length - 1, i)); drawStep(); }
  document.getElementById("first").onclick = function () { go(0); };
  document.getElementById("back").onclick = function () { go(at - 1); };
  document.getElementById("forward").onclick = function () { go(at + 1); };
  document.getElementById("last").onclick = function () { go(steps.length - 1); };
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") go(at + 1); else if (e.key === "ArrowLeft") go(at - 1);
    else if (e.key === "Home") go(0); else if (e.key === "End") go(steps.length - 1); else return;
    e.preventDefault();
  });
  window.walk = {go: go, at: function () { return at; }, steps: steps};
  go(0);
})();
"""
