// gamehall replay page: the step changes in place (no page load): by the buttons, the slider,
// the list of rounds or turns, and the keys (← → a step, Page Up / Page Down a round or turn,
// Home / End the start and the end). Each link still loads its step without scripts.
(function () {
  const nav = document.getElementById("replay");
  if (!nav) return;
  const { table, lang } = nav.dataset;
  const last = Number(nav.dataset.last);
  const slider = nav.querySelector("input[type=range]");
  const chapters = nav.querySelector(".replay-jump select");
  const shown = nav.querySelector(".replay-step");
  const tableBox = document.getElementById("replay-table");
  const log = document.getElementById("replay-log");
  const links = Object.fromEntries([...nav.querySelectorAll("a[data-to]")].map((a) => [a.dataset.to, a]));
  let step = Number(slider.value);
  let asked = 0;  // the latest request wins: a slider drag asks for many steps

  function stepText(n) {
    const count = new Intl.NumberFormat(lang);
    return nav.dataset.stepText.replace("{step}", count.format(n)).replace("{last}", count.format(last));
  }

  function targets(frame) {
    return {
      first: 0, last, prev: Math.max(frame.step - 1, 0), next: Math.min(frame.step + 1, last),
      "prev-part": frame.back, "next-part": frame.on,
    };
  }

  function show(frame) {
    step = frame.step;
    tableBox.innerHTML = frame.html;
    log.replaceChildren(...frame.log.map(([index, line]) => {
      const item = document.createElement("li");
      item.value = index + 1;
      item.textContent = line;
      return item;
    }));
    log.scrollTop = log.scrollHeight;
    slider.value = String(step);
    slider.setAttribute("aria-valuetext", stepText(step));
    shown.textContent = stepText(step);
    if (chapters) chapters.selectedIndex = frame.chapter;
    for (const [name, to] of Object.entries(targets(frame))) {
      if (links[name]) links[name].href = `?step=${to}`;
    }
    history.replaceState(null, "", `?step=${step}`);
  }

  async function go(to) {
    const target = Math.max(0, Math.min(last, to));
    const ticket = ++asked;
    try {
      const response = await fetch(`/t/${table}/replay/frames/${target}?lang=${lang}`);
      if (!response.ok) throw new Error(response.statusText);
      const frame = await response.json();
      if (ticket === asked) show(frame);
    } catch {
      if (ticket === asked) shown.textContent = nav.dataset.failed;
    }
  }

  function stepOf(link) { return Number(new URL(link.href).searchParams.get("step")); }
  // A button or key follows its link as the step shown then has it: presses made while a
  // step loads wait for it, so two quick → make two steps.
  let queue = Promise.resolve();
  function follow(name) { queue = queue.then(() => go(stepOf(links[name]))); }

  nav.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-to]");
    if (!link) return;
    event.preventDefault();
    follow(link.dataset.to);
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  chapters?.addEventListener("change", () => go(Number(chapters.value)));

  const keys = { ArrowLeft: "prev", ArrowRight: "next", PageUp: "prev-part", PageDown: "next-part", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest("select, textarea, input:not([type=range])")) return;
    const name = keys[event.key];
    if (!name || !links[name]) return;
    event.preventDefault();  // the slider's own arrow keys would move it twice
    follow(name);
  });
})();
