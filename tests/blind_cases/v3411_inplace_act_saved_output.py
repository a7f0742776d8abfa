"""1-D conv keyword spotter whose BN+activation pairs use an in-place leaky ReLU."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class InplaceLeakyReLU(torch.autograd.Function):
    """Leaky ReLU written into the input buffer; backward derives the mask from the output."""

    @staticmethod
    def forward(ctx, x, slope):
        x.copy_(torch.where(x >= 0, x, x * slope))
        ctx.mark_dirty(x)
        ctx.slope = slope
        ctx.save_for_backward(x)
        return x

    @staticmethod
    def backward(ctx, grad_out):
        (y,) = ctx.saved_tensors
        scale = torch.where(y >= 0, torch.ones_like(y), torch.full_like(y, ctx.slope))
        return grad_out * scale, None


class ConvBNAct1d(nn.Module):
    def __init__(self, cin, cout, kernel=5, stride=1, slope=0.02):
        super().__init__()
        self.conv = nn.Conv1d(cin, cout, kernel, stride, kernel // 2, bias=False)
        self.bn = nn.BatchNorm1d(cout)
        self.slope = slope

    def forward(self, x):
        return InplaceLeakyReLU.apply(self.bn(self.conv(x)), self.slope)


class KeywordSpotter(nn.Module):
    def __init__(self, n_mels=10, width=12, keywords=6):
        super().__init__()
        self.features = nn.Sequential(
            ConvBNAct1d(n_mels, width),
            ConvBNAct1d(width, width, stride=2),
            ConvBNAct1d(width, 2 * width, stride=2))
        self.classifier = nn.Linear(2 * width, keywords)

    def forward(self, mels):
        return self.classifier(self.features(mels).mean(-1))


def run_epoch(model, opt, batches):
    model.train()
    total = 0.0
    for mels, labels in batches:
        loss = F.cross_entropy(model(mels), labels, label_smoothing=0.1)
        opt.zero_grad()
        loss.backward()
        opt.step()
        total += loss.item()
    return total / len(batches)


def main():
    torch.manual_seed(0)
    batches = [(torch.randn(4, 10, 32), torch.randint(0, 6, (4,))) for _ in range(3)]
    model = KeywordSpotter()
    opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
    return [run_epoch(model, opt, batches) for _ in range(2)]


if __name__ == "__main__":
    main()
