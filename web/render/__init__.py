"""Pure functions from what the page knows (views, offers, seats) to markup trees
(web/markup.py). No DOM and no engine state here: only views and the offers
built by web/model/choices.py, so a hand that is not in the view cannot be drawn.
"""
