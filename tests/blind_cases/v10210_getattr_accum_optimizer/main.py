"""Small sequence classifier trained with gradient accumulation; checkpoint state is collected per epoch."""
import torch
import torch.nn as nn

from accum import AccumulatingOptimizer

CFG = {"epochs": 2, "micro_batches": 6, "accumulate": 3, "lr": 2e-3}


class GRUClassifier(nn.Module):
    def __init__(self, vocab=50, dim=16, n_classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.out = nn.Linear(dim, n_classes)

    def forward(self, tokens):
        _, h = self.rnn(self.embed(tokens))
        return self.out(h[-1])


def snapshot(opt):
    state = opt.state_dict()
    return {"n_states": len(state["state"]), "lr": opt.param_groups[0]["lr"]}


def main():
    model = GRUClassifier()
    opt = AccumulatingOptimizer(torch.optim.AdamW(model.parameters(), lr=CFG["lr"]), CFG["accumulate"])
    history = []
    for epoch in range(CFG["epochs"]):
        opt.zero_grad(set_to_none=True)
        for _ in range(CFG["micro_batches"]):
            tokens = torch.randint(0, 50, (4, 7))
            labels = torch.randint(0, 3, (4,))
            loss = opt.scale_loss(nn.functional.cross_entropy(model(tokens), labels))
            loss.backward()
            opt.step()
        history.append(snapshot(opt))
    print(opt, history[-1])


if __name__ == "__main__":
    main()
