"""Self-play training of a policy/value net guided by MCTS on a permutation puzzle."""
import torch
import torch.nn as nn

from puzzle import PermutationPuzzle
from search import TranspositionMCTS

CONFIG = {"c_puct": 1.4, "simulations": 24, "episodes": 3, "scramble": 3, "max_moves": 6, "lr": 1e-2}


class PolicyValueNet(nn.Module):
    def __init__(self, in_dim, n_actions):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(in_dim, 32), nn.ReLU())
        self.policy = nn.Linear(32, n_actions)
        self.value = nn.Linear(32, 1)

    def forward(self, x):
        h = self.body(x)
        return self.policy(h), torch.tanh(self.value(h)).squeeze(-1)


def play_episode(net, env, gen):
    state = env.scramble(gen, CONFIG["scramble"])
    examples = []
    for _ in range(CONFIG["max_moves"]):
        if env.solved(state):
            break
        counts = TranspositionMCTS(net, env, CONFIG).run(state)
        pi = torch.tensor(counts, dtype=torch.float32) / sum(counts)
        examples.append((env.encode(state), pi))
        state = env.step(state, int(pi.argmax()))
    z = torch.full((len(examples),), 1.0 if env.solved(state) else -1.0)
    return torch.stack([e[0] for e in examples]), torch.stack([e[1] for e in examples]), z


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    env = PermutationPuzzle()
    net = PolicyValueNet(env.size * env.size, env.n_actions)
    opt = torch.optim.Adam(net.parameters(), lr=CONFIG["lr"])
    for episode in range(CONFIG["episodes"]):
        x, pi, z = play_episode(net, env, gen)
        logits, v = net(x)
        loss = -(pi * torch.log_softmax(logits, -1)).sum(-1).mean() + (v - z).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode}: {len(x)} moves, loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
