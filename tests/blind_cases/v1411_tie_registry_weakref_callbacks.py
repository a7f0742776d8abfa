"""Tiny language model whose input embedding and output projection share one weight."""
import functools
import weakref
from collections import defaultdict

import torch
import torch.nn as nn
import torch.nn.functional as F


class TiedWeightRegistry:
    """Remembers which modules share a parameter so the ties can be re-applied after loading."""

    def __init__(self):
        self._groups = defaultdict(dict)

    def tie(self, key, source, target, attr="weight"):
        setattr(target, attr, getattr(source, attr))
        for module in (source, target):
            ref = weakref.ref(module, functools.partial(self._forget, key, id(module)))
            self._groups[key][id(module)] = (ref, attr)

    def _forget(self, key, module_id, _ref):
        group = self._groups.get(key)
        if group is not None:
            group.pop(module_id, None)
            if not group:
                del self._groups[key]

    def retie(self):
        for group in self._groups.values():
            live = [(ref(), attr) for ref, attr in group.values() if ref() is not None]
            (src, attr), rest = live[0], live[1:]
            for module, name in rest:
                setattr(module, name, getattr(src, attr))

    def __len__(self):
        return sum(len(g) for g in self._groups.values())


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab, bias=False)
        self.ties = TiedWeightRegistry()
        self.ties.tie("embedding", self.embed, self.lm_head)

    def load_state_dict(self, state_dict, strict=True):
        result = super().load_state_dict(state_dict, strict)
        self.ties.retie()
        return result

    def forward(self, tokens):
        hidden, _ = self.rnn(self.embed(tokens))
        return self.lm_head(hidden)


def train_lm(seed, steps=3):
    torch.manual_seed(seed)
    model = TinyLM()
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        tokens = torch.randint(0, 50, (4, 12))
        logits = model(tokens[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, 50), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    snapshot = {k: v.clone() for k, v in model.state_dict().items()}
    model.load_state_dict(snapshot)
    assert model.lm_head.weight is model.embed.weight
    return loss.item(), len(model.ties)


def main():
    for seed in range(3):
        print(seed, train_lm(seed))


if __name__ == "__main__":
    main()
