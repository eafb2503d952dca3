// gamehall lobby: show the chosen game's options, its player counts, its bots' strengths, and
// as many seat choices as players.
(function () {
  const game = document.getElementById("game");
  const players = document.getElementById("players");
  const sync = () => {
    const chosen = game.selectedOptions[0];
    const [low, high] = [Number(chosen.dataset.min), Number(chosen.dataset.max)];
    players.querySelectorAll("option").forEach(o => { o.disabled = o.value < low || o.value > high; });
    if (players.selectedOptions[0].disabled) players.value = String(Math.min(Math.max(3, low), high));
    document.querySelectorAll(".game-options").forEach(el => {
      el.hidden = el.dataset.game !== game.value; el.disabled = el.hidden;
    });
    // A strength the game's bots do not have is hidden; a menu set to one takes the game's own.
    const bots = chosen.dataset.bots.split(" ");
    document.querySelectorAll("option[data-bot]").forEach(o => {
      o.hidden = o.disabled = !bots.includes(o.dataset.bot);
    });
    document.querySelectorAll("select:has(option[data-bot])").forEach(menu => {
      const fallback = menu.querySelector(`option[data-bot="${chosen.dataset.defaultBot}"]`);
      if (menu.selectedOptions[0]?.disabled && fallback) menu.value = fallback.value;
    });
    document.querySelectorAll(".seat-choice").forEach(el => {
      const shown = Number(el.dataset.seat) < Number(players.value);
      el.hidden = !shown; el.querySelector("select").disabled = !shown;
    });
  };
  game.addEventListener("change", sync); players.addEventListener("change", sync); sync();
  // A menu that depends on another (a 20 Strong hero on its deck) offers only what goes with
  // that one's choice; a choice that no longer fits falls back to the first that does.
  document.querySelectorAll("select[data-depends]").forEach(menu => {
    const master = document.getElementById(menu.dataset.depends);
    if (!master) return;
    const filter = () => {
      menu.querySelectorAll("option[data-when]").forEach(o => {
        o.hidden = o.disabled = o.dataset.when !== master.value;
      });
      if (menu.selectedOptions[0]?.disabled) {
        menu.value = [...menu.options].find(o => !o.disabled)?.value ?? "";
      }
    };
    master.addEventListener("change", filter); filter();
  });
  // A refused form comes back filled in as it was sent, its reason at its top: show it.
  const refused = document.getElementById("form-error");
  if (refused) { refused.scrollIntoView({ block: "center" }); refused.focus({ preventScroll: true }); }
})();
