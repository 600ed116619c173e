"""The review page's vanilla JavaScript, inline (no framework, no network; the page's policy allows this
script alone, by its SHA-256).

Three parts: the drawings (the overview, each phase, the full diagram: one shown at a time, chosen by the
tabs, a click on a phase of the overview or a note naming a neighbouring phase, or ``#view=<id>`` in the
address); the pane's view of the drawing shown (opened at the largest size up to 1:1 that shows it whole,
never smaller than its smallest text at 9 CSS pixels; zoom by buttons, wheel and keys + / - / 0 (fit whole)
/ 1 (1:1) / w (fit the width), pan by dragging); and the links between drawings, details and table (click a
state, a row or an arrow; click a subsection). Every text it writes goes through ``textContent``.
"""

SCRIPT = r"""(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("machine-data").textContent);
  var details = document.getElementById("details");
  var listing = document.getElementById("listing");
  var pane = document.getElementById("diagram");
  var MIN_TEXT_PX = 9, MAX = 4, PAD = 8;
  var view = null, svg = null, natW = 0, natH = 0, scale = 1, fitted = true;

  // -- the drawings: one shown at a time ------------------------------------------------------
  function viewOf(id) { return data.views.filter(function (v) { return v.id === id; })[0]; }
  function show(id, keepHash) {
    var next = viewOf(id) || data.views[0];
    data.views.forEach(function (v) {
      document.getElementById("view-" + v.id).hidden = v !== next;
      document.getElementById("tab-" + v.id).setAttribute("aria-selected", String(v === next));
    });
    view = next;
    svg = document.querySelector("#view-" + next.id + " svg");
    var box = svg.viewBox.baseVal;
    natW = box.width * 4 / 3;
    natH = box.height * 4 / 3;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    if (!keepHash) { history.replaceState(null, "", "#view=" + encodeURIComponent(next.id)); }
    open_();
  }
  function fromHash() {
    var m = /^#view=(.+)$/.exec(location.hash);
    return m ? decodeURIComponent(m[1]) : null;
  }

  // -- the pane's view: scale 1 is the drawing's own size (1 pt = 4/3 px) ---------------------
  function fitScale() { return Math.min((pane.clientWidth - PAD) / natW, (pane.clientHeight - PAD) / natH, 1); }
  function readableScale() { return MIN_TEXT_PX * 1.005 / (view.smallest * 4 / 3); }  // a hair over: pixels round
  function zoomTo(next, x, y) {  // x, y: the point of the pane (client px) that stays put
    var r = pane.getBoundingClientRect();
    if (x === undefined) { x = r.left + pane.clientWidth / 2; y = r.top + pane.clientHeight / 2; }
    var s = svg.getBoundingClientRect();
    var fx = s.width ? (x - s.left) / s.width : 0.5, fy = s.height ? (y - s.top) / s.height : 0.5;
    scale = Math.max(Math.min(next, MAX), Math.min(fitScale(), 0.05));
    svg.style.width = (natW * scale) + "px";
    svg.style.height = (natH * scale) + "px";
    s = svg.getBoundingClientRect();
    pane.scrollLeft += (s.left + fx * s.width) - x;
    pane.scrollTop += (s.top + fy * s.height) - y;
    document.getElementById("zoom-level").textContent = Math.round(scale * 100) + "%";
  }
  function measured(scaleOf) {  // measured with the drawing shrunk, so the pane's scroll bars are gone
    svg.style.width = svg.style.height = "0px";
    zoomTo(scaleOf());
    pane.scrollLeft = 0;
    pane.scrollTop = 0;
  }
  function open_() { fitted = true; measured(function () { return Math.max(fitScale(), Math.min(readableScale(), 1)); }); }
  function fit() { fitted = false; measured(fitScale); }
  function fitWidth() {  // as wide as the pane, scrolled to its top: a tall drawing read downwards
    fitted = false;
    measured(function () { return Math.min((pane.clientWidth - PAD - 18) / natW, MAX); });
  }
  function zoomBy(factor, x, y) { fitted = false; zoomTo(scale * factor, x, y); }
  window.addEventListener("resize", function () { if (fitted) { open_(); } });
  document.getElementById("zoom-in").addEventListener("click", function () { zoomBy(1.25); });
  document.getElementById("zoom-out").addEventListener("click", function () { zoomBy(0.8); });
  document.getElementById("zoom-fit").addEventListener("click", fit);
  document.getElementById("zoom-one").addEventListener("click", function () { fitted = false; zoomTo(1); });
  document.getElementById("zoom-width").addEventListener("click", fitWidth);
  pane.addEventListener("wheel", function (event) {
    event.preventDefault();
    var step = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    zoomBy(Math.exp(-step * 0.002), event.clientX, event.clientY);
  }, { passive: false });
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === "+" || event.key === "=") { zoomBy(1.25); }
    else if (event.key === "-" || event.key === "_") { zoomBy(0.8); }
    else if (event.key === "0") { fit(); }
    else if (event.key === "1") { fitted = false; zoomTo(1); }
    else if (event.key === "w") { fitWidth(); }
    else { return; }
    event.preventDefault();
  });
  var drag = null, dragged = false;
  pane.addEventListener("pointerdown", function (event) {
    if (event.button !== 0) { return; }
    drag = { x: event.clientX, y: event.clientY, left: pane.scrollLeft, top: pane.scrollTop };
    dragged = false;
  });
  window.addEventListener("pointermove", function (event) {
    if (!drag) { return; }
    var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
    if (!dragged && Math.abs(dx) + Math.abs(dy) < 5) { return; }
    dragged = true;
    pane.classList.add("dragging");
    pane.scrollLeft = drag.left - dx;
    pane.scrollTop = drag.top - dy;
  });
  window.addEventListener("pointerup", function () { drag = null; pane.classList.remove("dragging"); });

  // -- drawings <-> details <-> subsection table --------------------------------------------------
  function add(parent, tag, text, cls) {
    var node = document.createElement(tag);
    if (text) { node.textContent = text; }
    if (cls) { node.className = cls; }
    parent.appendChild(node);
    return node;
  }
  function clear() {
    Array.prototype.forEach.call(document.querySelectorAll(".hl"), function (n) { n.classList.remove("hl"); });
  }
  function nodesOf(key) {  // the element of ``key`` in every drawing that draws it
    var info = data.elements[key];
    if (!info || !info.svg) { return []; }
    return data.views.map(function (v) { return document.getElementById(v.prefix + info.svg); }).filter(Boolean);
  }
  function mark(key) {
    var nodes = nodesOf(key);
    nodes.forEach(function (n) { n.classList.add("hl"); });
    return nodes.filter(function (n) { return svg.contains(n); })[0] || null;
  }
  function reveal(node) {  // bring an element of the drawing shown into the pane without changing the zoom
    if (!node || !node.getBoundingClientRect) { return; }
    var r = node.getBoundingClientRect(), b = pane.getBoundingClientRect();
    pane.scrollLeft += (r.left + r.width / 2) - (b.left + b.width / 2);
    pane.scrollTop += (r.top + r.height / 2) - (b.top + b.height / 2);
  }
  function showRowInTable(row) {  // scroll the table's own box only: the details box sits above it
    var r = row.getBoundingClientRect(), b = listing.getBoundingClientRect();
    var head = listing.querySelector("thead").getBoundingClientRect().height;
    if (r.top < b.top + head || r.bottom > b.bottom) { listing.scrollTop += r.top - b.top - head - 8; }
  }
  function citeLine(list, key) {
    var li = add(list, "li");
    add(li, "span", data.cites[key] ? data.cites[key].cite : key, "cite");
    add(li, "span", data.cites[key] ? " " + data.cites[key].text : "", "meaning");
  }
  function entries(title, items) {
    if (!items.length) { return; }
    add(details, "h3", title);
    var list = add(details, "ul");
    items.forEach(function (e) {
      var li = add(list, "li");
      add(li, "span", (e.negated ? "unless " : "") + e.doc + " ", "meaning");
      add(li, "span", e.cites.join(", ") + " ", "cite");
      add(li, "code", (e.negated ? "not " : "") + e.name);
    });
  }
  function showElement(key) {
    var info = data.elements[key];
    if (!info) { return; }
    clear();
    mark(key);
    details.textContent = "";
    add(details, "h2", info.heading);
    add(details, "p", info.summary);
    add(details, "h3", "Citation");
    var list = add(details, "ul");
    list.id = "details-cites";
    info.cites.forEach(function (c) { citeLine(list, c); });
    entries("Conditions", info.guards || []);
    entries("Actions", info.actions || []);
    var first = null;
    Array.prototype.forEach.call(document.querySelectorAll("#subsections tbody tr"), function (row) {
      if (row.getAttribute("data-elements").split(" ").indexOf(key) >= 0) {
        row.classList.add("hl");
        first = first || row;
      }
    });
    if (first) { showRowInTable(first); }
  }
  function showRow(row) {
    clear();
    row.classList.add("hl");
    var keys = row.getAttribute("data-elements").split(" ").filter(Boolean);
    var shown = keys.map(mark).filter(Boolean);
    reveal(shown[0]);
    var key = row.getAttribute("data-key");
    details.textContent = "";
    add(details, "h2", data.cites[key].cite);
    add(details, "p", data.cites[key].text);
    if (row.getAttribute("data-waiver")) { add(details, "p", "Waived: " + row.getAttribute("data-waiver")); }
    var list = add(details, "ul");
    keys.forEach(function (k) {
      var li = add(list, "li", data.elements[k].heading + " — " + data.elements[k].where, "go");
      li.addEventListener("click", function () {
        if (!nodesOf(k).some(function (n) { return svg.contains(n); })) { show("full"); }
        showElement(k);
        reveal(mark(k));
      });
    });
    if (!keys.length) { add(list, "li", "no state or arrow of the diagram"); }
    showRowInTable(row);
  }

  data.views.forEach(function (v) {
    Object.keys(data.elements).forEach(function (key) {
      var node = data.elements[key].svg && document.getElementById(v.prefix + data.elements[key].svg);
      if (node) { node.setAttribute("tabindex", "0"); node.setAttribute("data-key", key); }
    });
    document.getElementById("tab-" + v.id).addEventListener("click", function () { show(v.id); });
  });
  function target(event) {  // the element clicked: its key, or the view a link (a phase, a note) leads to
    var node = event.target, root = event.currentTarget;
    while (node && node !== root) {
      if (node.getAttribute && node.getAttribute("data-key")) { return {key: node.getAttribute("data-key")}; }
      var link = node.getAttribute && (node.getAttribute("href") || node.getAttribute("xlink:href"));
      if (link && link.charAt(0) !== "#") {
        var file = decodeURIComponent(link);
        var to = data.views.filter(function (v) { return v.file === file; })[0];
        if (to) { return {view: to.id}; }
      }
      node = node.parentNode;
    }
    return null;
  }
  pane.addEventListener("click", function (event) {
    var hit = target(event);
    event.preventDefault();
    if (!hit || dragged) { return; }
    if (hit.view) { show(hit.view); } else { showElement(hit.key); }
  });
  pane.addEventListener("keydown", function (event) {
    var hit = target(event);
    if (!hit || (event.key !== "Enter" && event.key !== " ")) { return; }
    event.preventDefault();
    if (hit.view) { show(hit.view); } else { showElement(hit.key); }
  });
  Array.prototype.forEach.call(document.querySelectorAll("#subsections tbody tr"), function (row) {
    row.addEventListener("click", function () { showRow(row); });
    row.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); showRow(row); }
    });
  });
  window.addEventListener("hashchange", function () { var id = fromHash(); if (id && id !== view.id) { show(id, true); } });
  window.review = {show: show, view: function () { return view.id; }};
  show(fromHash() || data.views[0].id, !fromHash());
}());"""
