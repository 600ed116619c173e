"""The walk-through page's HTML, style and script (:mod:`.walkthrough` fills them in, one pass): no network,
no library; the page's policy allows this script and style alone, by their SHA-256. Every text the script
writes goes through ``textContent``."""

WALK_STYLE = """
html, body { height: 100%; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #1b1b1b; display: flex; flex-direction: column; }
header { flex: 0 0 auto; padding: 6px 16px; border-bottom: 1px solid #ddd; }
header h1 { font-size: 17px; margin: 0; }
header nav { font-size: 13px; margin-top: 2px; }
.verdict.conforms { color: #185c1e; } .verdict.departs { color: #a40000; font-weight: bold; }
.verdict.unverifiable { color: #8a4b00; font-weight: bold; }
.given { font-size: 13px; color: #5a4300; }
#steps { flex: 0 0 auto; padding: 6px 16px; background: #f4f4f4; border-bottom: 1px solid #ddd; }
#steps button { font-size: 14px; padding: 3px 10px; margin-right: 4px; }
main { flex: 1 1 auto; min-height: 0; display: grid; grid-template-columns: minmax(340px, 36%) 1fr; gap: 0; }
#panel { padding: 8px 16px; border-right: 1px solid #ddd; overflow: auto; overflow-wrap: anywhere; }
#diagram { padding: 8px; overflow: auto; }
@media (max-width: 800px) { body { display: block; height: auto; } main { display: block; } }
#diagram svg { height: auto; }
h2 { font-size: 15px; margin: 10px 0 4px; }
.who { font-weight: 600; color: #0d3c8c; }
.cite { margin: 2px 0; } .cite b { white-space: nowrap; }
.departure { border: 2px solid #a40000; background: #fff0f0; padding: 6px 8px; margin: 8px 0; }
.stopped { border: 1px dashed #8a4b00; background: #fff8e6; padding: 4px 8px; margin: 6px 0; }
.change { background: #e8f1ff; border-left: 3px solid #1d4f91; padding: 2px 6px; margin: 3px 0; }
.seat { margin: 6px 0 8px; }
.place { margin: 3px 0; } .place .name { display: inline-block; min-width: 104px; font-weight: 600; }
.card { display: inline-block; min-width: 30px; padding: 0 3px; box-sizing: border-box; white-space: nowrap; height: 42px;
        line-height: 42px; margin: 1px 2px; text-align: center; border: 1px solid #555; border-radius: 4px;
        background: #fff; font-weight: 600; vertical-align: middle; }
.card.red { color: #c00000; }
.card.back { background: repeating-linear-gradient(45deg, #1d4f91, #1d4f91 4px, #4f7fc4 4px, #4f7fc4 8px); }
.wager { margin-left: 108px; font-size: 13px; color: #333; }
.wager.new { font-weight: 600; color: #0d3c8c; }
.notes { color: #444; font-size: 13px; }
g.at > path, g.at > polygon, g.at > ellipse { stroke: #d40000; stroke-width: 2.5; }
g.fired polygon { fill: #ffe58a; }
g.fired path { stroke: #d40000; stroke-width: 3; }
g.fired > polygon { stroke: #d40000; }
g.fired text { fill: #9b0000; font-weight: bold; }
kbd { border: 1px solid #aaa; border-radius: 3px; padding: 0 4px; font-size: 12px; }
"""

