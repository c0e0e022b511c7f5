"""The site around the game (xuezhan): errors, health, languages, the web app, headers, limits."""
