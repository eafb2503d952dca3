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

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button || !token) return;
    if (button.classList.contains("act")) post("actions", { seq, action: button.dataset.action });
    if (button.classList.contains("undo")) post("undo", { seq });
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
