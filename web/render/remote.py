"""Playing with friends on their own devices (docs/remote.md): the host's invitations,
the guest's joining screen, and a bar on a friend's table saying whether the host is there.

Each thing to send (an invitation, a reply, a request to rejoin) is shown the same
way: the link to copy, Copy and Share, and its QR code (an empty element with
data-qr: the browser draws it, web/page/qr.mjs). Each box where one comes back has
Scan beside it, which shows the camera in place (an empty element with data-scan:
the browser shows the camera in it and reads the code, web/page/scan.mjs).

`scan` is (the box the camera reads for, or None; how many times Scan was pressed).
"""

from ..i18n import t
from ..markup import classes, h
from .common import badge, button, player_name


def sendable(text, ident, testid, copied=False):
    """A link to send: the text itself (read-only, to copy by hand), Copy, Share, its QR code."""
    return h("div", {"class": "sendable", "data-testid": testid},
             h("input", {"type": "text", "readonly": True, "value": text, "class": "share-link",
                         "aria-label": t("net.link"), "data-testid": testid + "-link"}),
             h("div", {"class": "form-actions"},
               button(t("net.copy"), "net-copy", ident, cls="btn primary", attrs={"data-testid": testid + "-copy"}),
               button(t("net.share"), "net-share", ident, cls="btn", attrs={"data-testid": testid + "-share"}),
               h("span", {"class": "share-said", "role": "status"}, t("net.copied")) if copied else None),
             h("div", {"class": "qr", "data-qr": text, "role": "img", "aria-label": t("net.qr"),
                       "data-testid": testid + "-qr"}))


def paste_box(name, label, testid, scan, scan_label):
    """Where a code that came back is pasted (read when the field changes: on leaving it or
    Enter), or scanned: the camera shows under the box, which stays usable."""
    return h("div", {"class": "paste"},
             h("label", {"class": "field"}, h("span", label),
               h("input", {"type": "text", "name": name, "data-change": "net-paste", "autocomplete": "off",
                           "spellcheck": "false", "data-testid": testid})),
             button(t("net.connect"), "net-connect", cls="btn", attrs={"data-testid": testid + "-connect"}),
             scan_place(name, scan_label, scan, testid))


def scan_place(target, label, scan, testid):
    """Scan, which asks for the camera; or, once pressed, the camera's view and Cancel. The
    page shows the camera in the data-scan element, once per press (data-ticket), reads the
    QR code it sees for `target`, and stops the camera when it has one or the element is gone."""
    scanning, ticket = scan
    if scanning != target:
        return button(label, "net-scan", target, cls="btn", attrs={"data-testid": testid + "-scan"})
    return h("div", {"class": "scanner", "data-testid": testid + "-scanner"},
             h("div", {"class": "scan-view", "data-scan": target, "data-ticket": str(ticket), "role": "img",
                       "aria-label": t("net.scan.view")}),
             h("p", {"class": "muted"}, t("net.scan.hint")),
             button(t("net.scan.cancel"), "net-scan-stop", cls="btn", attrs={"data-testid": testid + "-scan-cancel"}))


def join_offer(scan, trouble=None):
    """On a page with no friend's game: join one by its invitation, scanned (or its link opened)."""
    return h("div", {"class": "join-offer", "data-testid": "join-offer"},
             h("p", t("net.scan.join")),
             scan_place("invite", t("net.scan.invite"), scan, "join"),
             h("p", {"class": "notice", "role": "alert", "data-testid": "join-scan-trouble"}, trouble)
             if trouble else None)


# ----- the host --------------------------------------------------------------

def host_panel(rows, seats, stun, trouble=None, sheet=None, scan=(None, 0)):
    """The friends' seats on the host's table, as one compact bar so that the board stays in
    view: each seat's badge, name and state (invited, connected, away, a bot's), and one
    button that opens its invitation in a sheet over the table (`sheet`: that seat's row)."""
    return h("section", {"class": "remote-panel", "data-region": "remote", "data-testid": "remote-panel",
                         "aria-label": t("net.heading")},
             h("ul", {"class": "remote-seats"}, [_seat_chip(row, seats) for row in rows]),
             h("p", {"class": "notice", "role": "alert", "data-testid": "remote-trouble"}, trouble)
             if trouble and sheet is None else None,
             stun_setting(stun),
             invitation_sheet(sheet, seats, trouble, scan) if sheet is not None else None)


