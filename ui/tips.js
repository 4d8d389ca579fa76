// Tips on everything (issue 29; ui/shell/tips.py writes the attributes): one tooltip for the
// whole page. An element with data-tip shows its text on hover and on focus; on a touch
// screen a tap on it toggles the tip (a button still acts on the tap, its tip shows what it
// did), and a finger held on it half a second shows the tip without the button acting.
// Escape, a tap elsewhere or leaving it closes the tip.
// While open, the tooltip (role="tooltip") describes its element (aria-describedby). One
// tip is open at a time and it stays inside the window, down to a 390 px phone.
(() => {
  "use strict";
  const TIP_ID = "tip";
  const MARGIN = 8;
  const LONG_PRESS_MS = 500;
  let box = null;
  let owner = null;
  let touching = false; // the last press was a finger (or pen), not a mouse or the keyboard
  let pointer = { x: -1, y: -1 };
  let pressTimer = 0;
  let pressAt = null;
  let longPressed = false; // a touch held on a button: its tip, not its action
  let quietAt = null; // closed by Escape here: a redraw under a still pointer does not reopen it

  function tipBox() {
    if (box && box.isConnected) return box;
    box = document.createElement("div");
    box.id = TIP_ID;
    box.className = "tip";
    box.setAttribute("role", "tooltip");
    box.dataset.testid = "tip";
    box.hidden = true;
    document.body.appendChild(box);
    return box;
  }

  function describedBy(el, on) {
    const ids = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter((x) => x && x !== TIP_ID);
    if (on) ids.push(TIP_ID);
    if (ids.length) el.setAttribute("aria-describedby", ids.join(" "));
    else el.removeAttribute("aria-describedby");
  }

  function place(el) {
    const tip = tipBox();
    const r = el.getBoundingClientRect();
    const width = document.documentElement.clientWidth || window.innerWidth;
    const height = window.innerHeight;
    tip.style.left = "0px";
    tip.style.top = "0px";
    tip.style.maxWidth = Math.min(320, width - 2 * MARGIN) + "px";
    const t = tip.getBoundingClientRect();
    let left = r.left + r.width / 2 - t.width / 2;
    left = Math.max(MARGIN, Math.min(left, width - t.width - MARGIN));
    let top = r.bottom + 6;
    if (top + t.height > height - MARGIN && r.top - 6 - t.height >= MARGIN) top = r.top - 6 - t.height;
    top = Math.max(MARGIN, Math.min(top, height - t.height - MARGIN));
    tip.style.left = Math.round(left) + "px";
    tip.style.top = Math.round(top) + "px";
  }

  function show(el) {
    const text = el.getAttribute("data-tip");
    if (!text) return;
    if (owner && owner !== el) hide();
    const tip = tipBox();
    tip.textContent = text;
    tip.dataset.kind = el.getAttribute("data-tip-kind") || "";
    tip.hidden = false;
    owner = el;
    describedBy(el, true);
    place(el);
  }

  function hide() {
    if (owner) describedBy(owner, false);
    owner = null;
    if (box) box.hidden = true;
  }

  // A field's label shows the field's tip too (the form's tips sit on the fields).
  function tipped(target) {
    if (!(target instanceof Element)) return null;
    const el = target.closest("[data-tip]");
    if (el) return el;
    const label = target.closest("label");
    const field = label && label.control;
    return field && field.hasAttribute("data-tip") ? field : null;
  }

  function markForm() {
    const data = document.getElementById("form-tips");
    const form = document.getElementById("new-game-form");
    if (!data || !form) return;
    let tips = {};
    try { tips = JSON.parse(data.textContent); } catch (e) { return; }
    for (const field of form.querySelectorAll("[name]")) {
      const key = field.name.replace(/\d+/, "#");
      if (tips[key] && !field.hasAttribute("data-tip")) {
        field.setAttribute("data-tip-kind", "option");
        field.setAttribute("data-tip", tips[key]);
      }
    }
  }

  // The shell's buttons whose tips the page's JSON block names by data-action (the guided
  // game's), whenever they are drawn.
  let actionTips = null;
  function markActions() {
    if (actionTips === null) {
      actionTips = {};
      const data = document.getElementById("action-tips");
      try { if (data) actionTips = JSON.parse(data.textContent); } catch (e) { actionTips = {}; }
    }
    for (const [action, text] of Object.entries(actionTips)) {
      for (const el of document.querySelectorAll(`[data-action="${CSS.escape(action)}"]:not([data-tip])`)) {
        el.setAttribute("data-tip-kind", "control");
        el.setAttribute("data-tip", text);
        el.removeAttribute("title"); // one tip, not the browser's too
      }
    }
  }

  function start() {
    markForm();
    markActions();
    document.addEventListener("pointermove", (event) => {
      pointer = { x: event.clientX, y: event.clientY };
    }, true);
    document.addEventListener("pointerover", (event) => {
      if (event.pointerType !== "mouse") return;
      if (quietAt && event.clientX === quietAt.x && event.clientY === quietAt.y) return;
      quietAt = null;
      const el = tipped(event.target);
      if (el) show(el);
    });
    document.addEventListener("pointerout", (event) => {
      if (event.pointerType !== "mouse" || !owner) return;
      const to = event.relatedTarget;
      if (to instanceof Node && (owner.contains(to) || tipped(to) === owner)) return;
      if (document.activeElement !== owner) hide();
    });
    document.addEventListener("pointerdown", (event) => {
      touching = event.pointerType !== "mouse";
      if (!touching) return;
      longPressed = false;
      const el = tipped(event.target);
      if (owner && el !== owner && !(box && box.contains(event.target))) hide();
      clearTimeout(pressTimer);
      pressAt = null;
      if (el) {
        pressAt = { x: event.clientX, y: event.clientY, time: event.timeStamp, el };
        pressTimer = setTimeout(() => { longPressed = true; show(el); }, LONG_PRESS_MS);
      }
    }, true);
    const release = () => { clearTimeout(pressTimer); pressAt = null; };
    // Held long enough by the events' own times (a busy page may run the timer late).
    document.addEventListener("pointerup", (event) => {
      if (pressAt && event.pointerType !== "mouse" && event.timeStamp - pressAt.time >= LONG_PRESS_MS) {
        longPressed = true;
        show(pressAt.el);
      }
      release();
    }, true);
    document.addEventListener("pointercancel", release, true);
    document.addEventListener("pointermove", (event) => {
      if (pressAt && Math.hypot(event.clientX - pressAt.x, event.clientY - pressAt.y) > 10) release();
    }, true);
    document.addEventListener("contextmenu", (event) => {
      if (longPressed) event.preventDefault();
    }, true);
    document.addEventListener("click", (event) => {
      // A tap: toggle the tip (a click's own pointerType says so; else the last press).
      const tap = event.pointerType ? event.pointerType !== "mouse" : touching;
      if (!tap || event.detail === 0) return;
      if (longPressed) {
        // The finger was held to read the tip: the button does nothing this time.
        longPressed = false;
        event.preventDefault();
        event.stopPropagation();
        return;
      }
      const el = tipped(event.target);
      if (!el) return;
      if (owner === el) hide();
      else show(el);
    }, true);
    document.addEventListener("focusin", (event) => {
      if (touching) return; // a tap: the click toggles it
      const el = tipped(event.target);
      if (el && el === event.target) show(el);
    });
    document.addEventListener("focusout", (event) => {
      if (owner && event.target === owner && !touching) hide();
    });
    document.addEventListener("keydown", (event) => {
      touching = false;
      if (event.key === "Escape" && owner) { quietAt = { ...pointer }; hide(); }
    }, true);
    window.addEventListener("resize", () => { if (owner) place(owner); });
    window.addEventListener("scroll", () => { if (owner) place(owner); }, true);
    // A panel redrawn under an open tip (a tapped card is picked, a mode chosen): the tip
    // stays with the element drawn in its place, else it closes.
    new MutationObserver(() => {
      markActions();
      if (!owner || owner.isConnected) return;
      const id = owner.getAttribute("data-testid");
      const again = id ? document.querySelector(`[data-testid="${CSS.escape(id)}"][data-tip]`) : null;
      if (again) {
        owner = again;
        describedBy(again, true);
        tipBox().textContent = again.getAttribute("data-tip");
        place(again);
      } else {
        owner = null;
        hide();
      }
    }).observe(document.body, { childList: true, subtree: true });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
