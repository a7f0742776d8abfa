"""Domain-conditioned classifier: a hypernetwork generates the weights of the
classification layer from a learned domain embedding. In eval mode the
generated layer of each domain is cached, so validation over many batches does
not regenerate it; switching back to train mode drops the cache."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "in_dim": 12,
    "feat_dim": 16,
    "classes": 5,
    "domains": 3,
    "emb_dim": 6,
    "epochs": 3,
    "batches": 3,
    "val_batches": 4,
    "batch_size": 16,
    "lr": 3e-3,
}


class DomainHyperClassifier(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.features = nn.Sequential(nn.Linear(cfg["in_dim"], cfg["feat_dim"]), nn.ReLU(),
                                      nn.Linear(cfg["feat_dim"], cfg["feat_dim"]), nn.ReLU())
        self.domain_emb = nn.Embedding(cfg["domains"], cfg["emb_dim"])
        self.weight_gen = nn.Linear(cfg["emb_dim"], cfg["classes"] * cfg["feat_dim"])
        self.bias_gen = nn.Linear(cfg["emb_dim"], cfg["classes"])
        self.shape = (cfg["classes"], cfg["feat_dim"])
        self._generated = {}

    def train(self, mode=True):
        self._generated.clear()
        return super().train(mode)

    def classifier_for(self, domain):
        if not self.training and domain in self._generated:
            return self._generated[domain]
        z = self.domain_emb.weight[domain]
        params = (self.weight_gen(z).view(self.shape), self.bias_gen(z))
        if not self.training:
            self._generated[domain] = params
        return params

    def forward(self, x, domain):
        weight, bias = self.classifier_for(domain)
        return F.linear(self.features(x), weight, bias)


def domain_batch(cfg, domain):
    x = torch.randn(cfg["batch_size"], cfg["in_dim"]) + domain
    y = (x[:, :cfg["classes"]] * (domain + 1)).argmax(1)
    return x, y


def validate(model, cfg):
    model.eval()
    correct = total = 0
    for domain in range(cfg["domains"]):
        for _ in range(cfg["val_batches"]):
            x, y = domain_batch(cfg, domain)
            correct += (model(x, domain).argmax(1) == y).sum().item()
            total += len(y)
    return correct / total


def run(seed, cfg):
    torch.manual_seed(seed)
    model = DomainHyperClassifier(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    history = []
    for epoch in range(cfg["epochs"]):
        model.train()
        for _ in range(cfg["batches"]):
            for domain in range(cfg["domains"]):
                x, y = domain_batch(cfg, domain)
                loss = F.cross_entropy(model(x, domain), y)
                opt.zero_grad()
                loss.backward()
                opt.step()
        history.append(validate(model, cfg))
    final = validate(model, cfg)
    assert len(model._generated) == cfg["domains"]
    return history, final


def main():
    for seed in range(2):
        history, final = run(seed, CONFIG)
        assert len(history) == CONFIG["epochs"] and 0.0 <= final <= 1.0


if __name__ == "__main__":
    main()
