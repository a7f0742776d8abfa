"""PUCT search with a transposition table shared by all paths of one search."""
import math

import torch


class Node:
    __slots__ = ("state", "prior", "visits", "value_sum", "children", "expanded")

    def __init__(self, state, prior):
        self.state = state
        self.prior = prior
        self.visits = 0
        self.value_sum = 0.0
        self.children = {}
        self.expanded = False

    def q(self):
        return self.value_sum / max(self.visits, 1)


class TranspositionMCTS:
    def __init__(self, net, env, cfg):
        self.net = net
        self.env = env
        self.c_puct = cfg["c_puct"]
        self.simulations = cfg["simulations"]
        self.table = {}

    def _lookup(self, state, prior):
        node = self.table.get(state)
        if node is None:
            node = self.table[state] = Node(state, prior)
        return node

    def _expand(self, node):
        with torch.no_grad():
            logits, value = self.net(self.env.encode(node.state).unsqueeze(0))
        priors = torch.softmax(logits[0], -1).tolist()
        for a in range(self.env.n_actions):
            child = self._lookup(self.env.step(node.state, a), priors[a])
            node.children[a] = child  # cycle
        node.expanded = True
        return float(value)

    def _select(self, node):
        sqrt_n = math.sqrt(node.visits + 1)
        return max(node.children.items(),
                   key=lambda kv: kv[1].q() + self.c_puct * kv[1].prior * sqrt_n / (1 + kv[1].visits))

    def run(self, root_state):
        root = self._lookup(root_state, 1.0)
        for _ in range(self.simulations):
            node, path = root, [root]
            while node.expanded and not self.env.solved(node.state):
                _, node = self._select(node)
                if node in path:
                    break
                path.append(node)
            value = 1.0 if self.env.solved(node.state) else self._expand(node)
            for n in path:
                n.visits += 1
                n.value_sum += value
        return [root.children[a].visits for a in sorted(root.children)]
