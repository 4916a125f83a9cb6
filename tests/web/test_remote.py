"""Play with friends on their own devices (issue 41, docs/remote.md): a host App and guest
Apps in one process, their data channels an in-memory network that carries JSON text as
the real one does (tests/web/fakenet.py). Everything is clicked, read and pasted as people
would."""

import random

from remote_kit import play_to_the_end, table

GAME = "?players=human,remote,remote,bot:easy&names=Ann,Bea,Cy&seed=5&speed=instant"


def test_a_whole_game_one_person_at_the_host_two_friends_and_a_bot():
    net, host, guests = table(GAME)
    apps = [host, guests[1], guests[2]]
    play_to_the_end(net, host, apps, random.Random(3))
    game = host.session.game
    for seat, guest in guests.items():
        told = guest.game.lead_game()
        assert told.view == game.view(seat) and told.over
        assert "Game over" in guest.page.dom.text()
        assert told.record == game.record()  # once over, every hand may be shown
    assert "Game over" in host.page.dom.text()
