// gamehall table chat: each push carries the latest lines (who, what, when), shown with
// textContent only, so no line is ever read as markup. A seated person says a preset (each
// reader sees it in their own language) or their own words.
(function () {
  const panel = document.getElementById("chat");
  if (!panel) return;
  const table = document.getElementById("table").dataset.table;
  const lines = panel.querySelector(".chat-lines");
  const error = panel.querySelector(".chat-error");
  const words = panel.querySelector(".chat-words");
  let shown = "";

  function show(chat) {
    const text = JSON.stringify(chat);
    if (text === shown) return;  // a push for a move: the chat is as it was
    shown = text;
    const atBottom = lines.scrollTop + lines.clientHeight >= lines.scrollHeight - 4;
    lines.replaceChildren(...chat.map((line) => {
      const item = document.createElement("li");
      item.className = [line.mine ? "mine" : "", line.preset ? "preset" : ""].join(" ").trim();
      const who = document.createElement("strong");
      who.textContent = line.who;
      const time = document.createElement("time");
      time.dateTime = line.at;
      time.textContent = new Date(line.at).toLocaleTimeString(document.documentElement.lang,
        { hour: "2-digit", minute: "2-digit" });
      item.append(time, " ", who, " ", line.text);
      return item;
    }));
    if (!chat.length) {
      const empty = document.createElement("li");
      empty.className = "dim";
      empty.textContent = lines.dataset.empty;
      lines.append(empty);
    }
    if (atBottom) lines.scrollTop = lines.scrollHeight;
  }
  document.addEventListener("gamehall:push", (event) => {
    if (event.detail.chat) show(event.detail.chat);
  });

  async function say(body) {
    error.textContent = "";
    const response = await fetch(`/api/tables/${table}/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: response.statusText }));
      error.textContent = data.error || response.statusText;
    }
    return response.ok;
  }
  panel.querySelector(".chat-presets")?.addEventListener("click", (event) => {
    const button = event.target.closest("button.preset");
    if (button) say({ preset: button.dataset.preset });
  });
  panel.querySelector(".chat-form")?.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!words.value.trim()) return;
    if (await say({ words: words.value })) words.value = "";
  });
})();
