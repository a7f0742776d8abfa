"""AWD-LSTM style word-level LM: DropConnect on the recurrent weights (WeightDrop wrapper)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CORPUS = ("the cat sat on the mat . the dog sat on the log . a cat saw a dog . "
          "the dog saw the cat on the mat . a log sat on a mat .").split()
CONFIG = {"emb": 24, "hidden": 48, "bptt": 6, "batch": 4, "epochs": 3, "wdrop": 0.3, "lr": 5e-3}


class WeightDrop(nn.Module):
    """Re-samples a dropout mask over selected RNN weights before every forward."""

    def __init__(self, rnn, weights, dropout):
        super().__init__()
        self.rnn = rnn
        self.weights = weights
        self.dropout = dropout
        for name in weights:
            w = getattr(rnn, name)
            del rnn._parameters[name]
            rnn.register_parameter(name + "_raw", nn.Parameter(w.data))

    def _setweights(self):
        for name in self.weights:
            raw = getattr(self.rnn, name + "_raw")
            setattr(self.rnn, name, F.dropout(raw, p=self.dropout, training=self.training))

    def forward(self, *args):
        self._setweights()
        return self.rnn(*args)


class RNNModel(nn.Module):
    def __init__(self, ntoken, emb, hidden, wdrop):
        super().__init__()
        self.encoder = nn.Embedding(ntoken, emb)
        self.rnn = WeightDrop(nn.LSTM(emb, hidden, batch_first=True), ["weight_hh_l0"], wdrop)
        self.decoder = nn.Linear(hidden, ntoken)

    def forward(self, x, state=None):
        y, state = self.rnn(self.encoder(x), state)
        return self.decoder(y), state


def batchify(ids, batch):
    n = ids.size(0) // batch
    return ids[: n * batch].view(batch, n)


def main():
    torch.manual_seed(0)
    cfg = CONFIG
    vocab = {w: i for i, w in enumerate(sorted(set(CORPUS)))}
    data = batchify(torch.tensor([vocab[w] for w in CORPUS]), cfg["batch"])
    model = RNNModel(len(vocab), cfg["emb"], cfg["hidden"], cfg["wdrop"])
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        model.train()
        state, total = None, 0.0
        for i in range(0, data.size(1) - 1, cfg["bptt"]):
            x = data[:, i : i + cfg["bptt"]]
            y = data[:, i + 1 : i + 1 + cfg["bptt"]]
            x = x[:, : y.size(1)]
            if state is not None:
                state = tuple(s.detach() for s in state)
            logits, state = model(x, state)
            loss = F.cross_entropy(logits.reshape(-1, logits.size(-1)), y.reshape(-1))
            opt.zero_grad()
            loss.backward()
            nn.utils.clip_grad_norm_(model.parameters(), 0.25)
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: train loss {total:.3f}")
    logits, _ = model(data[:, :-1])
    print(f"final ppl-ish {F.cross_entropy(logits.reshape(-1, len(vocab)), data[:, 1:].reshape(-1)).exp().item():.2f}")


if __name__ == "__main__":
    main()
