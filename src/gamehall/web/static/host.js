// gamehall table page, for its host: copy an invite link (or the spectators'), give a seat a
// new link, and confirm before cancelling a table still waiting. Each push says which seats
// still wait for their person: a link someone took is marked so.
(function () {
  const panel = document.getElementById("host");
  if (!panel) return;
  const table = document.getElementById("table").dataset.table;
  const status = panel.querySelector(".copied");

  async function copy(field) {
    try {
      await navigator.clipboard.writeText(field.value);
      status.textContent = status.dataset.copied;
    } catch {
      field.select();  // no clipboard here (plain http, or refused): the link is selected
      status.textContent = status.dataset.failed;
    }
  }

  panel.addEventListener("click", async (event) => {
    const copier = event.target.closest("button.copy");
    if (copier) { copy(document.getElementById(copier.dataset.copy)); return; }
    const button = event.target.closest("button.reissue");
    if (!button) return;
    const response = await fetch(`/api/tables/${table}/seats/${button.dataset.seat}/reissue`, {
      method: "POST",
    });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    const out = panel.querySelector(`output.new-link[data-seat="${button.dataset.seat}"]`);
    if (!response.ok) { out.textContent = data.error; return; }
    const link = document.createElement("a");
    link.href = data.link;
    link.textContent = new URL(data.link, location.href).href;
    out.replaceChildren(`${button.dataset.label} `, link);
  });

  panel.querySelector("form.cancel-table")?.addEventListener("submit", (event) => {
    if (!confirm(event.submitter?.dataset.confirm || "")) event.preventDefault();
  });

  document.addEventListener("gamehall:push", (event) => {
    const waiting = event.detail.waiting;
    if (!waiting) return;
    for (const invite of panel.querySelectorAll("li.invite")) {
      const taken = !waiting.includes(Number(invite.dataset.seat));
      invite.querySelector(".taken").hidden = !taken;
      invite.querySelector("input.link").hidden = taken;
      invite.querySelector("button.copy").hidden = taken;
    }
    const cancel = panel.querySelector("form.cancel-table");
    if (cancel) cancel.hidden = waiting.length === 0;
  });
})();
