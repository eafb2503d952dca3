// Ancient Terrible Things table: choose Focus dice by clicking them, see which accepted
// combinations the chosen dice form, and confirm a re-roll or set-aside choice with them.
// The table's HTML is replaced on every push, so events are bound once, on the document; the
// template loads this file once (see games/ancient_terrible_things/web/table.html).
(function () {
  window.attTable = 1;
  if (window.attBound) return;
  window.attBound = 1;

  // The combination test of the rules (dice.py's meets): every printed value is a minimum.
  function forms(kind, minimum, size, values) {
    if (kind === "high") return values.some((v) => v >= minimum);
    if (kind === "straight") {
      const present = new Set(values);
      for (let start = minimum; start + size - 1 <= 6; start++) {
        let all = true;
        for (let i = 0; i < size; i++) if (!present.has(start + i)) { all = false; break; }
        if (all) return true;
      }
      return false;
    }
    const counts = {};
    values.forEach((v) => { counts[v] = (counts[v] || 0) + 1; });
    return Object.entries(counts).some(([v, n]) => n >= size && Number(v) >= minimum);
  }

  function legal(action) {
    return [...document.querySelectorAll("#table button.act, .att button.act")]
      .some((b) => b.dataset.action === action);
  }

  function refresh(root) {
    const chosen = [...root.querySelectorAll('[data-toggle][aria-pressed="true"]')]
      .sort((a, b) => Number(a.dataset.toggle.slice(1)) - Number(b.dataset.toggle.slice(1)));
    const values = chosen.map((b) => Number(b.dataset.face));
    root.querySelectorAll(".att-combos [data-kind]").forEach((item) => {
      const formed = values.length > 0 && forms(item.dataset.kind, Number(item.dataset.min),
        Number(item.dataset.size), values);
      item.classList.toggle("formed", formed);
    });
    const picked = root.querySelector(".att-picked");
    if (picked) picked.textContent = values.length ? `${picked.dataset.label} ${values.join(" ")}` : "";
    const confirm = root.querySelector(".att-confirm");
    if (confirm) {
      const action = chosen.length
        ? `${confirm.dataset.verb} ${chosen.map((b) => b.dataset.toggle).join("+")}` : "";
      const ok = Boolean(action) && legal(action);
      confirm.disabled = !ok;
      confirm.classList.toggle("do", ok);
      if (ok) confirm.dataset.action = action; else delete confirm.dataset.action;
    }
  }

  document.addEventListener("click", (event) => {
    const die = event.target.closest(".att [data-toggle]");
    if (!die) return;
    const root = die.closest(".att");
    const tray = die.closest(".att-dice");
    const most = Number((tray && tray.dataset.max) || 0);
    const on = die.getAttribute("aria-pressed") !== "true";
    const count = root.querySelectorAll('[data-toggle][aria-pressed="true"]').length;
    if (on && most && count >= most) {  // the effect allows no more dice: say so
      die.classList.add("refused");
      setTimeout(() => die.classList.remove("refused"), 400);
      return;
    }
    die.setAttribute("aria-pressed", on ? "true" : "false");
    die.classList.toggle("chosen", on);
    refresh(root);
  });
})();