def _seat_name(row, seats):
    return player_name(seats, row["seat"]) if row["state"] != "bot" else row["name"] or t("default.name", n=row["seat"] + 1)


def _word(row):
    """A seat's state in one word: invited, connected, away (it was connected, and dropped), a bot's."""
    if row["state"] in ("here", "bot"):
        return {"here": "connected", "bot": "bot"}[row["state"]]
    return "away" if row.get("away") else "invited"


def _seat_chip(row, seats):
    seat, state = row["seat"], row["state"]
    name = _seat_name(row, seats)
    if state == "bot":
        act = button(t("net.give_back", name=name), "net-back", seat, cls="btn ghost",
                     attrs={"data-testid": f"back-{seat}"})
    else:
        act = button(t("net.invitation") if state != "here" else t("net.seat_menu"), "net-open", seat,
                     cls="btn primary" if state != "here" else "btn ghost",
                     attrs={"data-testid": f"open-invite-{seat}", "aria-haspopup": "dialog"})
    return h("li", {"class": classes("remote-seat", f"seat-{seat}", "is-" + _word(row)), "data-seat": seat,
                    "data-key": f"remote-{seat}", "data-testid": f"remote-seat-{seat}"},
             badge(seat, size=20),
             h("span", {"class": "remote-name"}, name),
             h("span", {"class": "remote-state", "data-testid": f"remote-state-{seat}"},
               t("net.word." + _word(row))), act)


def invitation_sheet(row, seats, trouble=None, scan=(None, 0)):
    """One friend's seat in a sheet over the table: its invitation (or the answer to its
    request to rejoin) with where the reply goes, and the seat's buttons."""
    seat, state = row["seat"], row["state"]
    name = _seat_name(row, seats)
    parts = [h("h2", {"id": "invite-title"}, badge(seat, size=24), " ", t("net.state." + state, name=name))]
    if trouble:
        parts.append(h("p", {"class": "notice", "role": "alert", "data-testid": "remote-trouble"}, trouble))
    if row.get("error"):
        parts.append(h("p", {"class": "notice"}, t("net.error", reason=row["error"])))
    if row.get("text"):
        parts.append(h("p", t("net.answer_to_send" if row["answer"] else "net.invite_to_send", name=name)))
        parts.append(sendable(row["text"], row["peer"], f"invite-{seat}", row.get("copied")))
        if not row["answer"]:
            parts.append(paste_box(f"reply-{seat}", t("net.paste_reply", name=name), f"reply-{seat}", scan,
                                   t("net.scan.reply", name=name)))
    elif state == "making":
        parts.append(h("p", {"class": "muted"}, t("net.making")))
    parts.append(h("div", {"class": "form-actions"}, _seat_buttons(seat, state, name),
                   button(t("net.close"), "net-close", cls="btn", attrs={"data-testid": "close-invite",
                                                                        "data-focus": True})))
    return h("div", {"class": "overlay invite-sheet", "role": "dialog", "aria-modal": "true",
                     "aria-labelledby": "invite-title", "data-testid": f"invite-sheet-{seat}"},
             h("div", {"class": "dialog"}, parts))


def away_actions(seat, name):
    """Under the prompt while the game waits on a friend who is not connected: the two ways on."""
    return [button(t("net.invite_again", name=name), "net-open", seat, cls="btn primary",
                   attrs={"data-testid": f"invite-again-{seat}"}),
            button(t("net.give_bot"), "net-bot", seat, cls="btn", attrs={"data-testid": f"away-bot-{seat}"})]


def _seat_buttons(seat, state, name):
    if state == "bot":
        return [button(t("net.give_back", name=name), "net-back", seat, cls="btn", attrs={"data-testid": f"back-{seat}"})]
    out = []
    if state != "here":
        out.append(button(t("net.new_invite"), "net-invite", seat, cls="btn ghost", attrs={"data-testid": f"new-invite-{seat}"}))
    out.append(button(t("net.give_bot"), "net-bot", seat, cls="btn ghost", attrs={"data-testid": f"bot-{seat}"}))
    return out


