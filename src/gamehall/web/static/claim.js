// A seat link's page: take the seat at once where scripts run (a link preview runs none, so
// it cannot burn the link); without scripts, the button does it.
document.querySelector("form.claim")?.requestSubmit();
