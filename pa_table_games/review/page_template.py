"""The review page's HTML and CSS, inline: the page needs no server and no network.

Placeholders are ``{{name}}``, filled by :mod:`pa_table_games.review.page` with escaped text;
the page's vanilla JavaScript is in :mod:`pa_table_games.review.page_script`.

On a screen the page is one window tall: the diagram pane (fitted to its size on open, zoomed
and panned by the officer) beside the subsection table, or above it in a narrow window; the
details box and the table scroll separately, so the details never cover a highlighted row.
Printed, it is the header, the diagram in parts at a scale that keeps its smallest text at 6 pt,
then the whole subsection table, the waivers and the readings, each page numbered.
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{short}} — compliance review</title>
<style>
html, body { height: 100%; }
body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1b1b1b; display: flex; flex-direction: column; }
header { flex: 0 0 auto; padding: 6px 14px; border-bottom: 1px solid #ccc; background: #f6f6f4; }
header h1 { font-size: 18px; margin: 0; display: inline; }
header p { margin: 1px 0; }
header .title { display: inline; margin-left: 8px; }
.caveat { color: #8a4b00; font-weight: 600; }
.summary { font-weight: 600; }
main { flex: 1 1 auto; min-height: 0; display: flex; gap: 10px; padding: 8px 10px; }
#diagram-pane { flex: 1 1 58%; min-width: 0; display: flex; flex-direction: column; border: 1px solid #ddd; }
.toolbar { flex: 0 0 auto; display: flex; gap: 4px; align-items: center; padding: 3px 6px;
  background: #f6f6f4; border-bottom: 1px solid #ddd; font-size: 13px; }
.toolbar button { font: inherit; min-width: 32px; padding: 1px 8px; cursor: pointer; }
.toolbar .hint { margin-left: 8px; }
#diagram { flex: 1 1 auto; min-height: 0; overflow: auto; cursor: grab; background: #fff; }
#diagram.dragging { cursor: grabbing; user-select: none; }
#diagram svg { display: block; margin: 0 auto; }
aside { flex: 1 1 42%; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
#details { flex: 0 0 auto; background: #fffbe6; border: 1px solid #e5d38a; padding: 6px 10px;
  min-height: 48px; max-height: 38%; overflow: auto; }
#listing { flex: 1 1 auto; min-height: 0; overflow: auto; }
#details li.go { cursor: pointer; text-decoration: underline dotted; }
#details h2 { font-size: 15px; margin: 0 0 4px; }
#details h3 { font-size: 13px; margin: 6px 0 0; }
#details ul { margin: 4px 0; padding-left: 18px; }
.hint { color: #666; margin: 0; }
.cite { font-weight: 600; overflow-wrap: anywhere; }
.meaning { color: #333; }
code { font-size: 12px; background: #eee; padding: 0 3px; border-radius: 3px; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th, td { border-bottom: 1px solid #e2e2e2; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; position: sticky; top: 0; }
#subsections th:nth-child(1) { width: 22%; }
#subsections th:nth-child(2) { width: 40%; }
#subsections tbody tr { cursor: pointer; }
#subsections tbody tr:hover { background: #f4f8ff; }
tr.waived td { color: #777; }
tr.unmapped td { color: #b00020; font-weight: 600; }
tr.reference td:first-child { font-style: italic; }
tr.hl, tr.hl:hover { background: #fde7f0; }
h2.part { font-size: 16px; margin: 14px 0 4px; }
dl.reading { margin: 4px 0 10px; }
dl.reading dt { font-weight: 600; }
dl.reading dd { margin: 0 0 4px 16px; }
svg g.node, svg g.edge, svg g[id^="a_t"] { cursor: pointer; }
svg g.node > path, svg g.node > polygon { pointer-events: all; }
svg .hl > path, svg .hl > polygon, svg .hl > ellipse { stroke: #c2185b; stroke-width: 3px; }
svg .hl text { fill: #c2185b; font-weight: bold; }
:focus-visible { outline: 2px solid #1565c0; }
#print-diagram { display: none; }
@media (max-width: 900px) {
  body { display: block; height: auto; }
  main { display: block; }
  #diagram-pane { height: 62vh; margin-bottom: 10px; }
  #details { max-height: 30vh; }
  #listing { overflow: visible; }
}
@page { size: auto; margin: 14mm 12mm 16mm;
  @bottom-center { content: "{{short}} \\2014  page " counter(page) " of " counter(pages); font: 9pt sans-serif; } }
@media print {
  html, body { height: auto; display: block; font-size: 10pt; }
  header { background: none; border: 0; padding: 0; }
  .toolbar, #diagram-pane, #details, .screen-only { display: none !important; }
  main, aside { display: block; padding: 0; }
  #listing { overflow: visible; }
  th { position: static; }
  tr, dl.reading { break-inside: avoid; }
  thead { display: table-header-group; }
  #print-diagram { display: block; }
  figure.tile { break-before: page; break-inside: avoid; margin: 0; }
  figure.tile svg { display: block; }
  figure.tile figcaption { font-size: 9pt; color: #444; margin-top: 4px; }
  #listing { break-before: page; }
}
</style>
</head>
<body>
<header>
<h1>{{section}}</h1><p class="title">{{title}}</p>
{{caveat}}
<p class="summary" id="summary">{{summary}}</p>
<p class="screen-only"><a href="index.html">All machines</a> · machine file <code>{{machine}}</code> ·
generated by <code>pa-table-games review</code> · the diagram's legend is at its top</p>
</header>
<main>
<section id="diagram-pane" aria-label="state diagram">
<div class="toolbar" role="toolbar" aria-label="zoom">
<button type="button" id="zoom-out" title="Zoom out (-)">&#8722;</button>
<button type="button" id="zoom-in" title="Zoom in (+)">+</button>
<button type="button" id="zoom-fit" title="Fit the whole diagram in the pane (0)">Fit</button>
<button type="button" id="zoom-width" title="Fit the width of the diagram, read it downwards (w)">Width</button>
<button type="button" id="zoom-one" title="Actual size (1)">1:1</button>
<span id="zoom-level" aria-live="polite"></span>
<span class="hint">drag to pan · wheel or + / &#8722; / 0 / w to zoom</span>
</div>
<div id="diagram">
{{svg}}
</div>
</section>
<section id="print-diagram" aria-hidden="true">
<p>{{print_note}}</p>
{{tiles}}
</section>
<aside>
<div id="details" aria-live="polite"><p class="hint">Click a state, a row or an arrow to see its citation, its
conditions and their meaning; click a subsection to highlight the states and arrows that encode it.</p></div>
<div id="listing">
<table id="subsections">
<thead><tr><th>Subsection</th><th>Paraphrase</th><th>Encoded by</th></tr></thead>
<tbody>
{{rows}}
</tbody>
</table>
{{waivers}}
{{readings}}
</div>
</aside>
</main>
<script type="application/json" id="machine-data">{{data}}</script>
<script>
{{script}}
</script>
</body>
</html>
"""

