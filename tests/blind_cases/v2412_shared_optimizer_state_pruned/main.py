"""Compare adapters on the shared trunk; the trunk is nudged along with each adapter."""
import torch.nn.functional as F

from adapters import AdapterSpec, borrowed_optimizer
from workspace import INPUTS, LABELS, TRUNK, TRUNK_OPT

SPECS = [
    AdapterSpec("linear", lr=0.1),
    AdapterSpec("mlp64", hidden=64, dropout=0.1),
    AdapterSpec("mlp16", hidden=16),
]
RESULTS = []


def fit_adapter(spec, epochs=3, batch=20):
    adapter = spec.build(24, 4)
    with borrowed_optimizer(TRUNK_OPT, adapter, spec.lr) as opt:
        for epoch in range(epochs):
            for xb, yb in zip(INPUTS.split(batch), LABELS.split(batch)):
                loss = F.cross_entropy(adapter(TRUNK(xb)), yb)
                opt.zero_grad()
                loss.backward()
                opt.step()
        opt.zero_grad(set_to_none=True)
    adapter.eval()
    acc = (adapter(TRUNK(INPUTS)).argmax(1) == LABELS).float().mean().item()
    return {"adapter": spec.name, "loss": loss.item(), "acc": acc}


def main():
    for spec in SPECS:
        RESULTS.append(fit_adapter(spec))
        print("{adapter:<7} loss={loss:.3f} acc={acc:.3f}".format(**RESULTS[-1]))


if __name__ == "__main__":
    main()