WALK_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
{{policy}}
<title>{{section}}: walk-through of {{file}}</title>
<style>{{style}}</style>
</head>
<body>
<header>
<h1>{{section}}: {{title}}</h1>
<div>Walk-through of the logged round <code>{{file}}</code>. <span class="verdict {{verdict_class}}">{{verdict}}</span></div>{{given}}
<nav aria-label="pages">{{nav}}</nav>
</header>
<nav id="steps" aria-label="steps">
<button id="first" title="first step (Home)">|&#x25C0; first</button>
<button id="back" title="previous step (left arrow)">&#x25C0; back</button>
<button id="forward" title="next step (right arrow)">forward &#x25B6;</button>
<button id="last" title="last step (End)">last &#x25B6;|</button>
<span id="counter"></span> <span class="keys">keys: <kbd>&larr;</kbd> <kbd>&rarr;</kbd> <kbd>Home</kbd> <kbd>End</kbd>;
link to a step with <code>#step=N</code></span>
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
<script>{{script}}</script>
</body>
</html>
"""

WALK_SCRIPT = r"""(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("walk-data").textContent);
  var steps = data.steps, at = 0;
  var SUITS = {S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663"};
  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function card(c) {  // [code, face up]: a face-down card is a back, its code never in the page's text
    if (!c[1] || !c[0]) { var b = el("span", "card back"); b.setAttribute("aria-label", "face-down card"); return b; }
    var code = String(c[0]);
    var rank = code === "JK" ? "JK" : (code.charAt(0) === "T" ? "10" : code.charAt(0));
    var suit = code === "JK" ? "" : (SUITS[code.charAt(1)] || code.charAt(1));
    var e = el("span", "card" + (/^.[HD]$/.test(code) ? " red" : ""), rank + suit);
    e.setAttribute("aria-label", rank + suit);
    return e;
  }
  function hand(h) { return "hand " + (h + 1); }  // people count hands from 1
  function money(n) { return (n > 0 ? "+" : "") + Number(n).toFixed(2); }
  function seatOf(name) { var m = /^seat (\d+)/.exec(name); return m ? Number(m[1]) : null; }
  function splitSeats(table) {  // seats whose box holds more than one hand
    var count = {};
    table.places.forEach(function (p) { var s = seatOf(p[0]); if (s !== null) { count[s] = (count[s] || 0) + 1; } });
    return count;
  }
  function settledRows(upto) {
    var rows = [];
    for (var i = 0; i <= upto; i++) { rows = rows.concat(steps[i].settled || []); }
    return rows;
  }
  function lastTable(upto) {
    for (var i = upto; i >= 0; i--) { if (steps[i].table) { return {table: steps[i].table, at: i}; } }
    return null;
  }
  function drawTable(upto) {
    var box = document.getElementById("table"), found = lastTable(upto);
    box.textContent = "";
    if (!found) { box.appendChild(el("div", "notes", "the machine did not re-deal this step")); return; }
    if (found.at !== upto) {
      box.appendChild(el("div", "stopped", "Replay stopped comparing at step " + (found.at + 1) +
                         ": the table is as the machine last had it."));
    }
    var table = found.table, rows = settledRows(upto), split = splitSeats(table), fresh = {};
    (steps[upto].changes || []).forEach(function (c) { fresh[c[0] + "/" + c[1] + "/" + c[2]] = true; });
    table.places.filter(function (p) { return seatOf(p[0]) === null; }).forEach(function (p) { drawPlace(box, p); });
    var seats = {};
    Object.keys(data.seats).forEach(function (s) { seats[Number(s)] = true; });
    table.places.forEach(function (p) { var s = seatOf(p[0]); if (s !== null) { seats[s] = true; } });
    table.wagers.forEach(function (w) { seats[w[0]] = true; });
    Object.keys(seats).map(Number).sort(function (a, b) { return a - b; }).forEach(function (seat) {
      var group = el("div", "seat");
      var mine = table.places.filter(function (p) { return seatOf(p[0]) === seat; });
      mine.forEach(function (p) { drawPlace(group, p); });
      if (!mine.length) { var row = el("div", "place"); row.appendChild(el("span", "name", "seat " + seat));
        row.appendChild(el("span", "notes", "no cards")); group.appendChild(row); }
      table.wagers.filter(function (w) { return w[0] === seat; }).forEach(function (w) {
        var done = rows.filter(function (r) { return r.seat === w[0] && r.hand === w[1] && r.wager === w[2]; });
        var words = w[2] + (split[seat] > 1 || w[1] ? " (" + hand(w[1]) + ")" : "") + " " + w[3] +
          (done.length ? " \u2192 " + done.map(function (r) { return r.outcome + " " + money(r.net) + " (" + r.cite + ")"; })
            .join("; ") : " at risk");
        group.appendChild(el("div", "wager" + (fresh[w[0] + "/" + w[1] + "/" + w[2]] ? " new" : ""), words));
      });
      box.appendChild(group);
    });
  }
  function drawPlace(parent, p) {
    var row = el("div", "place");
    row.appendChild(el("span", "name", p[0]));
    p[1].forEach(function (c) { row.appendChild(card(c)); });
    parent.appendChild(row);
  }
  function words(trigger) { var p = trigger.split("="); return p[0].replace(/_/g, " ") + (p[1] ? ": " + p[1] : ""); }
  function whoActed(s) {
    if (s.by !== "player") { return (s.by === "dealer" ? "Dealer" : "Logged") + ": " + words(s.trigger); }
    var who = "seat " + s.seat + (s.hand ? " " + hand(s.hand) : "");
    return "Player, " + who + ", said \u201c" + (s.word || s.trigger) + "\u201d: " + words(s.trigger);
  }
  function drawStep() {
    var s = steps[at], box = document.getElementById("step");
    box.textContent = "";
    document.getElementById("counter").textContent = "step " + (at + 1) + " of " + steps.length;
    box.appendChild(el("h2", "who", (at + 1) + ". " + whoActed(s)));
    box.appendChild(el("div", null, "State reached: " + s.label));
    var found = lastTable(at), split = found ? splitSeats(found.table) : {};
    (s.changes || []).forEach(function (c) {
      var what = c[2] + " of seat " + c[0] + (c[1] || split[c[0]] > 1 ? " " + hand(c[1]) : "");
      box.appendChild(el("div", "change", c[3] === null ? "Wager placed: " + what + ", " + c[4]
                                                          : "Wager raised: " + what + ", " + c[3] + " \u2192 " + c[4]));
    });
    s.cites.forEach(function (c) {
      var line = el("div", "cite"); line.appendChild(el("b", null, c[0]));
      line.appendChild(document.createTextNode(c[1] ? ": " + c[1] : "")); box.appendChild(line);
    });
    (s.notes || []).forEach(function (n) { box.appendChild(el("div", "notes", n)); });
    s.departures.concat(at === steps.length - 1 ? data.log_departures : []).forEach(function (d) {
      box.appendChild(el("div", "departure", "Departure found by replay: " + d));
    });
    if (s.transition === null) {
      box.appendChild(el("div", "departure", "The machine does not fire this step here: no arrow of the diagram matches it."));
    }
    drawTable(at);
    highlight(s);
  }
  function highlight(s) {
    Array.prototype.forEach.call(document.querySelectorAll(".at, .fired"), function (e) { e.classList.remove("at", "fired"); });
    Array.prototype.forEach.call(document.querySelectorAll(".phase"), function (p) { p.hidden = true; });
    var phase = document.getElementById("phase-" + s.phase);
    if (!phase) { return; }
    phase.hidden = false;
    var info = data.phases[s.phase];
    document.getElementById("phase-title").textContent = info ? "Phase " + (s.phase + 1) + " of " +
      data.phases.length + ": " + info.label : "";
    var state = document.getElementById("p" + s.phase + "-state-" + s.dest);
    if (state) { state.classList.add("at"); }
    if (s.transition !== null) {
      var arrow = document.getElementById("p" + s.phase + "-" + (s.self_loop ? "a_t" : "t") + s.transition);
      if (arrow) { arrow.classList.add("fired"); arrow.setAttribute("data-fired", "true"); }
      reveal(arrow || state);
    }
  }
  function reveal(node) {  // scroll the diagram's own box (never the page) to show the step that fired
    if (!node) { return; }
    var pane = document.getElementById("diagram"), r = node.getBoundingClientRect(), b = pane.getBoundingClientRect();
    if (r.top < b.top || r.bottom > b.bottom) { pane.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2); }
    if (r.left < b.left || r.right > b.right) { pane.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2); }
  }
  function go(i, fromAddress) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    if (!fromAddress) { history.replaceState(null, "", "#step=" + (at + 1)); }
    drawStep();
  }
  function fromHash() { var m = /^#step=(\d+)$/.exec(location.hash); return m ? Number(m[1]) - 1 : null; }
  document.getElementById("first").addEventListener("click", function () { go(0); });
  document.getElementById("back").addEventListener("click", function () { go(at - 1); });
  document.getElementById("forward").addEventListener("click", function () { go(at + 1); });
  document.getElementById("last").addEventListener("click", function () { go(steps.length - 1); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight") { go(at + 1); } else if (e.key === "ArrowLeft") { go(at - 1); }
    else if (e.key === "Home") { go(0); } else if (e.key === "End") { go(steps.length - 1); } else { return; }
    e.preventDefault();
  });
  window.addEventListener("hashchange", function () { var n = fromHash(); if (n !== null) { go(n, true); } });
  window.walk = {go: go, at: function () { return at; }, steps: steps};
  var start = fromHash();
  go(start === null ? 0 : start, start === null);
})();
"""
