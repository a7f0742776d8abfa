"""League members: learning main agents, exploiters and frozen historical snapshots."""
import copy


def pfsp_weights(win_rates, p=2.0):
    return [(1.0 - w) ** p + 1e-3 for w in win_rates]


class Player:
    def __init__(self, name, policy, payoff):
        self.name = name
        self.policy = policy
        self._payoff = payoff  # cycle

    def ready_to_checkpoint(self, steps):
        return False

    def checkpoint(self):
        frozen = copy.deepcopy(self.policy).requires_grad_(False)
        return Historical(f"{self.name}@{len(self._payoff.players)}", frozen, self._payoff)


class Historical(Player):
    learning = False


class MainPlayer(Player):
    learning = True

    def __init__(self, name, policy, payoff, checkpoint_every=2):
        super().__init__(name, policy, payoff)
        self.checkpoint_every = checkpoint_every

    def ready_to_checkpoint(self, steps):
        return steps > 0 and steps % self.checkpoint_every == 0

    def get_match(self, rng):
        candidates = [p for p in self._payoff.players if p is not self]
        weights = pfsp_weights([self._payoff.win_rate(self, p) for p in candidates])
        return rng.choices(candidates, weights=weights)[0]


class MainExploiter(MainPlayer):
    def get_match(self, rng):
        mains = [p for p in self._payoff.players if isinstance(p, MainPlayer) and not isinstance(p, MainExploiter)]
        return rng.choice(mains)
