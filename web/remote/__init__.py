"""Playing with friends on their own devices (docs/remote.md): the host, the protocol, a
seat's game as it was told, the links, and their controller."""
