// Written by scripts/build_site.py from web/contract.py (edit that, not this): the names
// of the messages between the page's thread, its worker and the network.
export const TO_WORKER = ["boot", "command", "change", "file", "hash", "storage", "refused", "moved", "redraw", "net", "scan"];
export const TO_PAGE = ["progress", "marks", "fetched", "beat", "warn", "python", "render", "flag", "store", "move", "lang", "sound", "query", "fragment", "copy", "share", "download", "fields", "error", "ready", "done", "net"];
export const NET_COMMANDS = ["offer", "answer", "accept", "send", "close", "listen-replies", "post-reply"];
export const NET_EVENTS = ["offer", "answer", "open", "message", "closed", "error", "reply", "reply-posted"];
export const INPUTS = ["command", "change", "file", "hash", "scan"];
