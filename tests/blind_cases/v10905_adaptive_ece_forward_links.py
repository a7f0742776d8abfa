"""Calibration report with adaptive binning over a forward-linked bin chain."""
import torch
import torch.nn as nn

CALIB = {"n_bins": 15, "min_count": 12, "epochs": 3, "val_batches": 3, "batch": 48}


class Bin:
    __slots__ = ("lo", "hi", "count", "conf_sum", "acc_sum", "next")

    def __init__(self, lo, hi, nxt=None):
        self.lo, self.hi = lo, hi
        self.count = 0
        self.conf_sum = 0.0
        self.acc_sum = 0.0
        self.next = nxt

    def absorb(self, other):
        self.lo, self.hi = min(self.lo, other.lo), max(self.hi, other.hi)
        self.count += other.count
        self.conf_sum += other.conf_sum
        self.acc_sum += other.acc_sum

    def gap(self):
        return abs(self.acc_sum - self.conf_sum)


class BinChain:
    def __init__(self, n_bins):
        self.head = None
        for i in reversed(range(n_bins)):
            self.head = Bin(i / n_bins, (i + 1) / n_bins, self.head)

    def __iter__(self):
        node = self.head
        while node is not None:
            yield node
            node = node.next

    def add(self, confidence, correct):
        for b in self:
            mask = (confidence > b.lo) & (confidence <= b.hi)
            b.count += int(mask.sum())
            b.conf_sum += float(confidence[mask].sum())
            b.acc_sum += float(correct[mask].sum())

    def merge_sparse(self, min_count):
        prev, node = None, self.head
        while node is not None:
            nxt = node.next
            if node.count < min_count and (nxt is not None or prev is not None):
                if nxt is not None:
                    nxt.absorb(node)
                else:
                    prev.absorb(node)
                if prev is None:
                    self.head = nxt
                else:
                    prev.next = nxt
            else:
                prev = node
            node = nxt


def calibration_report(probs, labels, cfg):
    confidence, preds = probs.max(dim=-1)
    chain = BinChain(cfg["n_bins"])
    chain.add(confidence, (preds == labels).float())
    chain.merge_sparse(cfg["min_count"])
    total = sum(b.count for b in chain)
    return {
        "ece": sum(b.gap() for b in chain) / max(1, total),
        "mce": max(b.gap() / max(1, b.count) for b in chain),
        "bins": [(round(b.lo, 3), round(b.hi, 3), b.count) for b in chain],
    }


def data(n, gen):
    x = torch.randn(n, 10, generator=gen)
    return x, (x[:, 0] + 0.5 * x[:, 1] > 0).long() + (x[:, 2] > 1).long()


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(11)
    model = nn.Sequential(nn.Linear(10, 24), nn.Tanh(), nn.Linear(24, 3))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
    reports = []
    for epoch in range(CALIB["epochs"]):
        for _ in range(8):
            x, y = data(CALIB["batch"], gen)
            loss = nn.functional.cross_entropy(model(x), y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            batches = [data(CALIB["batch"], gen) for _ in range(CALIB["val_batches"])]
            probs = torch.cat([model(x).softmax(-1) for x, _ in batches])
            labels = torch.cat([y for _, y in batches])
        reports.append(calibration_report(probs, labels, CALIB))
        print(f"epoch {epoch}: ece={reports[-1]['ece']:.4f} bins={reports[-1]['bins']}")


if __name__ == "__main__":
    main()
