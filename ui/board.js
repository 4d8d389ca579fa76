// The board's viewport (issue 28): zoom and pan that feel native, labels at a readable
// size on the screen at every zoom, tap targets of at least 24 px, arrow keys between
// territories. Python draws the board's SVG when the game changes (ui/shell/render.py and
// each ruleset's renderer); this script only moves its viewBox and counter-scales its
// labels, so that a drag or a pinch never asks Python to draw anything.
// What it reads from the <svg> is written by ui/shell/board.py (see its docstring).
(() => {
  "use strict";
  const NAME_PX = 10.5; // a name's font size on the screen, CSS px
  const COUNT_PX = 12.5; // an army count's, a ship count's, a unit glyph's
  const HIT_PX = 13; // a tap disc's radius: 26 px across (WCAG 2.5.8 asks 24)
  const PHONE_PX = 700; // a board narrower than this opens framed on the player's land
  const MAX_ZOOM = 10; // the closest view: the whole board's scale times this
  const DRAG_PX = 6; // a pointer moving less than this is a tap, not a drag
  // An order's arrow on the screen (short crossings: St Petersburg to Helsinki, Siam to
  // Indonesia): at least this long tip to tail, its head this long, and this far from
  // the centres of its two places (outside their army badges, about 11 px in radius).
  const ARROW_MIN_PX = 52;
  const ARROW_HEAD_PX = 11;
  const ARROW_GAP_PX = 15;
  const ARROW_BEND = 0.16; // ui/shell/board.py ARROW_BEND
  const reduced = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

  let board = null; // #board
  let svg = null; // the <svg> shown
  let full = null; // its whole viewBox [x, y, w, h]
  let view = null; // {cx, cy, u}: the centre and map units per CSS px
  let frameFor = null; // whose framing the view is (a new viewer is framed anew)
  let home = null; // the player's view while the board follows an action
  let labels = []; // {el, tid, kind, ax, ay, box, transform}
  let hits = []; // {el, r, m}
  let arrows = []; // {el, a, b, lane, shaft, hit, head, count, u}: order arrows (data-a)
  let first = new Map(); // territory -> rank (ui/shell/board.py label_ranks)
  let spots = new Map(); // territory -> [x, y] centre, for the arrow keys
  let moves = new Map(); // territory -> its neighbour [up, right, down, left] (data-moves)
  let inset = null; // the Moon's inset (RPS): {el, box, folded}
  let insetOpen = false; // the player opened it while zoomed in
  let frameId = 0;
  let animation = 0;

  const numbers = (text) => (text || "").trim().split(/[\s,]+/).filter(Boolean).map(Number);

  function size() {
    const r = svg.getBoundingClientRect();
    return [Math.max(1, r.width), Math.max(1, r.height)];
  }

  function fitScale() {
    const [w, h] = size();
    return Math.max(full[2] / w, full[3] / h);
  }

  function fit(box) {
    const [w, h] = size();
    const u = Math.max(box[2] / w, box[3] / h);
    return clamp({ cx: box[0] + box[2] / 2, cy: box[1] + box[3] / 2, u });
  }

  function clamp(v) {
    const [w, h] = size();
    const most = fitScale();
    const u = Math.min(most, Math.max(most / MAX_ZOOM, v.u));
    const half = [(w * u) / 2, (h * u) / 2];
    const axis = (c, start, length, halfView) =>
      halfView * 2 >= length
        ? start + length / 2
        : Math.min(start + length - halfView, Math.max(start + halfView, c));
    return { cx: axis(v.cx, full[0], full[2], half[0]), cy: axis(v.cy, full[1], full[3], half[1]), u };
  }

  function viewBoxOf(v) {
    const [w, h] = size();
    return [v.cx - (w * v.u) / 2, v.cy - (h * v.u) / 2, w * v.u, h * v.u];
  }

  function setView(v, animate = false) {
    if (!svg) return;
    const target = clamp(v);
    cancelAnimationFrame(animation);
    if (!animate || reduced() || !view) {
      view = target;
      schedule();
      return;
    }
    const from = view;
    const started = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - started) / 260);
      const e = 1 - (1 - t) ** 3;
      view = {
        cx: from.cx + (target.cx - from.cx) * e,
        cy: from.cy + (target.cy - from.cy) * e,
        u: from.u * (target.u / from.u) ** e,
      };
      draw();
      if (t < 1) animation = requestAnimationFrame(step);
    };
    animation = requestAnimationFrame(step);
  }

  function schedule() {
    if (frameId) return;
    frameId = requestAnimationFrame(() => {
      frameId = 0;
      draw();
    });
  }

  let drawMs = 0; // the last frame's cost (bench/map_page.py reads it)

  function draw() {
    if (!svg || !view) return;
    const started = performance.now();
    // Every read of the layout before the first write: one layout a frame, not three.
    const [w, h] = size();
    const most = fitScale();
    const box = viewBoxOf(view);
    svg.setAttribute("viewBox", box.map((n) => n.toFixed(2)).join(" "));
    const u = view.u;
    for (const hit of hits) {
      const r = Math.max(hit.r, (HIT_PX * u) / hit.m);
      if (r !== hit.shown) {
        hit.el.setAttribute("r", r.toFixed(2));
        hit.shown = r;
      }
    }
    // The Moon's inset folds to its title while the view is zoomed in elsewhere, so that
    // it does not cover the ocean being looked at; its title (or the fold) opens it.
    const zoomed = u < most * 0.98;
    if (inset) {
      const b = inset.box;
      const over = view.cx >= b[0] && view.cx <= b[0] + b[2] && view.cy >= b[1] && view.cy <= b[1] + b[3];
      const folded = zoomed && !insetOpen && !over;
      if (folded !== inset.folded) {
        inset.el.classList.toggle("folded", folded);
        inset.folded = folded;
      }
    }
    const underFold = (label) =>
      inset && inset.folded && label.ax >= inset.box[0] && label.ax <= inset.box[0] + inset.box[2] && label.ay >= inset.box[1] && label.ay <= inset.box[1] + inset.box[3];
    for (const arrow of arrows) if (arrow.u !== u) shapeArrow(arrow, u);
    // Labels: each grows round its territory's point to its size on the screen; those
    // that would cover a label placed before them (best first) are hidden.
    const placed = [];
    for (const label of labels) {
      const k = (label.px * u) / label.font;
      let transform = `translate(${label.lx} ${label.ly}) scale(${k.toFixed(4)}) translate(${-label.lx} ${-label.ly})`;
      const sx = (label.ax - box[0]) / u;
      const sy = (label.ay - box[1]) / u;
      const f = label.px / label.font;
      const rect = [sx + label.box[0] * f, sy + label.box[1] * f, sx + label.box[2] * f, sy + label.box[3] * f];
      if (label.callout && rect[2] > 0 && rect[0] < w && rect[3] > 0 && rect[1] < h) {
        // A callout at the edge of the view slides inside it (its territory is in view).
        const dx = rect[0] < 4 ? 4 - rect[0] : rect[2] > w - 4 ? Math.max(4 - rect[0], w - 4 - rect[2]) : 0;
        const dy = rect[1] < 4 ? 4 - rect[1] : 0;
        if (dx || dy) {
          transform = `translate(${(dx * u).toFixed(2)} ${(dy * u).toFixed(2)}) ${transform}`;
          rect[0] += dx;
          rect[2] += dx;
          rect[1] += dy;
          rect[3] += dy;
        }
      }
      let hidden = rect[2] < 0 || rect[0] > w || rect[3] < 0 || rect[1] > h || underFold(label);
      if (label.pinned) {
        if (!hidden) placed.push({ tid: label.tid, rect });
        hidden = false;
      } else if (!hidden) {
        hidden = placed.some(
          (p) => p.tid !== label.tid && p.rect[0] < rect[2] && rect[0] < p.rect[2] && p.rect[1] < rect[3] && rect[1] < p.rect[3]
        );
        if (!hidden) placed.push({ tid: label.tid, rect });
      }
      if (transform !== label.transform) {
        label.el.setAttribute("transform", label.base ? `${transform} ${label.base}` : transform);
        label.transform = transform;
      }
      if (hidden !== label.hidden) {
        label.el.classList.toggle("label-hidden", hidden);
        label.hidden = hidden;
      }
    }
    document.querySelectorAll('[data-board="zoom-in"]').forEach((b) => b.setAttribute("aria-pressed", String(zoomed)));
    document.querySelectorAll('[data-board="fit"]').forEach((b) => b.setAttribute("aria-pressed", String(!zoomed)));
    board.dataset.zoom = (most / u).toFixed(2);
    drawMs = performance.now() - started;
  }

  function shapeArrow(arrow, u) {
    // The arrow from a to b in map units for a view of u map units per CSS px: a curve
    // bowing to the left of its way (as ui/shell/board.py draws it), its ends ARROW_GAP_PX
    // from the places' centres. When the places are too close on the screen for an arrow
    // ARROW_MIN_PX long (and its count between tail and head), its ends rise beside the
    // badges and it bows further: a hop over the border rather than a dot under a badge.
    arrow.u = u;
    const [ax, ay] = arrow.a;
    const [bx, by] = arrow.b;
    const d = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / d;
    const uy = (by - ay) / d;
    const nx = uy; // the left of the way it goes (SVG's y grows downwards)
    const ny = -ux;
    const gap = ARROW_GAP_PX * u;
    const head = ARROW_HEAD_PX * u;
    const countPx = arrow.count ? ((arrow.count.box[2] - arrow.count.box[0]) * arrow.count.px) / arrow.count.font : 0;
    const least = Math.max(ARROW_MIN_PX, countPx + 2 * ARROW_HEAD_PX + 20) * u;
    const short = Math.min(1, Math.max(0, (least - (d - 2 * gap)) / least)); // 0: room enough
    const lift = short * 1.2; // radians: how far the ends turn towards the left
    const [c, s] = [Math.cos(lift), Math.sin(lift)];
    const sx = ax + gap * (c * ux + s * nx);
    const sy = ay + gap * (c * uy + s * ny);
    const ex = bx + gap * (-c * ux + s * nx);
    const ey = by + gap * (-c * uy + s * ny);
    const chord = Math.hypot(ex - sx, ey - sy);
    // A quadratic whose control point is h off its chord is about sqrt(chord² + 4h²/3) long.
    const needed = chord < least ? Math.sqrt(((least * least - chord * chord) * 3) / 4) : 0;
    const bow = Math.max(d * ARROW_BEND * (1 + 0.6 * arrow.lane), needed * (1 + 0.3 * arrow.lane));
    const cx = (sx + ex) / 2 + nx * bow;
    const cy = (sy + ey) / 2 + ny * bow;
    let tx = ex - cx;
    let ty = ey - cy;
    const tl = Math.hypot(tx, ty) || 1;
    tx /= tl;
    ty /= tl;
    const size = Math.min(head, tl / 2);
    const px = ex - tx * size;
    const py = ey - ty * size;
    const f = (n) => n.toFixed(2);
    const curve = `M${f(sx)},${f(sy)} Q${f(cx)},${f(cy)} `;
    arrow.shaft.setAttribute("d", `${curve}${f(px)},${f(py)}`);
    if (arrow.hit) arrow.hit.setAttribute("d", `${curve}${f(ex)},${f(ey)}`);
    const w = size * 0.55;
    arrow.head.setAttribute("points", `${f(ex)},${f(ey)} ${f(px + ty * w)},${f(py - tx * w)} ${f(px - ty * w)},${f(py + tx * w)}`);
    if (arrow.count) {
      // The count sits on the middle of the curve (its label grows round that point).
      const mx = 0.25 * sx + 0.5 * cx + 0.25 * px;
      const my = 0.25 * sy + 0.5 * cy + 0.25 * py;
      const label = arrow.count;
      const [dx, dy] = [mx - label.lx, my - label.ly];
      if (dx || dy) {
        label.base = `translate(${f(mx - label.x0)} ${f(my - label.y0)})`;
        label.lx = mx;
        label.ly = my;
        label.ax = mx;
        label.ay = my;
        label.transform = null;
      }
    }
  }

  // ------------------------------------------------------------ a new drawing

  function fontOf(el) {
    const text = el.matches("text") ? el : el.querySelector("text.count, text.ships, text");
    return text ? parseFloat(text.getAttribute("font-size")) || 8 : 8;
  }

  let adoptedAt = null; // when a drawing was last taken in (performance.now())

  function adopt(next) {
    adoptedAt = performance.now();
    const previous = svg;
    svg = next;
    const drawn = numbers(svg.getAttribute("viewBox"));
    const sameMap = full && previous && drawn.join() === full.join() && svg.classList.value === previous.classList.value;
    full = drawn;
    svg.style.setProperty("--aspect", `${full[2]} / ${full[3]}`);
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    const moonFrame = svg.querySelector(".moon-inset > .moon-frame");
    inset = moonFrame
      ? { el: moonFrame.parentNode, box: ["x", "y", "width", "height"].map((a) => parseFloat(moonFrame.getAttribute(a)) || 0), folded: false }
      : null;
    if (inset && !sameMap) insetOpen = false;
    first = new Map();
    (svg.dataset.first || "").split(" ").filter(Boolean).forEach((t, i) => first.set(t, i));
    measure();
    const who = svg.dataset.frameFor ?? "";
    const [w] = size();
    if (!sameMap || !view || who !== frameFor) {
      frameFor = who;
      home = null;
      const frame = numbers(svg.dataset.frame);
      view = w < PHONE_PX && frame.length === 4 ? fit(frame) : fit(full);
      placeInView(false); // the guide's step, if any, stays in view
    }
    const focus = numbers(svg.dataset.focus);
    if (focus.length === 4) follow(focus);
    else if (home) {
      const back = home;
      home = null;
      setView(back, true);
    }
    draw();
  }

  function follow(box) {
    // The action (a computer's attack) is shown where it happens; the player's own view
    // comes back when it is over.
    const shown = viewBoxOf(view);
    const inside = box[0] >= shown[0] && box[1] >= shown[1] && box[0] + box[2] <= shown[0] + shown[2] && box[1] + box[3] <= shown[1] + shown[3];
    if (inside) return;
    if (!home) home = { ...view };
    const [w, h] = size();
    const u = Math.max(view.u, box[2] / w, box[3] / h);
    setView({ cx: box[0] + box[2] / 2, cy: box[1] + box[3] / 2, u }, true);
  }

  let measuredAt = 0;

  function measure() {
    // Once per drawing: each label's box round its point, at the drawing's own scale.
    measuredAt = size()[0];
    const screen = svg.getScreenCTM();
    if (!screen) {
      labels = [];
      hits = [];
      return;
    }
    const toMap = screen.inverse();
    const point = (x, y, m) => {
      const p = new DOMPoint(x, y).matrixTransform(m);
      return [p.x, p.y];
    };
    const scaleOf = (el) => {
      const m = el.getScreenCTM();
      return m ? Math.hypot(m.a, m.b) / Math.hypot(screen.a, screen.b) : 1;
    };
    const found = [];
    // A label is measured at its drawing's own size: a board measured again (its size
    // changed, or the same drawing adopted anew) first takes back the transform its
    // drawing gave it, else the zoom's scale would be read as part of it and applied
    // twice (labels twenty times their size on a phone).
    svg.querySelectorAll("[data-label]").forEach((el) => {
      if (el.dataset.labelBase === undefined) el.dataset.labelBase = el.getAttribute("transform") || "";
      if (el.dataset.labelBase) el.setAttribute("transform", el.dataset.labelBase);
      else el.removeAttribute("transform");
    });
    svg.querySelectorAll("[data-label]").forEach((el, order) => {
      const base = el.dataset.labelBase || "";
      const parent = el.parentNode;
      const toParent = parent.getScreenCTM();
      if (!toParent) return; // not rendered (a hidden group): left at its own size
      const m = scaleOf(parent);
      const r = el.getBoundingClientRect();
      const [x0, y0] = point(r.left, r.top, toMap);
      const [x1, y1] = point(r.right, r.bottom, toMap);
      let [lx, ly] = numbers(el.dataset.at);
      let ax, ay;
      if (lx === undefined) {
        [ax, ay] = [(x0 + x1) / 2, (y0 + y1) / 2];
        [lx, ly] = point(...point(ax, ay, screen), toParent.inverse());
      } else {
        [ax, ay] = point(...point(lx, ly, toParent), toMap);
      }
      const text = el.matches("text");
      const font = fontOf(el) * m;
      const rank = first.has(el.dataset.label) ? first.get(el.dataset.label) : Infinity;
      const pinned = el.dataset.pin !== undefined; // an order's count, a result's callout
      found.push({
        pinned,
        callout: el.classList.contains("callout"),
        el,
        base,
        tid: el.dataset.label,
        kind: text ? 1 : 0,
        px: parseFloat(el.dataset.px) || (text ? NAME_PX : COUNT_PX),
        font,
        m,
        lx,
        ly,
        ax,
        ay,
        box: [x0 - ax, y0 - ay, x1 - ax, y1 - ay],
        rank,
        order,
        transform: null,
        hidden: false,
      });
    });
    // The viewer's, the selected and the targets' labels first (counts, then names),
    // then every other count, then every other name.
    const tier = (l) => (l.pinned ? -1 : l.rank === Infinity ? 1 : 0);
    found.sort((a, b) => tier(a) - tier(b) || a.kind - b.kind || a.rank - b.rank || a.order - b.order);
    labels = found;
    // Order arrows, with their count's label (the overlay is in the board's own units).
    arrows = [...svg.querySelectorAll(".order-arrow[data-a]")].map((el) => {
      const countEl = el.querySelector(".order-count");
      const count = countEl ? found.find((l) => l.el === countEl) || null : null;
      if (count) [count.x0, count.y0] = [count.lx, count.ly]; // where Python put it
      return {
        el,
        a: numbers(el.dataset.a),
        b: numbers(el.dataset.b),
        lane: parseFloat(el.dataset.lane) || 0,
        shaft: el.querySelector(".arrow-shaft"),
        hit: el.querySelector(".arrow-hit"),
        head: el.querySelector(".arrow-head"),
        count,
        u: null,
      };
    });
    hits = [...svg.querySelectorAll("[data-hit]")].map((el) => ({
      el,
      r: parseFloat(el.getAttribute("r")) || 0,
      m: scaleOf(el),
      shown: null,
    }));
    moves = new Map();
    for (const row of (svg.dataset.moves || "").split(";")) {
      const [tid, ways] = row.split(":");
      if (ways) moves.set(tid, ways.split(","));
    }
    spots = new Map();
    for (const el of svg.querySelectorAll("[data-territory]")) {
      const hit = svg.querySelector(`[data-hit="${CSS.escape(el.dataset.territory)}"]`);
      const r = (hit || el).getBoundingClientRect();
      spots.set(el.dataset.territory, point((r.left + r.right) / 2, (r.top + r.bottom) / 2, toMap));
    }
  }

  // ------------------------------------------------------------ pointers, wheel, keys

  const pointers = new Map();
  let gesture = null;
  let swallowClick = false;
  let lastTap = null;

  function mapPoint(clientX, clientY) {
    const r = svg.getBoundingClientRect();
    const box = viewBoxOf(view);
    return [box[0] + (clientX - r.left) * view.u, box[1] + (clientY - r.top) * view.u];
  }

  function zoomAt(clientX, clientY, factor, animate = false) {
    const [mx, my] = mapPoint(clientX, clientY);
    const u = view.u / factor;
    const r = svg.getBoundingClientRect();
    const [w, h] = size();
    const cx = mx - (clientX - r.left - w / 2) * u;
    const cy = my - (clientY - r.top - h / 2) * u;
    home = null;
    setView({ cx, cy, u }, animate);
  }

  function startGesture() {
    const points = [...pointers.values()];
    if (points.length === 1) {
      gesture = { kind: "drag", x: points[0].x, y: points[0].y, view: { ...view }, moved: false };
    } else if (points.length >= 2) {
      const [a, b] = points;
      gesture = {
        kind: "pinch",
        d: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        mid: mapPoint((a.x + b.x) / 2, (a.y + b.y) / 2),
        view: { ...view },
        moved: true,
      };
    }
  }

  function onPointerDown(event) {
    if (!svg || !svg.contains(event.target) || event.button > 0) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    startGesture();
  }

  function onPointerMove(event) {
    if (!pointers.has(event.pointerId) || !gesture) return;
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const points = [...pointers.values()];
    if (gesture.kind === "drag") {
      const dx = points[0].x - gesture.x;
      const dy = points[0].y - gesture.y;
      if (!gesture.moved && Math.hypot(dx, dy) < DRAG_PX) return;
      if (!gesture.moved) {
        gesture.moved = true;
        board.classList.add("dragging");
        try {
          svg.setPointerCapture(event.pointerId);
        } catch (e) {}
      }
      home = null;
      cancelAnimationFrame(animation);
      view = clamp({ cx: gesture.view.cx - dx * gesture.view.u, cy: gesture.view.cy - dy * gesture.view.u, u: gesture.view.u });
      schedule();
    } else if (points.length >= 2) {
      const [a, b] = points;
      const d = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const u = (gesture.view.u * gesture.d) / d;
      const r = svg.getBoundingClientRect();
      const [w, h] = size();
      const midX = (a.x + b.x) / 2 - r.left;
      const midY = (a.y + b.y) / 2 - r.top;
      home = null;
      cancelAnimationFrame(animation);
      view = clamp({ cx: gesture.mid[0] - (midX - w / 2) * u, cy: gesture.mid[1] - (midY - h / 2) * u, u });
      schedule();
      event.preventDefault();
    }
  }

  function onPointerUp(event) {
    if (!pointers.has(event.pointerId)) return;
    const moved = gesture && gesture.moved;
    pointers.delete(event.pointerId);
    board.classList.remove("dragging");
    if (moved) swallowClick = true;
    if (pointers.size > 0) {
      startGesture();
      if (gesture) gesture.moved = true;
      return;
    }
    gesture = null;
    if (moved || event.pointerType === "mouse" || event.type === "pointercancel") return;
    // A double tap zooms in (not on a territory a tap chooses: that tap is the choice).
    const now = performance.now();
    const choice = event.target.closest && event.target.closest(".legal, .selected");
    if (!choice && lastTap && now - lastTap.t < 320 && Math.hypot(event.clientX - lastTap.x, event.clientY - lastTap.y) < 30) {
      lastTap = null;
      zoomAt(event.clientX, event.clientY, 2, true);
    } else {
      lastTap = { t: now, x: event.clientX, y: event.clientY };
    }
  }

  function onClickCapture(event) {
    if (swallowClick && svg && svg.contains(event.target)) {
      event.stopPropagation();
      event.preventDefault();
    }
    swallowClick = false;
  }

  function onWheel(event) {
    if (!svg || !svg.contains(event.target)) return;
    event.preventDefault();
    const delta = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
    zoomAt(event.clientX, event.clientY, Math.exp(-delta * 0.0018));
  }

  function onDoubleClick(event) {
    if (!svg || !svg.contains(event.target)) return;
    if (event.target.closest(".legal, .selected")) return;
    event.preventDefault();
    zoomAt(event.clientX, event.clientY, event.shiftKey ? 0.5 : 2, true);
  }

  const DIRECTIONS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

  const KEY_SLOTS = { ArrowUp: 0, ArrowRight: 1, ArrowDown: 2, ArrowLeft: 3 };

  function onKey(event) {
    const dir = DIRECTIONS[event.key];
    const from = event.target;
    if (!svg || !svg.contains(from) || !from.dataset) return;
    if ((event.key === "Enter" || event.key === " ") && from.classList.contains("order-arrow") && from.dataset.action) {
      // An order's arrow is a button: Enter removes the order as a tap does.
      event.preventDefault();
      from.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true }));
      return;
    }
    if (!dir || !from.dataset.territory) return;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const here = spots.get(from.dataset.territory);
    if (!here) return;
    // The map's own neighbour that way (ui/shell/board.py keyboard_moves), else the
    // nearest territory that way.
    const listed = moves.get(from.dataset.territory);
    const chosen = listed ? listed[KEY_SLOTS[event.key]] : "";
    let best = chosen && spots.has(chosen) ? { tid: chosen, at: spots.get(chosen) } : null;
    for (const [tid, at] of best ? [] : spots) {
      if (tid === from.dataset.territory) continue;
      const dx = at[0] - here[0];
      const dy = at[1] - here[1];
      const along = dx * dir[0] + dy * dir[1];
      const across = Math.abs(dx * dir[1] - dy * dir[0]);
      if (along <= 0 || across > along * 1.8) continue;
      const score = along + across * 2.5;
      if (!best || score < best.score) best = { tid, score, at };
    }
    event.preventDefault();
    if (!best) return;
    const next = svg.querySelector(`[data-territory="${CSS.escape(best.tid)}"]`);
    if (!next) return;
    next.focus({ preventScroll: true });
    const shown = viewBoxOf(view);
    const margin = 20 * view.u;
    const [x, y] = best.at;
    if (x < shown[0] + margin || x > shown[0] + shown[2] - margin || y < shown[1] + margin || y > shown[1] + shown[3] - margin) {
      home = null;
      setView({ cx: x, cy: y, u: view.u }, true);
    }
  }

  function onButton(event) {
    const tab = event.target.closest && event.target.closest(".moon-inset.folded .moon-frame, .moon-inset .moon-title");
    if (tab && svg && svg.contains(tab) && inset) {
      insetOpen = inset.folded; // a folded inset opens; an open one's title folds it
      schedule();
      return;
    }
    const button = event.target.closest && event.target.closest("[data-board]");
    if (!button || !svg) return;
    const [w, h] = size();
    const r = svg.getBoundingClientRect();
    const what = button.dataset.board;
    home = null;
    if (what === "zoom-in") zoomAt(r.left + w / 2, r.top + h / 2, 2, true);
    else if (what === "zoom-out") zoomAt(r.left + w / 2, r.top + h / 2, 0.5, true);
    else if (what === "fit") setView(fit(full), true);
  }

  function watch() {
    board = document.getElementById("board");
    if (!board) return;
    const check = () => {
      const next = board.querySelector(":scope > svg");
      if (next && next !== svg) adopt(next);
    };
    new MutationObserver(check).observe(board, { childList: true });
    board.addEventListener("pointerdown", onPointerDown);
    window.addEventListener("pointermove", onPointerMove, { passive: false });
    window.addEventListener("pointerup", onPointerUp);
    window.addEventListener("pointercancel", onPointerUp);
    board.addEventListener("click", onClickCapture, true);
    board.addEventListener("wheel", onWheel, { passive: false });
    board.addEventListener("dblclick", onDoubleClick);
    board.addEventListener("keydown", onKey);
    document.addEventListener("click", onButton);
    let width = 0;
    new ResizeObserver(() => {
      if (!svg || !view) return;
      const [w] = size();
      if (Math.abs(w - width) < 1) return;
      width = w;
      if (measuredAt <= 1) {
        measure();
        view = null;
        adopt(svg);
        return;
      }
      setView(view);
    }).observe(board);
    check();
  }


  // ------------------------------------------------------------ the action bar
  // On a phone the panels are under the map: the phase's main buttons (each ruleset's
  // primary buttons, or those marked data-main) are repeated in a bar fixed at the bottom
  // of the screen whenever the originals are out of view, so that the map and the main
  // action are on one screen. A button of the bar clicks its original: one code path.
  // The bar is a visual shortcut (aria-hidden, not in the tab order): keyboards and
  // screen readers use the originals, which stay where they are.
  const MAIN = "button.btn.primary, button[data-main]";
  let bar = null;
  let barKey = "";
  let barFrame = 0;

  function shown(el) {
    return !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  }

  function mainButtons() {
    if (document.querySelector(".overlay:not([hidden])")) return []; // a hand-over, a dialog
    const setup = document.getElementById("setup");
    if (setup && !setup.hidden) return [];
    const game = [...document.querySelectorAll("section.game")].find((s) => !s.hidden);
    if (!game) return [];
    return [...game.querySelectorAll(MAIN)].filter((b) => shown(b) && !b.closest("[hidden], details:not([open])"));
  }

  function isAway(el) {
    // Out of view: above the screen, or below the bar's top.
    const r = el.getBoundingClientRect();
    return r.top < 0 || r.bottom > window.innerHeight - (bar.hidden ? 64 : bar.offsetHeight || 64);
  }

  function syncBar() {
    barFrame = 0;
    if (!bar) return;
    const originals = mainButtons();
    // The phase's prompt ("place 6 armies — click your territories") comes along when
    // the panel saying it is out of view too.
    const promptEl = originals.length ? originals[0].closest("section.game").querySelector('[data-testid="prompt"]') : null;
    const promptAway = promptEl && shown(promptEl) && isAway(promptEl);
    const prompt = promptAway ? promptEl.textContent.trim() : "";
    const key = prompt + "//" + originals.map((b) => `${b.dataset.testid}|${b.textContent}|${b.disabled}`).join("/");
    if (key !== barKey) {
      barKey = key;
      const line = document.createElement("p");
      line.className = "bar-prompt";
      line.textContent = prompt;
      bar.replaceChildren(
        ...(prompt ? [line] : []),
        ...originals.map((b) => {
          const copy = document.createElement("button");
          copy.type = "button";
          copy.className = b.className;
          copy.textContent = b.textContent;
          copy.disabled = b.disabled;
          copy.tabIndex = -1;
          if (b.dataset.testid) copy.dataset.testid = `bar-${b.dataset.testid}`;
          copy.addEventListener("click", () => {
            const now = mainButtons().find((o) => o.dataset.testid === b.dataset.testid && o.textContent === b.textContent);
            (now || b).click();
          });
          return copy;
        })
      );
    }
    const away = originals.some(isAway);
    // Written only when changed: the observer below would hear a rewrite of the same value.
    const using = originals.length > 0;
    if (document.body.classList.contains("with-action-bar") !== using) document.body.classList.toggle("with-action-bar", using);
    const hide = !(using && away);
    if (bar.hidden !== hide) bar.hidden = hide;
  }

  function scheduleBar() {
    if (!barFrame) barFrame = requestAnimationFrame(syncBar);
  }

  function watchBar() {
    bar = document.getElementById("action-bar");
    if (!bar) return;
    // Not for the board's own changes (labels giving way on every frame of a pan).
    const wanted = (records) => records.some((r) => !bar.contains(r.target) && !(board && board.contains(r.target)));
    new MutationObserver((records) => wanted(records) && scheduleBar()).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["hidden", "disabled", "class", "open"],
    });
    window.addEventListener("scroll", scheduleBar, { passive: true });
    window.addEventListener("resize", scheduleBar);
    scheduleBar();
  }

  // ------------------------------------------------------------ the board kept for the next visit
  // When the page is left or hidden (a phone may discard a hidden page), the board shown
  // is kept in the browser's storage with the key and the hash of the autosave it shows,
  // so that the next visit paints it before Python has loaded (index.html's kept-board
  // script), and only while that autosave is unchanged. As Python drew it: the whole
  // board in view, labels and tap discs at their own size; without the written orders'
  // arrows and the results' callouts (a hand-over must not show them to the next player),
  // and without what marked the moment it was left (the targets' glow, the selection, the
  // guide's highlights, a conquest's flash): the next visit is not waiting for that tap.
  // The game's name goes with it, for the title bar.
  const KEEP_KEY = "risk-family.board"; // ui/shell/autosave.py BOARD_KEY
  const KEEP_LIMIT = 1500000; // characters: a larger board is not kept (storage is shared with the saves)

  const MOMENT_MARKS = ".legal-outline, .selected-outline, .taken-ring, .callout";
  const MOMENT_CLASSES = ["legal", "selected", "guide-target", "flash-taken", "flash-moved"];

  function keptCopy() {
    const copy = svg.cloneNode(true);
    copy.setAttribute("viewBox", full.join(" "));
    copy.style.removeProperty("--aspect");
    if (!copy.getAttribute("style")) copy.removeAttribute("style");
    const nodes = copy.querySelectorAll("[data-label]");
    for (const label of labels) {
      const node = nodes[label.order];
      if (!node) continue;
      if (label.base) node.setAttribute("transform", label.base);
      else node.removeAttribute("transform");
      node.classList.remove("label-hidden");
    }
    const discs = copy.querySelectorAll("[data-hit]");
    hits.forEach((hit, i) => discs[i] && discs[i].setAttribute("r", String(hit.r)));
    copy.querySelectorAll(".board-overlay").forEach((node) => node.remove());
    copy.querySelectorAll(".folded").forEach((node) => node.classList.remove("folded"));
    copy.querySelectorAll(MOMENT_MARKS).forEach((node) => node.remove());
    for (const name of MOMENT_CLASSES) {
      copy.querySelectorAll(`.${name}`).forEach((node) => node.classList.remove(name));
    }
    return copy.outerHTML;
  }

  function keepBoard() {
    let store = null;
    try {
      store = window.localStorage;
      const ruleset = document.body.dataset.playing; // the game shown (ui/shell/page.py)
      const mark = window.riskSaveMark; // index.html's kept-board script
      if (!svg || !full || !ruleset || !mark || document.body.dataset.ready !== "true") return;
      if (board.dataset.kept !== undefined) return; // still the last visit's
      const key = `risk-family.${ruleset}.v1`;
      const save = store.getItem(key);
      const handover = [...document.querySelectorAll(".handover-card")].some(shown);
      const text = save && !handover ? keptCopy() : "";
      if (!text || text.length > KEEP_LIMIT) {
        store.removeItem(KEEP_KEY);
        return;
      }
      const name = document.querySelector(".title .sub"); // the game's name (ui/shell/page.py)
      const title = name ? name.textContent.trim() : "";
      store.setItem(KEEP_KEY, JSON.stringify({ key, mark: mark(save), svg: text, title }));
    } catch (e) {
      try {
        if (store) store.removeItem(KEEP_KEY); // full: nothing kept rather than a stale board
      } catch (_) {}
    }
  }
  window.addEventListener("pagehide", keepBoard);
  document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && keepBoard());

  // For the tests and the bench: the view, and a way to set it.
  window.boardView = {
    get: () => (view ? { ...view, box: viewBoxOf(view), fit: fitScale() } : null),
    set: (v) => setView(v),
    fit: () => svg && setView(fit(full)),
    frame: (v) => {
      // one zoom or pan frame, drawn now; returns its cost in ms (the bench)
      if (!svg) return null;
      view = clamp(v);
      draw();
      return drawMs;
    },
    adopted: () => adoptedAt,
    keep: () => keepBoard(), // what leaving the page does (the tests)
    show: (ids) => showPlaces(ids),
  };

  let guided = ""; // the guide's step territories: kept in view when the board is reframed

  function showPlaces(ids) {
    // The guide's step names territories to tap: brought into view, panned at the zoom the
    // player chose (zoomed out only as far as they need), when any is outside the view. A
    // phone opens on part of the board, so the step's target may start off-screen; the
    // ids are kept, so a board drawn later for another viewer is framed on them too.
    // Returns false when the board is not drawn yet (the guide asks again later).
    guided = ids || "";
    return placeInView(true);
  }

  function mapCorners(path) {
    // The shape's box in the board's own units, whatever the view (and the Moon inset's
    // own transform).
    const b = path.getBBox();
    const m = svg.getScreenCTM().inverse().multiply(path.getScreenCTM());
    return [
      [b.x, b.y],
      [b.x + b.width, b.y + b.height],
      [b.x + b.width, b.y],
      [b.x, b.y + b.height],
    ].map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  }

  function placeInView(animate) {
    if (!svg || !view || !guided) return false;
    const laid = svg.getBoundingClientRect();
    // Not laid out yet (the game's screen is still being shown): a view framed on a
    // 1-pixel board would zoom out a hundredfold once it has its real size.
    if (laid.width < 2 || laid.height < 2) return false;
    const corners = [];
    for (const id of guided.split(" ").filter(Boolean)) {
      const path = svg.querySelector(`path[data-territory="${CSS.escape(id)}"]`);
      if (!path || !path.getScreenCTM()) continue;
      if (inset && inset.el.contains(path)) insetOpen = true; // a step on the Moon: unfolded
      corners.push(...mapCorners(path));
    }
    if (!corners.length) return false;
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const shown = viewBoxOf(view);
    const inside = box[0] >= shown[0] && box[1] >= shown[1] && box[2] <= shown[0] + shown[2] && box[3] <= shown[1] + shown[3];
    if (inside) {
      schedule(); // the inset may have to unfold
      return true;
    }
    const [w, h] = size();
    const margin = 1.3; // the territories with some land round them
    const u = Math.max(view.u, ((box[2] - box[0]) * margin) / w, ((box[3] - box[1]) * margin) / h);
    home = null; // the player's view now: not one to come back to after a computer's move
    setView({ cx: (box[0] + box[2]) / 2, cy: (box[1] + box[3]) / 2, u }, animate);
    return true;
  }

  const start = () => {
    watch();
    watchBar();
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
