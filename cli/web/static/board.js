/* The board under the finger: a game's picture with its targets (issue 44). The page gives the
   events the phone's holder may enter as a tree of the taps that choose them (a target on the
   board, then words; a leaf holds the event, "@", and what to ask before it, "?"). A tap on a
   target shows what may follow it, as buttons; the last tap plays the event, after asking once
   more where the game says a move is costly. Without this script the lists below still work. */
(function () {
  "use strict";
  var kept = {};  /* each board's taps so far: another phone's event redraws the page, not the choice */

  function setup(board) {
    if (board.dataset.ready) return;
    board.dataset.ready = "1";
    var tree = JSON.parse(board.querySelector(".board-taps").textContent);
    var painted = board.querySelector(".board-swatches");  /* a colour beside the words that name it */
    var swatches = painted ? JSON.parse(painted.textContent) : {};
    var panel = board.querySelector(".board-choices");
    var form = board.querySelector(".board-form");
    var onBoard = {};
    board.querySelectorAll("svg [data-tap]").forEach(function (t) { onBoard[t.dataset.tap] = t; });
    var path = kept[board.id] || [];

    function node(taps) {
      var here = tree;
      for (var i = 0; i < taps.length; i++) { here = here[taps[i]]; if (!here) return null; }
      return here;
    }

    /* Taps in words: a target by its label's name ("Waterway", "Rug 7"), a choice by its words. */
    function said(taps) {
      return taps.map(function (tap) {
        return onBoard[tap] ? (onBoard[tap].getAttribute("aria-label") || tap).split(":")[0] : tap;
      }).join(" · ");
    }

    function keys(here) { return Object.keys(here).filter(function (k) { return k !== "@" && k !== "?"; }); }

    function button(text, className, act) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = className;
      b.textContent = text;
      if (swatches[text]) {
        var swatch = document.createElement("span");
        swatch.className = "swatch";
        swatch.setAttribute("aria-hidden", "true");
        var size = swatches[text].indexOf("url(") === 0 ? "1.6em" : "1.1em";  /* a drawing (Maharani's column marks) needs room */
        swatch.style.cssText = "display:inline-block;width:" + size + ";height:" + size + ";margin-right:0.45em;vertical-align:middle;" +
          "border:1px solid rgba(0,0,0,0.55);border-radius:3px;background:" + swatches[text];
        b.insertBefore(swatch, b.firstChild);
      }
      b.addEventListener("click", act);
      return b;
    }

    function play(leaf, words) {
      form.querySelector("input[name=event]").value = leaf["@"];
      path = [];
      kept[board.id] = path;
      panel.innerHTML = "";  /* nothing stale to tap while the event is on its way */
      var sending = document.createElement("p");
      sending.className = "sending";
      sending.textContent = "Playing " + words + " …";
      panel.appendChild(sending);
      if (window.htmx) { window.htmx.trigger(form, "submit"); } else { form.submit(); }
    }

    function choose(leaf, words) {
      var told = said(path.concat([words]));
      if (!leaf["?"]) { play(leaf, told); return; }
      panel.innerHTML = "";
      var ask = document.createElement("p");
      ask.className = "confirm";
      ask.setAttribute("role", "alert");
      ask.textContent = leaf["?"];
      panel.appendChild(ask);
      var row = document.createElement("div");
      row.className = "choices";
      row.appendChild(button("Yes: " + told, "primary", function () { play(leaf, told); }));
      row.appendChild(button("Cancel", "", function () { path = []; show(); }));
      panel.appendChild(row);
    }

    /* What follows ``here``, one level at a time: a leaf plays (or asks first), a key with more
       under it opens its level ("middle box", then its values). */
    function list(here, into, top) {
      keys(here).forEach(function (key) {
        if (top && onBoard[key]) return;  /* tapped on the board itself (a first place, or a second: TAJ's rug) */
        var next = here[key];
        var leaf = next["@"] !== undefined && keys(next).length === 0;
        into.appendChild(button(key, leaf ? "board-choice" : "board-choice more", function () {
          if (leaf) { choose(next, key); } else { path = path.concat([key]); descend(); }
        }));
      });
    }

    /* A level with a single way on is passed through (a feature of one box). */
    function descend() {
      var here = node(path);
      var only = keys(here);
      while (here["@"] === undefined && only.length === 1) {
        path = path.concat(only);
        here = here[only[0]];
        only = keys(here);
      }
      if (here["@"] !== undefined && only.length === 0) {  /* the last tap is said once, not twice */
        var last = path[path.length - 1];
        path = path.slice(0, -1);
        choose(here, last);
        return;
      }
      show();
    }

    function show() {
      if (!node(path)) path = [];  /* what was chosen is no longer legal */
      kept[board.id] = path;
      var here = node(path);
      Object.keys(onBoard).forEach(function (key) {
        var t = onBoard[key];
        t.classList.toggle("next", key in here || (path.length === 0 && key in tree));
        t.classList.toggle("chosen", path.indexOf(key) >= 0);
      });
      panel.innerHTML = "";
      if (path.length) {
        var head = document.createElement("div");
        head.className = "board-path";
        var words = document.createElement("strong");
        words.textContent = said(path);
        head.appendChild(words);
        head.appendChild(button("Back", "back", function () { path = path.slice(0, -1); show(); }));
        panel.appendChild(head);
        var labelled = path.map(function (key) { return onBoard[key] && onBoard[key].getAttribute("aria-label"); })
          .filter(Boolean);
        if (labelled.length) {  /* the last place tapped, in words (a Maharani tile: where it goes free, where it costs) */
          var about = document.createElement("p");
          about.className = "muted tapped-words";
          about.textContent = labelled[labelled.length - 1];
          panel.appendChild(about);
        }
      }
      var row = document.createElement("div");
      row.className = "choices";
      list(here, row, true);
      panel.appendChild(row);
      var svg = board.querySelector("svg");  /* none for the table's own event: words alone */
      var onward = keys(here).some(function (key) { return onBoard[key]; });  /* the next tap is on the board */
      if (svg) svg.classList.toggle("choosing", path.length > 0 && onward);
      if (path.length && !row.childNodes.length) {
        var next = document.createElement("p");
        next.className = "muted";
        next.textContent = "Now tap one of the lit places on the board.";
        panel.appendChild(next);
      }
      if (path.length) (onward ? svg : panel).scrollIntoView({ block: onward ? "nearest" : "center", behavior: "smooth" });
    }

    function tapped(key) {
      var at = node(path);
      if (path.length && at && key in at) { path = path.concat([key]); }  /* a second place on the board */
      else if (key in tree) { path = [key]; }
      else { return; }
      descend();
    }

    Object.keys(onBoard).forEach(function (key) {
      var t = onBoard[key];
      t.addEventListener("click", function () { tapped(key); });
      t.addEventListener("keydown", function (e) {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); tapped(key); }
      });
    });
    show();
  }

  function all(root) {
    (root && root.querySelectorAll ? root : document).querySelectorAll(".board").forEach(setup);
  }

  if (window.htmx) { window.htmx.onLoad(all); }
  document.addEventListener("DOMContentLoaded", function () { all(document); });
})();
