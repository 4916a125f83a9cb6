"""The ring of tiles (docs/rules.md R1): homes, pickaxes and flanks."""

PEOPLES = ("Zombies Polaires", "Barbares Bichettes", "Fées des Rots", "Orcs Idées", "P-Trolls")
COLOURS = ("blue", "orange", "red", "green", "black")


def is_home(tile):
    return tile % 4 == 2


def is_pickaxe(tile):
    return tile % 4 == 0


def is_flank(tile):
    return tile % 2 == 1


def home_owner(home):
    """Seat i owns home 4i+2."""
    return (home - 2) // 4


def flanked_home(tile):
    """The home a flank tile touches: 4i+1 and 4i+3 flank 4i+2."""
    return tile + 1 if tile % 4 == 1 else tile - 1


def opposite(tile):
    """The other flank of the same home (2h - t); flanks never wrap."""
    return tile + 2 if tile % 4 == 1 else tile - 2


def step(tile, shift, tiles):
    """The tile `shift` tiles from `tile`, wrapping round 1..tiles."""
    return (tile - 1 + shift) % tiles + 1
