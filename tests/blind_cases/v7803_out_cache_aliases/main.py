"""Notebook exported as a script: each section shows its result like a cell would."""
import torch
import torch.nn as nn

from outcache import reset_out, show, last

CONFIG = {"vocab": 50, "dim": 16, "classes": 3, "lr": 0.05, "epochs": 3}


class BagOfEmbeddings(nn.Module):
    def __init__(self, vocab, dim, classes):
        super().__init__()
        self.emb = nn.EmbeddingBag(vocab, dim, mode="mean")
        self.out = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.out(self.emb(tokens))


def section_data(cfg, n=96, length=7):
    tokens = torch.randint(0, cfg["vocab"], (n, length))
    labels = tokens[:, 0] % cfg["classes"]
    return tokens, labels


def section_train(model, tokens, labels, cfg):
    opt = torch.optim.Adagrad(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for start in range(0, tokens.shape[0], 32):
            logits = model(tokens[start:start + 32])
            loss = nn.functional.cross_entropy(logits, labels[start:start + 32])
            opt.zero_grad()
            loss.backward()
            opt.step()
    return loss


def section_inspect(model, tokens, labels):
    logits = model(tokens)
    return {"logits": logits, "loss": nn.functional.cross_entropy(logits, labels)}


def main():
    torch.manual_seed(0)
    tokens, labels = section_data(CONFIG)
    model = show(BagOfEmbeddings(CONFIG["vocab"], CONFIG["dim"], CONFIG["classes"]))

    show(section_train(model, tokens, labels, CONFIG))
    print("final train loss", round(last().item(), 4))

    show(section_inspect(model, tokens[:16], labels[:16]))
    preds = last()["logits"].argmax(-1)
    print("first predictions", preds.tolist())

    reset_out()


if __name__ == "__main__":
    main()
