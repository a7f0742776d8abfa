"""Token-permutation puzzle: sort four tokens using adjacent swaps and a rotation."""
import torch

ACTIONS = ("swap01", "swap12", "swap23", "rotate")


class PermutationPuzzle:
    def __init__(self, size=4):
        self.size = size
        self.n_actions = len(ACTIONS)
        self.goal = tuple(range(size))

    def step(self, state, action):
        s = list(state)
        if action < 3:
            s[action], s[action + 1] = s[action + 1], s[action]
        else:
            s = s[1:] + s[:1]
        return tuple(s)

    def solved(self, state):
        return state == self.goal

    def encode(self, state):
        return torch.nn.functional.one_hot(torch.tensor(state), self.size).float().flatten()

    def scramble(self, gen, moves):
        state = self.goal
        for _ in range(moves):
            state = self.step(state, int(torch.randint(len(ACTIONS), (1,), generator=gen)))
        return state
