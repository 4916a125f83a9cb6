"""The review's list in the page (web/render/replay_view.py): the engine's list as it is
(mistakes of at least 3 points only), each labelled by turn and player exactly as the
replay's turn menu labels the turn of that step ("Turn 12: Ann")."""

from lepeuple import new_game
from lepeuple.bots import choose
from lepeuple.coach.review import MIN_LOSS, Review
from lepeuple.core.rng import Rng
from lepeuple.core.view import view
from web.markup import text_of
from web.model import botrunner
from web.model.newgame import Seat
from web.model.replay_game import Replay
from web.render.replay_view import review_panel, turn_label

SEATS = [Seat("human", name="Ann"), Seat("bot", level="easy"), Seat("bot", level="easy")]


def finished_record(seed):
    g = new_game(3, {"target": 8}, seed)
    mix = Rng(seed)
    while not g.is_over:
        s = g.to_move
        g.apply(choose(view(g, s), "random" if s == 0 else "greedy", mix.next64()))
    return g.record()


def replay_menu_label(replay, index):
    """The label the replay's "jump to a turn" menu gives the turn of step `index`."""
    from web.i18n import t
    from web.render.common import player_name

    turns = replay.turn_starts()
    n, (_, seat) = max(((n, ks) for n, ks in enumerate(turns) if ks[0] <= index), key=lambda x: x[0])
    return t("replay.turn_n", n=n + 1, name=player_name(replay.seats, seat))


def test_the_review_list_labels_each_mistake_by_the_replays_turn_and_player():
    record = finished_record(3)
    replay = Replay([s.to_json() for s in SEATS], record, botrunner.levels())
    review = Review(record, 0, "hard:24", seed=1, budget=8)
    result = review.run()
    assert result["mistakes"] and all(m["loss"] >= MIN_LOSS for m in result["mistakes"])
    # Every decision's turn, not only the listed ones, is the replay's.
    for e in review.entries:
        assert turn_label(e, replay.seats) == replay_menu_label(replay, e["index"])
    text = text_of(review_panel({"seat": 0, "result": result}, replay))
    for m in result["mistakes"]:
        assert f"{replay_menu_label(replay, m['index'])} — played" in text
    assert text.count("win chance") == len(result["mistakes"])
