"""Apply rank-one edits to small pretrained language models, one editor per model."""
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

from rome_editor import RomeEditor

HPARAMS = {"layer": 1, "v_steps": 8, "v_lr": 0.5}


class TinyLM(nn.Module):
    def __init__(self, vocab=32, d_model=16, d_ff=32, n_layer=2):
        super().__init__()
        self.wte = nn.Embedding(vocab, d_model)
        self.h = nn.ModuleList(nn.ModuleDict({"mlp": nn.Sequential(OrderedDict(
            c_fc=nn.Linear(d_model, d_ff), act=nn.GELU(), c_proj=nn.Linear(d_ff, d_model)))})
            for _ in range(n_layer))
        self.lm_head = nn.Linear(d_model, vocab, bias=False)

    def forward(self, tokens):
        x = self.wte(tokens)
        for block in self.h:
            x = x + block["mlp"](x)
        return self.lm_head(x)


def pretrain(model, steps=5):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    for _ in range(steps):
        tokens = torch.randint(0, 32, (8, 6))
        loss = F.cross_entropy(model(tokens[:, :-1]).reshape(-1, 32), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    requests = [{"prompt": torch.tensor([3, 7, 11]), "target": 5},
                {"prompt": torch.tensor([4, 9, 2]), "target": 17}]
    for seed in range(2):
        torch.manual_seed(seed)
        model = TinyLM()
        pretrain(model)
        editor = RomeEditor(model, HPARAMS["layer"], HPARAMS)
        stats_batches = [torch.randint(0, 32, (4, 6)) for _ in range(3)]
        for request in requests:
            editor.apply(request, stats_batches)
        with torch.no_grad():
            hits = [model(r["prompt"].unsqueeze(0))[0, -1].argmax().item() == r["target"] for r in requests]
        print(f"seed={seed} edit success={sum(hits)}/{len(hits)}")


if __name__ == "__main__":
    main()
