"""Post-hoc temperature scaling on held-out logits (Guo et al., 2017)."""
import torch
import torch.nn.functional as F


def collect_logits(model, batches):
    model.eval()
    logits, labels = [], []
    with torch.no_grad():
        for x, y in batches:
            logits.append(model(x))
            labels.append(y)
    model.train()
    return torch.cat(logits), torch.cat(labels)


def fit_temperature(logits, labels, steps=20):
    log_t = torch.zeros(1, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=steps)

    def closure():
        opt.zero_grad()
        loss = F.cross_entropy(logits / log_t.exp(), labels)
        loss.backward()
        return loss

    opt.step(closure)
    return float(log_t.detach().exp())
