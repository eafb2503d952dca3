// gamehall table page: live view over a WebSocket, actions by click or number key.
(function () {
  const box = document.getElementById("table");
  const notice = document.getElementById("notice");
  const { table, token, lang } = box.dataset;
  let seq = 0;
  let delay = 500;

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang });
    if (token) query.set("token", token);
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${table}?${query}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      seq = message.seq;
      box.innerHTML = message.html;
      picked = null;
      delay = 500;
      const log = box.querySelector(".log");
      if (log) log.scrollTop = log.scrollHeight;
    };
    socket.onclose = () => { setTimeout(connect, delay); delay = Math.min(delay * 2, 8000); };
  }

  async function post(path, body) {
    notice.textContent = "";
    const response = await fetch(`/api/tables/${table}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-seat-token": token },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: response.statusText }));
      notice.textContent = data.error || data.detail || response.statusText;
    }
  }

  // Two-step actions: pick a piece (a rolled die), then drop it on a target (a card, a slot);
  // the table's data-compose template ("apply {pick} {drop}") names the action, which is sent
  // only when it is one of the legal actions shown.
  let picked = null;
  function legal(action) {
    return [...box.querySelectorAll("button.act")].some((b) => b.dataset.action === action);
  }
  function pick(element) {
    box.querySelectorAll("[data-pick].selected").forEach((e) => e.classList.remove("selected"));
    picked = element && element !== picked ? element : null;
    if (picked) picked.classList.add("selected");
    box.querySelectorAll("[data-drop]").forEach((target) => {
      const root = box.firstElementChild;
      const action = picked && root.dataset.compose
        .replace("{pick}", picked.dataset.pick).replace("{drop}", target.dataset.drop);
      target.classList.toggle("droppable", Boolean(picked && legal(action)));
    });
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (token && button && button.matches(".act, .do")) {
      post("actions", { seq, action: button.dataset.action });
      return;
    }
    if (token && button && button.classList.contains("undo")) { post("undo", { seq }); return; }
    if (!token) return;
    const pickable = event.target.closest("[data-pick]");
    if (pickable) { pick(pickable); return; }
    const target = event.target.closest("[data-drop]");
    if (target && picked) {
      const action = box.firstElementChild.dataset.compose
        .replace("{pick}", picked.dataset.pick).replace("{drop}", target.dataset.drop);
      picked = null;
      if (legal(action)) post("actions", { seq, action });
      else notice.textContent = action + " ✗";
    }
  });

  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey) return;
    const buttons = box.querySelectorAll("button.act");
    const number = Number(event.key);
    if (number >= 1 && number <= buttons.length && number <= 9) buttons[number - 1].click();
    if (event.key === "u") box.querySelector("button.undo")?.click();
  });

  connect();
})();
