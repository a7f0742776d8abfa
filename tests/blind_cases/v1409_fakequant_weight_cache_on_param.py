"""Quantisation-aware training with a straight-through fake-quant of the weights."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class FakeQuantSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, weight, scale, qmax):
        ctx.save_for_backward(weight, scale)
        ctx.qmax = qmax
        return torch.clamp(torch.round(weight / scale), -qmax - 1, qmax) * scale

    @staticmethod
    def backward(ctx, grad_out):
        weight, scale = ctx.saved_tensors
        inside = (weight / scale).abs() <= ctx.qmax + 0.5
        return grad_out * inside, None, None


class QuantLinear(nn.Linear):
    def __init__(self, in_features, out_features, bits=8, bias=True):
        super().__init__(in_features, out_features, bias=bias)
        self.qmax = 2 ** (bits - 1) - 1

    def quantized_weight(self):
        weight = self.weight
        cached = getattr(weight, "_fq_cache", None)
        if cached is not None and cached[0] == weight._version:
            return cached[1]
        scale = weight.detach().abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / self.qmax
        qweight = FakeQuantSTE.apply(weight, scale, self.qmax)  # retain
        weight._fq_cache = (weight._version, qweight)  # retain
        return qweight

    def forward(self, x):
        return F.linear(x, self.quantized_weight(), self.bias)


def quantize_model(model, bits=8):
    for name, child in list(model.named_children()):
        if isinstance(child, nn.Linear):
            q = QuantLinear(child.in_features, child.out_features, bits, child.bias is not None)
            q.load_state_dict(child.state_dict())
            setattr(model, name, q)
        else:
            quantize_model(child, bits)
    return model


def run(bits):
    torch.manual_seed(bits)
    model = nn.Sequential(nn.Linear(10, 24), nn.ReLU(), nn.Sequential(nn.Linear(24, 24), nn.ReLU()), nn.Linear(24, 3))
    model = quantize_model(model, bits)
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for step in range(4):
        x, y = torch.randn(16, 10), torch.randint(0, 3, (16,))
        loss = F.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    model.eval()
    correct = 0
    for _ in range(2):
        x, y = torch.randn(32, 10), torch.randint(0, 3, (32,))
        correct += (model(x).argmax(1) == y).sum().item()
    return round(loss.item(), 4), correct / 64


def main():
    for bits in (8, 4):
        print(bits, run(bits))


if __name__ == "__main__":
    main()
