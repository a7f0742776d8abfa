"""Trains a Tree-LSTM on node-level sentiment labels of an XML treebank."""
import torch
import torch.nn.functional as F

from tree_lstm import ChildSumTreeLSTM
from treebank import XmlTreebank


def train_epoch(model, opt, dataset, batch_size=4):
    total = 0.0
    for start in range(0, len(dataset), batch_size):
        logits, labels = [], []
        for index in range(start, min(start + batch_size, len(dataset))):
            with dataset.open(index) as doc:
                root = doc.documentElement
                h, _ = model.encode(root, logits, labels)
                logits.append(model.classify(h))
                labels.append(int(root.getAttribute("label")))
        loss = F.cross_entropy(torch.cat(logits), torch.tensor(labels))
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total


def main():
    torch.manual_seed(0)
    dataset = XmlTreebank(size=12, seed=1)
    model = ChildSumTreeLSTM(len(dataset.vocab), dim=16)
    opt = torch.optim.Adagrad(model.parameters(), lr=0.05)
    for epoch in range(2):
        loss = train_epoch(model, opt, dataset)
        print(f"epoch {epoch} loss {loss:.3f}")


if __name__ == "__main__":
    main()
