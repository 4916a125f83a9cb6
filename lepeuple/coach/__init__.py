"""What a player is told about the game, worked out from what they may see: on the
core (and, for the review, the bots); the page and the command line use it.

preview.py (what a move would do, from a view), explain.py (an event's points
split by reason, R14), reason.py (why a bot chose: the facts its decision
weighed), review.py (the review, "coach": where a seat lost the most win
chance) and guide_script.py (the guided game's chapters: scripted steps,
each position a scenario)."""
