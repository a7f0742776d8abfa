"""Recursive neural network trained on an XML treebank (one parse per example)."""
import torch
import torch.nn as nn

from treebank import SENTENCES, Vocab, XmlTreebank

CFG = {"dim": 10, "epochs": 3, "lr": 0.05}


class RecursiveNet(nn.Module):
    def __init__(self, vocab_size, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, dim)
        self.compose = nn.Linear(2 * dim, dim)
        self.label_bias = nn.ParameterDict({t: nn.Parameter(torch.zeros(dim))
                                            for t in ("s", "np", "vp", "adj", "adv")})
        self.out = nn.Linear(dim, 1)

    def encode(self, elem):
        if elem.tag == "w":
            return torch.tanh(self.embed(elem.attrib["ids"])[0])
        states = [self.encode(child) for child in elem]
        h = states[0]
        for right in states[1:]:
            h = torch.tanh(self.compose(torch.cat([h, right])) + self.label_bias[elem.tag])
        return h

    def forward(self, tree):
        return self.out(self.encode(tree))


def main():
    torch.manual_seed(0)
    vocab = Vocab()
    data = XmlTreebank(SENTENCES, vocab)
    model = RecursiveNet(64, CFG["dim"])
    opt = torch.optim.Adagrad(model.parameters(), lr=CFG["lr"])
    for epoch in range(CFG["epochs"]):
        total = 0.0
        for i in torch.randperm(len(data)).tolist():
            tree, label = data[i]
            loss = nn.functional.binary_cross_entropy_with_logits(model(tree), label)
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += loss.item()
        print(f"epoch {epoch}: mean loss {total / len(data):.3f}, vocab {len(vocab.index)}")


if __name__ == "__main__":
    main()
