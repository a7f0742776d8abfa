"""MCTS navigation on a small undirected graph; tree edges are stored as state keys."""
import math

import torch
import torch.nn as nn

N_NODES = 8
NEIGHBOURS = [((i - 1) % N_NODES, (i + 1) % N_NODES, (i + 4) % N_NODES) for i in range(N_NODES)]
CFG = {"simulations": 20, "c_puct": 1.5, "max_steps": 5, "episodes": 3}


def encode(state):
    here, goal = state
    return torch.cat([torch.eye(N_NODES)[here], torch.eye(N_NODES)[goal]])


class SearchNode:
    __slots__ = ("prior", "visits", "value_sum", "edges")

    def __init__(self, prior):
        self.prior, self.visits, self.value_sum = prior, 0, 0.0
        self.edges = {}

    def q(self):
        return self.value_sum / self.visits if self.visits else 0.0


class KeyedMCTS:
    def __init__(self, net):
        self.net = net
        self.table = {}

    def _expand(self, state):
        with torch.no_grad():
            logits, value = self.net(encode(state).unsqueeze(0))
        priors = torch.softmax(logits[0], -1).tolist()
        node = self.table[state]
        for a, nxt in enumerate(NEIGHBOURS[state[0]]):
            key = (nxt, state[1])
            self.table.setdefault(key, SearchNode(priors[a]))
            node.edges[a] = key
        return float(value)

    def _select(self, node):
        total = math.sqrt(node.visits + 1)
        scored = []
        for a, key in node.edges.items():
            child = self.table[key]
            scored.append((child.q() + CFG["c_puct"] * child.prior * total / (1 + child.visits), a, key))
        return max(scored)[1:]

    def run(self, root):
        self.table[root] = SearchNode(1.0)
        for _ in range(CFG["simulations"]):
            key, path = root, [root]
            while self.table[key].edges and key[0] != key[1]:
                _, key = self._select(self.table[key])
                if key in path:
                    break
                path.append(key)
            value = 1.0 if key[0] == key[1] else self._expand(key)
            for k in path:
                self.table[k].visits += 1
                self.table[k].value_sum += value
        edges = self.table[root].edges
        return [self.table[edges[a]].visits for a in sorted(edges)]


def main():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Linear(2 * N_NODES, 32), nn.ReLU(), nn.Linear(32, 4))

    def heads(x):
        out = net(x)
        return out[:, :3], torch.tanh(out[:, 3])

    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    for episode in range(CFG["episodes"]):
        state = (episode % N_NODES, (episode + 3) % N_NODES)
        xs, pis = [], []
        for _ in range(CFG["max_steps"]):
            if state[0] == state[1]:
                break
            counts = torch.tensor(KeyedMCTS(heads).run(state), dtype=torch.float32)
            xs.append(encode(state))
            pis.append(counts / counts.sum())
            state = (NEIGHBOURS[state[0]][int(counts.argmax())], state[1])
        z = torch.full((len(xs),), 1.0 if state[0] == state[1] else -1.0)
        logits, v = heads(torch.stack(xs))
        loss = -(torch.stack(pis) * torch.log_softmax(logits, -1)).sum(-1).mean() + (v - z).pow(2).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"episode {episode}: reached={state[0] == state[1]} loss={loss.item():.3f}")


if __name__ == "__main__":
    main()
