"""The web hall's routes, one router per concern (``app.create_app`` includes them)."""