INDEX = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>pa-table-games — compliance review</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; margin: 24px; color: #1b1b1b; max-width: 900px; }
td, th { padding: 4px 10px; text-align: left; border-bottom: 1px solid #e2e2e2; }
.caveat { color: #8a4b00; }
</style>
</head>
<body>
<h1>Compliance review</h1>
<p>Each Pennsylvania table-game section below is written down once as a state machine. Its review page
shows the diagram, in the regulation's words, beside the section's subsections: click a state or an arrow
for its citation and its conditions; click a subsection to highlight what encodes it. The pages are static
files, generated by <code>pa-table-games review</code> (or <code>make diagrams</code>) from <code>machines/</code>,
and print whole (diagram in parts, then the subsection table, waivers and readings).</p>
<p>To follow a round the way the section tells it, start from a game's <em>overview</em>: the phases of a
round (shuffle, burn, deal, side-wager settlement, peek, decisions, dealer draw, settlement, discard) on one
page; click a phase, or pick it below, for the diagram of that phase alone. The <em>dossier</em> is the PDF
to print.</p>
<table>
<thead><tr><th>Section</th><th>Game</th><th>Read it</th><th>Traceability</th></tr></thead>
<tbody>
{{rows}}
</tbody>
</table>
</body>
</html>
"""
