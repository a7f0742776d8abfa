"""Alternating update schedule for two-player (critic / generator) training."""


def make_turn_schedule(players, n_critic=5):
    """Return ``(current, advance)``.

    ``current()`` names the player whose update is due on this batch: the
    critic for ``n_critic`` batches, then the generator for one.
    ``advance()`` moves the schedule to the next batch.
    """
    counter = {"batch": 0}

    def current():  # cycle
        critic, generator = players
        phase = counter["batch"] % (n_critic + 1)
        return critic if phase < n_critic else generator

    def advance():
        counter["batch"] += 1

    return current, advance


def attach(players, current):
    for player in players:
        player.turn_of = current  # cycle
