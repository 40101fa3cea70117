// checkfence report page: draws the value-flow arrows (store -> the loads
// that read it) and links hovering between accesses, their source stores,
// the memory-order lanes and the arrows. The page is complete without it.
(function () {
  "use strict";
  var NS = "http://www.w3.org/2000/svg";
  var wrap = document.querySelector(".exec-grid");
  var svg = wrap && wrap.querySelector("svg.flows");
  var pinned = null;
  var current = null; // the highlighted access, kept across redraws

  function ev(id) { return document.getElementById("e" + id); }
  function all(sel) { return Array.prototype.slice.call(document.querySelectorAll(sel)); }
  function color(el) {
    var c = getComputedStyle(el).getPropertyValue("--tc").trim();
    return c || "#888";
  }

  function marker(defs, made, c) {
    var id = "ah" + Object.keys(made).length;
    if (made[c]) { return made[c]; }
    var m = document.createElementNS(NS, "marker");
    m.setAttribute("id", id);
    m.setAttribute("viewBox", "0 0 10 10");
    m.setAttribute("refX", "9");
    m.setAttribute("refY", "5");
    m.setAttribute("markerUnits", "userSpaceOnUse");
    m.setAttribute("markerWidth", "10");
    m.setAttribute("markerHeight", "10");
    m.setAttribute("orient", "auto");
    var p = document.createElementNS(NS, "path");
    p.setAttribute("d", "M0,0 L10,5 L0,10 z");
    p.setAttribute("fill", c);
    m.appendChild(p);
    defs.appendChild(m);
    made[c] = "url(#" + id + ")";
    return made[c];
  }

  // draw one arrow per load that read a store shown on the page
  function draw() {
    if (!svg) { return; }
    while (svg.lastChild) { svg.removeChild(svg.lastChild); }
    var box = wrap.getBoundingClientRect();
    svg.setAttribute("width", wrap.scrollWidth);
    svg.setAttribute("height", wrap.scrollHeight);
    var defs = document.createElementNS(NS, "defs");
    svg.appendChild(defs);
    var made = {};
    var lane = 0;
    all(".exec-grid .ev[data-src]").forEach(function (ld) {
      var from = ld.getAttribute("data-src");
      var st = ev(from);
      if (!st) { return; }
      var a = st.getBoundingClientRect(), b = ld.getBoundingClientRect();
      var ay = a.top - box.top + 13, by = b.top - box.top + 13;
      var ax, bx, d;
      if (st.closest(".thread") === ld.closest(".thread")) {
        ax = a.right - box.left - 6; bx = b.right - box.left - 6;
        var bulge = 26 + Math.min(50, Math.abs(by - ay) / 5);
        d = "M" + ax + "," + ay + " C" + (ax + bulge) + "," + ay + " " + (bx + bulge) + "," + by + " " + bx + "," + by;
      } else {
        var sc = st.closest(".thread"), lc = ld.closest(".thread");
        var right = a.left < b.left;
        ax = (right ? a.right : a.left) - box.left;
        bx = (right ? b.left - 5 : b.right + 5) - box.left;
        var dir = right ? 1 : -1;
        var cols = all(".exec-grid > .thread");
        if (Math.abs(cols.indexOf(sc) - cols.indexOf(lc)) === 1) {
          var mx = (ax + bx) / 2;
          d = "M" + ax + "," + ay + " C" + mx + "," + ay + " " + mx + "," + by + " " + bx + "," + by;
        } else {
          // columns in between: run through the gaps and over the top of
          // the columns rather than across their accesses
          var sr = sc.getBoundingClientRect(), lr = lc.getBoundingClientRect();
          var gap = 0.5 * (parseFloat(getComputedStyle(wrap).columnGap) || 60);
          var g1 = (right ? sr.right + gap : sr.left - gap) - box.left;
          var g2 = (right ? lr.left - gap : lr.right + gap) - box.left;
          var top = 5 + 4 * (lane++ % 3), r = 8;
          d = "M" + ax + "," + ay + " L" + (g1 - dir * r) + "," + ay +
            " Q" + g1 + "," + ay + " " + g1 + "," + (ay - r) +
            " L" + g1 + "," + (top + r) + " Q" + g1 + "," + top + " " + (g1 + dir * r) + "," + top +
            " L" + (g2 - dir * r) + "," + top + " Q" + g2 + "," + top + " " + g2 + "," + (top + r) +
            " L" + g2 + "," + (by - r) + " Q" + g2 + "," + by + " " + (g2 + dir * r) + "," + by +
            " L" + bx + "," + by;
        }
      }
      var c = color(st);
      var p = document.createElementNS(NS, "path");
      p.setAttribute("d", d);
      p.setAttribute("class", st.closest(".thread.tcx") ? "flow from-init" : "flow");
      p.setAttribute("stroke", c);
      p.setAttribute("marker-end", marker(defs, made, c));
      p.setAttribute("data-from", from);
      p.setAttribute("data-to", ld.getAttribute("data-ev"));
      svg.appendChild(p);
    });
    if (current !== null) { highlight(current); }
  }

  // the accesses related to id: itself, the store it read, the loads that
  // read it
  function related(id) {
    var out = [id];
    var e = ev(id);
    if (e && e.getAttribute("data-src")) { out.push(e.getAttribute("data-src")); }
    all('.exec-grid .ev[data-src="' + id + '"]').forEach(function (l) { out.push(l.getAttribute("data-ev")); });
    return out;
  }

  function clear() {
    document.body.classList.remove("hovering");
    all(".hl, .focus").forEach(function (el) { el.classList.remove("hl"); el.classList.remove("focus"); });
  }

  function highlight(id) {
    clear();
    current = id;
    if (id === null) { return; }
    document.body.classList.add("hovering");
    related(id).forEach(function (r, i) {
      all('[data-ev="' + r + '"]').forEach(function (el) { el.classList.add(i === 0 ? "focus" : "hl"); });
    });
    all("svg.flows path.flow").forEach(function (p) {
      if (p.getAttribute("data-from") === id || p.getAttribute("data-to") === id) { p.classList.add("hl"); }
    });
  }

  document.addEventListener("mouseover", function (e) {
    if (pinned !== null) { return; }
    var t = e.target.closest && e.target.closest("[data-ev]");
    highlight(t ? t.getAttribute("data-ev") : null);
  });
  document.addEventListener("focusin", function (e) {
    var t = e.target.closest && e.target.closest("[data-ev]");
    if (t && pinned === null) { highlight(t.getAttribute("data-ev")); }
  });
  document.addEventListener("click", function (e) {
    var link = e.target.closest && e.target.closest("a[href^='#']");
    if (link) {
      var target = document.getElementById(link.getAttribute("href").slice(1));
      var det = target && target.closest("details");
      if (det) { det.open = true; }
      return;
    }
    var t = e.target.closest && e.target.closest("[data-ev]");
    all(".pinned").forEach(function (el) { el.classList.remove("pinned"); });
    if (!t || pinned === t.getAttribute("data-ev")) {
      pinned = null;
      highlight(t ? t.getAttribute("data-ev") : null);
      return;
    }
    pinned = t.getAttribute("data-ev");
    highlight(pinned);
    all('[data-ev="' + pinned + '"]').forEach(function (el) { el.classList.add("pinned"); });
    if (t.classList.contains("chip") && ev(pinned)) {
      ev(pinned).scrollIntoView({ block: "center", behavior: "smooth" });
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape") {
      pinned = null;
      all(".pinned").forEach(function (el) { el.classList.remove("pinned"); });
      clear();
    }
  });

  var queued = false;
  function redraw() {
    if (queued) { return; }
    queued = true;
    requestAnimationFrame(function () { queued = false; draw(); });
  }
  window.addEventListener("resize", redraw);
  window.addEventListener("load", draw);
  if (document.fonts && document.fonts.ready) { document.fonts.ready.then(draw); }
  all("details").forEach(function (d) { d.addEventListener("toggle", redraw); });
  draw();
})();
