"""Tree speculative decoding: a coarsely quantized copy of the target LM proposes a token tree (top-k children per
level), the target LM scores every node in one forward pass under a tree attention mask, and
the longest branch that matches the target's greedy choices is committed."""
import copy
import math

import torch
import torch.nn as nn

CONFIG = {"vocab": 32, "dim": 48, "max_pos": 96, "draft_step": 0.125,
          "depth": 3, "branch": 2, "new_tokens": 16}


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, max_pos):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_pos, dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids, positions=None, allowed=None):
        t = ids.numel()
        positions = torch.arange(t) if positions is None else torch.tensor(positions)
        allowed = torch.ones(t, t, dtype=torch.bool).tril() if allowed is None else allowed
        x = self.tok(ids) + self.pos(positions)
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        att = (q @ k.T / math.sqrt(x.size(-1))).masked_fill(~allowed, float("-inf"))
        x = x + att.softmax(-1) @ v
        return self.head(x + self.mlp(x))


class DraftNode:
    def __init__(self, token, parent=None, logp=0.0):
        self.token = token
        self.parent = parent
        self.depth = 0 if parent is None else parent.depth + 1
        self.logp = logp + (parent.logp if parent is not None else 0.0)
        self.path = (parent.path if parent is not None else []) + [self]  # cycle
        self.index = -1

    def branch_tokens(self):
        return [node.token for node in self.path[1:]]


class TreeSpeculator:
    def __init__(self, target, draft, cfg):
        self.target, self.draft, self.cfg = target, draft, cfg
        self.proposed = self.accepted = 0

    def build_tree(self, context):
        root = DraftNode(context[-1])
        frontier, nodes = [root], []
        for _ in range(self.cfg["depth"]):
            children = []
            for node in frontier:
                ids = torch.tensor(context + node.branch_tokens())
                logp = self.draft(ids)[-1].log_softmax(-1)
                top = logp.topk(self.cfg["branch"])
                for lp, tok in zip(top.values.tolist(), top.indices.tolist()):
                    children.append(DraftNode(tok, node, lp))
            frontier = children
            nodes.extend(children)
        for i, node in enumerate(nodes):
            node.index = i
        return root, nodes

    def verify(self, context, root, nodes):
        n_ctx = len(context)
        ids = torch.tensor(context + [node.token for node in nodes])
        positions = list(range(n_ctx)) + [n_ctx - 1 + node.depth for node in nodes]
        allowed = torch.zeros(len(ids), len(ids), dtype=torch.bool)
        allowed[:n_ctx, :n_ctx] = torch.ones(n_ctx, n_ctx, dtype=torch.bool).tril()
        for node in nodes:
            allowed[n_ctx + node.index, :n_ctx] = True
            for anc in node.path[1:]:
                allowed[n_ctx + node.index, n_ctx + anc.index] = True
        greedy = self.target(ids, positions, allowed).argmax(-1).tolist()
        current, want, accepted = root, greedy[n_ctx - 1], []
        while True:
            match = [n for n in nodes if n.parent is current and n.token == want]
            if not match:
                return accepted + [want]
            current = match[0]
            accepted.append(current.token)
            want = greedy[n_ctx + current.index]

    @torch.no_grad()
    def generate(self, prompt):
        context = list(prompt)
        while len(context) - len(prompt) < self.cfg["new_tokens"]:
            root, nodes = self.build_tree(context)
            committed = self.verify(context, root, nodes)
            self.proposed += self.cfg["depth"]
            self.accepted += len(committed) - 1
            context.extend(committed)
        return context[len(prompt):]


@torch.no_grad()
def quantized_copy(model, step):
    draft = copy.deepcopy(model)
    for p in draft.parameters():
        p.copy_(torch.round(p / step) * step)
    return draft


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    target = TinyLM(cfg["vocab"], cfg["dim"], cfg["max_pos"]).eval()
    draft = quantized_copy(target, cfg["draft_step"])
    spec = TreeSpeculator(target, draft, cfg)
    for prompt in ([1, 4, 9], [2, 3, 5, 7, 11]):
        print(prompt, "->", spec.generate(prompt))
    print(f"acceptance {spec.accepted}/{spec.proposed}")


if __name__ == "__main__":
    main()
