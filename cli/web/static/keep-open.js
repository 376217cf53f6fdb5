/* The companion's few lines of script (htmx does the rest).
   What a player has opened stays open when the parts of the page are swapped in anew (another
   phone played): each group of choices remembers its key while open. */
(function () {
  const open = new Set();
  document.addEventListener("toggle", function (e) {
    const d = e.target;
    if (!(d instanceof HTMLDetailsElement) || !d.dataset.keep) return;
    if (d.open) open.add(d.dataset.keep); else open.delete(d.dataset.keep);
  }, true);
  /* A picture inside a closed group is drawn only when the group is opened. */
  document.addEventListener("toggle", function (e) {
    if (!(e.target instanceof HTMLDetailsElement) || !e.target.open) return;
    e.target.querySelectorAll("img[data-src]").forEach(function (i) { if (!i.src) i.src = i.dataset.src; });
  }, true);
  function reopen() {
    document.querySelectorAll("details[data-keep]").forEach(function (d) {
      if (open.has(d.dataset.keep) && !d.open) d.open = true;
    });
  }
  document.addEventListener("htmx:afterSettle", reopen);
  document.addEventListener("htmx:oobAfterSwap", reopen);
})();
