"""Calibration report with adaptive binning: sparse confidence bins are merged."""
import torch
import torch.nn as nn

CALIB = {"n_bins": 15, "min_count": 12, "epochs": 3, "val_batches": 3, "batch": 48}


class Bin:
    __slots__ = ("lo", "hi", "count", "conf_sum", "acc_sum", "prev", "next")

    def __init__(self, lo, hi):
        self.lo, self.hi = lo, hi
        self.count = 0
        self.conf_sum = 0.0
        self.acc_sum = 0.0
        self.prev = None
        self.next = None

    def absorb(self, other):
        self.lo, self.hi = min(self.lo, other.lo), max(self.hi, other.hi)
        self.count += other.count
        self.conf_sum += other.conf_sum
        self.acc_sum += other.acc_sum


class AdaptiveBins:
    def __init__(self, n_bins):
        self.head = None
        prev = None
        for i in range(n_bins):
            b = Bin(i / n_bins, (i + 1) / n_bins)
            if prev is None:
                self.head = b
            else:
                prev.next = b  # cycle
                b.prev = prev  # cycle
            prev = b

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

    def _unlink(self, node):
        if node.prev is not None:
            node.prev.next = node.next  # cycle
        else:
            self.head = node.next
        if node.next is not None:
            node.next.prev = node.prev  # cycle

    def merge_sparse(self, min_count):
        node = self.head
        while node is not None:
            nxt = node.next
            if node.count < min_count and (node.next or node.prev):
                target = node.next if node.next is not None else node.prev
                target.absorb(node)
                self._unlink(node)
            node = nxt


def calibration_report(probs, labels, cfg):
    confidence, preds = probs.max(dim=-1)
    bins = AdaptiveBins(cfg["n_bins"])
    bins.add(confidence, (preds == labels).float())
    bins.merge_sparse(cfg["min_count"])
    total = sum(b.count for b in bins)
    ece = sum(abs(b.acc_sum - b.conf_sum) for b in bins) / max(1, total)
    mce = max(abs(b.acc_sum - b.conf_sum) / max(1, b.count) for b in bins)
    return {"ece": ece, "mce": mce, "bins": sum(1 for _ in bins)}


def data(n, gen):
    x = torch.randn(n, 10, generator=gen)
    return x, (x[:, 0] + 0.5 * x[:, 1] > 0).long() + (x[:, 2] > 1).long()


def main():
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(11)
    model = nn.Sequential(nn.Linear(10, 24), nn.Tanh(), nn.Linear(24, 3))
    opt = torch.optim.Adam(model.parameters(), lr=5e-3)
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
        report = calibration_report(probs, labels, CALIB)
        print(f"epoch {epoch}: ece={report['ece']:.4f} mce={report['mce']:.4f} bins={report['bins']}")


if __name__ == "__main__":
    main()
