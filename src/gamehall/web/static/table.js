// gamehall table page: live view over a WebSocket, actions by click or number key; u undoes,
// h asks the advisor for a hint. Resign opens a confirmation (a <dialog>) saying what follows.
// At a physical table (companion mode) the dice and cards are entered the same ways: click an
// outcome, press its number (or its letter: m h c), or type it ("/" goes to the box, several
// at once as "3 5 1"); Backspace corrects the last entry.
// The page holds no credential: on a seat page (data-me) the socket and the API calls carry
// the seat's HttpOnly cookie, which no script can read.
(function () {
  const box = document.getElementById("table");
  const notice = document.getElementById("notice");
  const { table, lang } = box.dataset;
  const seated = box.dataset.me === "me";  // a seat page: it may act
  let seq = 0;
  let delay = 500;
  let typing = false;  // the entry box had the focus: give it back after the next push
  const hintPanel = document.getElementById("hint");
  const resignOpen = document.querySelector("form.resign-open");
  const resignDialog = document.getElementById("resign-dialog");
  const resignMark = document.querySelector(".resigned-mark");

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = new URLSearchParams({ lang });
    if (seated) query.set("seat", "me");
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${table}?${query}`);
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.seq !== seq) { hintPanel.replaceChildren(); advice = null; }  // one position
      seq = message.seq;
      const before = pieces();
      box.innerHTML = message.html;
      markMotion(before);
      placeAdvice();
      picked = null;
      delay = 500;
      const log = box.querySelector(".log-scroll");
      if (log) log.scrollTop = log.scrollHeight;
      const entryText = box.querySelector("input.entry-text");
      if (typing && entryText) entryText.focus();
      else typing = false;
      showResigning(message);
      if (message.now) skew = message.now * 1000 - Date.now();
      tick();
      turnChanged();
      document.dispatchEvent(new CustomEvent("gamehall:push", { detail: message }));  // chat, host
    };
    socket.onclose = (event) => {
      // A new link (4403), or a table closed or broken (4410): say why, and stay closed.
      if (event.code === 4403 || event.code === 4410) { notice.textContent = event.reason; return; }
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }

  // Clocks: the mover's countdown, from its deadline on the hall's time (each push says the
  // hall's time, so the page's own clock may be wrong); red in the last ten seconds.
  let skew = 0;
  function clockText(ms) {
    const total = Math.ceil(ms / 1000);
    const days = Math.floor(total / 86400), hours = Math.floor(total / 3600) % 24;
    const minutes = Math.floor(total / 60) % 60, seconds = String(total % 60).padStart(2, "0");
    if (days) return `${days} ${lang === "fr" ? "j" : "d"} ${hours} h`;
    if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`;
    return `${minutes}:${seconds}`;
  }
  function tick() {
    for (const clock of box.querySelectorAll(".clock[data-deadline]")) {
      const left = Math.max(0, Number(clock.dataset.deadline) * 1000 - (Date.now() + skew));
      clock.textContent = clockText(left);
      clock.classList.toggle("low", left < 10000);
    }
  }
  setInterval(tick, 250);

  // Your turn: the tab's title and icon change; a sound if asked for (remembered in this
  // browser); a notification when the tab is hidden, once the browser allows them.
  const title = document.title;
  const icon = document.getElementById("favicon");
  const sound = document.getElementById("turn-sound");
  const notify = document.getElementById("turn-notify");
  let myTurn = false;
  if (sound) {
    sound.checked = localStorage.getItem("gamehall.sound") === "on";
    sound.addEventListener("change", () => localStorage.setItem("gamehall.sound", sound.checked ? "on" : "off"));
  }
  if (notify) {
    notify.hidden = !("Notification" in window) || Notification.permission !== "default";
    notify.addEventListener("click", async () => {
      await Notification.requestPermission();
      notify.hidden = Notification.permission !== "default";
    });
  }
  function chime() {
    const audio = new (window.AudioContext || window.webkitAudioContext)();
    const tone = audio.createOscillator(), gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.2, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  }
  function turnChanged() {
    const now = seated && !!box.querySelector(".player.to-move .you");
    if (now === myTurn) return;
    myTurn = now;
    const said = box.dataset.yourTurn;
    document.title = myTurn ? `${said} · ${title}` : title;
    document.body.classList.toggle("my-turn", myTurn);
    if (icon) icon.href = myTurn ? "/static/favicon-turn.svg" : "/static/favicon.svg";
    if (!myTurn) return;
    if (sound && sound.checked) chime();
    if (document.hidden && "Notification" in window && Notification.permission === "granted") {
      new Notification(said, { body: title, icon: "/static/favicon-turn.svg", tag: `gamehall-${table}` });
    }
  }

  // Motion: after a push, a die whose face changed rolls in and a card that was not on the
  // table slides in (CSS animates them, unless the reader asks for reduced motion).
  function faceOf(die) { return die.dataset.face ?? die.getAttribute("aria-label") ?? die.textContent; }
  function pieces() {
    const dice = new Map([...box.querySelectorAll("[data-die]")].map((d) => [d.dataset.die, faceOf(d)]));
    const cards = new Set([...box.querySelectorAll("[data-card]")].map((c) => c.dataset.card));
    return { dice, cards, first: !box.querySelector("[data-seq]") };
  }
  function markMotion(before) {
    if (before.first) return;  // the first view of the page: nothing moved
    for (const die of box.querySelectorAll("[data-die]")) {
      if (die.querySelector("[data-die]")) continue;  // a die's slot: its die rolls
      const was = before.dice.get(die.dataset.die);
      if (was !== undefined && was !== faceOf(die)) die.classList.add("just-rolled");
    }
    for (const card of box.querySelectorAll("[data-card]")) {
      if (!before.cards.has(card.dataset.card)) card.classList.add("just-dealt");
    }
  }

  async function post(path, body) {
    notice.textContent = "";
    const response = await fetch(`/api/tables/${table}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: response.statusText }));
      notice.textContent = data.error || data.detail || response.statusText;
    }
    return response.ok;
  }

  // Resigning: the button opens the dialog, which says what follows (each push says it anew,
  // or that this seat may resign no more: the game is over, the seat has resigned); confirmed,
  // the API resigns the seat and the push shows what followed. Without scripts, or without
  // <dialog>, the button's form leads to the same confirmation as a page.
  function showResigning(message) {
    if (!("resign" in message)) return;
    if (resignOpen) resignOpen.hidden = !message.resign;
    if (resignMark) resignMark.hidden = !message.resigned.includes(Number(resignMark.dataset.seat));
    if (!resignDialog) return;
    if (message.resign) resignDialog.querySelector(".consequence").textContent = message.resign;
    else if (resignDialog.open) resignDialog.close();
  }
  if (seated && resignOpen && resignDialog && typeof resignDialog.showModal === "function") {
    const error = resignDialog.querySelector(".resign-error");
    const form = resignDialog.querySelector("form");
    resignOpen.addEventListener("submit", (event) => {
      event.preventDefault();
      error.textContent = "";
      resignDialog.showModal();
    });
    resignDialog.querySelector(".resign-cancel").addEventListener("click", () => resignDialog.close());
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const confirm = form.querySelector(".resign-confirm");
      confirm.disabled = true;
      try {
        const response = await fetch(`/api/tables/${table}/resign?lang=${lang}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ seat: Number(form.elements.seat.value) }),
        });
        if (response.ok) { resignDialog.close(); return; }
        const data = await response.json().catch(() => ({ error: response.statusText }));
        error.textContent = data.error || response.statusText;
      } catch {
        error.textContent = resignDialog.dataset.failed;  // the hall did not answer
      } finally {
        confirm.disabled = false;
      }
    });
  }

  // The advisor: its ranking goes on the action buttons themselves (a badge with the estimate
  // and its precision; "best" when one action stands out, "as good" on those it cannot tell
  // from the best), its summary right under them; both kept over re-renders of the
  // same position.
  let advice = null;
  function placeAdvice() {
    const buttons = box.querySelectorAll("section.actions button.act");
    if (buttons.length) buttons[buttons.length - 1].after(hintPanel);  // under the ranked buttons
    else box.after(hintPanel);
    if (!advice || advice.seq !== seq || !advice.data.iterations) return;
    const { data, button } = advice;
    const [solo, multi] = button.dataset.value.split("|");
    const decimals = (digits) =>
      new Intl.NumberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    const pct = (x) => decimals(data.solo ? 0 : 1).format(100 * x);
    data.actions.forEach((row, rank) => {
      const target = [...box.querySelectorAll("button.act")]
        .find((b) => b.dataset.action === row.action);
      if (!target) return;
      target.querySelector(".advice")?.remove();
      const badge = document.createElement("span");
      badge.dataset.rank = String(rank + 1);
      badge.className = "advice" + (row.close ? " close" : "") + (rank === 0 && data.stands_out ? " best" : "");
      const tag = rank === 0 && data.stands_out ? button.dataset.best : row.close ? button.dataset.close : "";
      badge.textContent = `${tag ? tag + " · " : ""}${pct(row.value)}\u00a0% ± ${pct(row.error)}`;
      badge.title = `${data.solo ? solo : multi} · ${button.dataset.rank.replace("{rank}", rank + 1)}`;
      target.append(badge);
      target.classList.toggle("advised", rank === 0 && data.stands_out);
    });
  }

  async function hint(button) {
    const asked = seq;
    hintPanel.textContent = button.dataset.thinking;
    const response = await fetch(`/api/tables/${table}/hint?lang=${lang}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ seq }),
    });
    const data = await response.json().catch(() => ({ error: response.statusText }));
    if (asked !== seq) return;  // the table moved on while the advisor thought
    if (!response.ok) { hintPanel.textContent = data.error || data.detail; return; }
    const summary = document.createElement("p");
    const count = new Intl.NumberFormat(lang).format(data.iterations);
    const seconds = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      .format(data.seconds);
    summary.textContent = data.summary;
    const work = document.createElement("p");
    work.className = "dim";
    work.textContent = button.dataset.title.replace("{iterations}", count).replace("{seconds}", seconds);
    hintPanel.replaceChildren(summary, work);
    advice = { seq: asked, data, button };
    placeAdvice();
  }

  // Two-step actions: pick a piece (a rolled die), then drop it on a target (a card, a slot);
  // the table's data-compose template ("apply {pick} {drop}") names the action, which is sent
  // only when it is one of the legal actions shown.
  let picked = null;
  function gameRoot() {  // the game's table, after the players, a held seat's note and the entry panel
    return box.querySelector(":scope > :not(.companion, .players, .held)") || box.firstElementChild;
  }
  function legal(action) {
    return [...box.querySelectorAll("button.act")].some((b) => b.dataset.action === action);
  }
  function pick(element) {
    box.querySelectorAll("[data-pick].selected").forEach((e) => e.classList.remove("selected"));
    picked = element && element !== picked ? element : null;
    if (picked) picked.classList.add("selected");
    box.querySelectorAll("[data-drop]").forEach((target) => {
      const root = gameRoot();
      const action = picked && root.dataset.compose
        .replace("{pick}", picked.dataset.pick).replace("{drop}", target.dataset.drop);
      target.classList.toggle("droppable", Boolean(picked && legal(action)));
    });
  }

  box.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (seated && button && button.classList.contains("entry")) {
      post("chance", { seq, entry: button.dataset.action });
      return;
    }
    if (seated && button && button.classList.contains("correct")) { post("correct", { seq }); return; }
    if (seated && button && button.matches(".act, .do")) {
      post("actions", { seq, action: button.dataset.action });
      return;
    }
    if (seated && button && button.classList.contains("undo")) { post("undo", { seq }); return; }
    if (seated && button && button.classList.contains("hint")) { hint(button); return; }
    if (seated && button && button.classList.contains("back")) { location.reload(); return; }
    if (!seated) return;
    const pickable = event.target.closest("[data-pick]");
    if (pickable) { pick(pickable); return; }
    const target = event.target.closest("[data-drop]");
    if (target && picked) {
      const action = gameRoot().dataset.compose
        .replace("{pick}", picked.dataset.pick).replace("{drop}", target.dataset.drop);
      picked = null;
      if (legal(action)) post("actions", { seq, action });
      else notice.textContent = action + " ✗";
    }
  });

  box.addEventListener("submit", async (event) => {
    const form = event.target.closest("form.entry-form");
    if (!form) return;
    event.preventDefault();
    const input = form.querySelector("input.entry-text");
    if (!seated || !input.value.trim()) return;
    typing = true;
    if (!(await post("chance", { seq, entry: input.value }))) input.select();
  });

  document.addEventListener("keydown", (event) => {
    if (resignDialog?.open) return;  // the dialog has the keys (Escape closes it)
    if (event.key === "Escape" && event.target.matches("input.entry-text")) {
      typing = false;
      event.target.blur();  // the keys name outcomes again
      return;
    }
    if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey) return;
    if (event.metaKey) return;
    const entries = [...box.querySelectorAll("button.entry")];
    if (entries.length) {
      const key = event.key.toLowerCase();
      const chosen = entries.find((b) => b.dataset.key === event.key)
        || entries.find((b) => b.dataset.suffix.length === 1 && b.dataset.suffix.toLowerCase() === key);
      if (chosen) { event.preventDefault(); chosen.click(); return; }
      if (event.key === "/") {
        event.preventDefault();
        box.querySelector("input.entry-text")?.focus();
        return;
      }
    }
    if (event.key === "Backspace" && box.querySelector("button.correct")) {
      event.preventDefault();
      box.querySelector("button.correct").click();
      return;
    }
    if (actionKey(event.key)) { event.preventDefault(); return; }
    if (event.key === "u") box.querySelector("button.undo")?.click();
    if (event.key === "h") box.querySelector("button.hint")?.click();
  });

  // An action's key (data-key, from core.keys) means the same kind of action at every turn:
  // its kind's letter, then for a kind offering several the digit of the one meant. The
  // letter waits for the digit (its buttons marked); a key that continues no action's key
  // starts afresh, and one that starts none does nothing (a digit alone never plays).
  let typed = { keys: "", seq: null };
  function actionKey(key) {
    if (key.length !== 1 && key !== "Escape") return false;  // Shift and the like: still waiting
    const buttons = [...box.querySelectorAll("button.act[data-key]")];
    const seq = buttons.length ? buttons[0].dataset.seq : null;
    const pressed = key.toLowerCase();
    const tries = typed.keys && typed.seq === seq ? [typed.keys + pressed, pressed] : [pressed];
    for (const keys of tries) {
      const exact = buttons.find((b) => b.dataset.key === keys);
      if (exact || buttons.some((b) => b.dataset.key.startsWith(keys))) {
        markTyped(exact ? "" : keys, buttons, seq);
        exact?.click();
        return true;
      }
    }
    markTyped("", buttons, seq);
    return false;
  }
  function markTyped(keys, buttons, seq) {
    typed = { keys, seq };
    const waiting = buttons.filter((b) => keys && b.dataset.key.startsWith(keys));
    buttons.forEach((b) => b.classList.toggle("keying", waiting.includes(b)));
    waiting[0]?.scrollIntoView({ block: "nearest" });  // in the actions bar, which scrolls
  }

  connect();
})();