def stun_setting(stun):
    """Off by default: the STUN servers that let devices find each other over the internet."""
    urls, refused = stun
    return h("details", {"class": "stun", "data-testid": "stun"},
             h("summary", t("net.stun.heading") if not urls else t("net.stun.on", urls=" ".join(urls))),
             h("p", t("net.stun.text")),
             h("label", {"class": "field"}, h("span", t("net.stun.label")),
               h("input", {"type": "text", "name": "stun", "data-change": "net-stun", "value": " ".join(urls),
                           "placeholder": t("net.stun.placeholder"), "autocomplete": "off", "spellcheck": "false",
                           "data-testid": "stun-input"})),
             h("p", {"class": "notice", "role": "alert"}, t("net.stun.refused", words=" ".join(refused)))
             if refused else None)


# ----- a friend's device --------------------------------------------------------

def guest_bar(state, seat_name, rejoin=None, trouble=None, scan=(None, 0)):
    """On a friend's table: the host is here, or away (the game waits: ask to rejoin)."""
    parts = [h("p", {"class": "remote-state", "data-testid": "guest-state"}, t("net.guest." + state, name=seat_name))]
    if trouble:
        parts.append(h("p", {"class": "notice", "role": "alert", "data-testid": "guest-trouble"}, trouble))
    if state == "away":
        parts.append(rejoin_box(rejoin, scan))
    return h("div", {"class": classes("remote-bar", away=state != "here"), "data-region": "remote",
                     "data-testid": "remote-bar"}, parts)


def rejoin_box(rejoin, scan):
    """Asking the host to take one's seat again: the request to send, the host's answer to paste."""
    if rejoin is None:
        return button(t("net.rejoin"), "net-rejoin", cls="btn primary", attrs={"data-testid": "rejoin"})
    if not rejoin.get("text"):
        return h("p", {"class": "muted"}, t("net.making"))
    return h("div", {"class": "rejoin"},
             h("p", t("net.rejoin_to_send")),
             sendable(rejoin["text"], rejoin["peer"], "rejoin", rejoin.get("copied")),
             paste_box("answer", t("net.paste_answer"), "answer", scan, t("net.scan.answer")))


def join_screen(joining, trouble=None, forward=None, scan=(None, 0), join_trouble=None):
    """A friend's device before it has a table: its reply being made, then shown to send
    back; a request to rejoin; or a link opened in a tab of its own, handed on. A link that
    could not be read leaves a way to scan the invitation instead."""
    body = []
    if trouble:
        body.append(h("p", {"class": "notice", "role": "alert", "data-testid": "join-trouble"}, trouble))
    if forward is not None:
        body.append(_forwarded(forward))
    elif joining is not None:
        body += _joining(joining, scan)
    else:
        body.append(join_offer(scan, join_trouble))
    return h("section", {"class": "join-screen dialog", "data-testid": "join-screen"},
             h("h2", t("net.join.heading")), body,
             h("div", {"class": "form-actions"},
               button(t("net.leave"), "net-leave", cls="btn ghost", attrs={"data-testid": "leave"})))


def _joining(joining, scan):
    """`joining`: {"kind": "answer" (a reply to an invitation) or "rejoin", "seat", "peer":
    the link being made (None: none asked yet; its "text" None: not made yet)}."""
    kind, seat, peer = joining["kind"], joining["seat"], joining["peer"]
    name = joining.get("name") or t("default.name", n=seat + 1)
    out = [h("p", {"data-testid": "join-seat"}, t("net.join.seat", n=seat + 1, name=name))]
    if kind == "rejoin":
        out.append(rejoin_box(peer, scan))
    elif peer is not None and peer["text"]:
        out += [h("p", t("net.reply_to_send")), sendable(peer["text"], peer["peer"], "reply", peer["copied"]),
                h("p", {"class": "muted"}, t("net.waiting_host"))]
    else:
        out.append(h("p", {"class": "muted"}, t("net.making")))
    return out


def _forwarded(forward):
    if forward["heard"] is None:
        return h("p", {"class": "muted"}, t("net.forward.trying"))
    if forward["heard"]:
        return h("p", {"data-testid": "forwarded"}, t("net.forward.heard"))
    return h("div", {"data-testid": "forwarded"},
             h("p", t("net.forward.unheard")),
             h("input", {"type": "text", "readonly": True, "value": forward["text"], "class": "share-link",
                         "aria-label": t("net.code"), "data-testid": "forward-code"}),
             button(t("net.copy"), "net-copy", "forward", cls="btn primary", attrs={"data-testid": "forward-copy"}))
