"""The web hall: play in the browser, with friends and bots, nothing lost across restarts."""
