"""Layer-wise linear probes for a token-tagging property on a frozen, briefly pre-trained encoder."""
import torch
import torch.nn as nn

CFG = {"vocab": 30, "dim": 24, "depth": 4, "seq": 10, "n_tags": 3, "probe_steps": 6, "lr": 0.05}


class Encoder(nn.Module):
    def __init__(self, vocab, dim, depth):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.layers = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU()) for _ in range(depth))
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, tokens, return_hidden=False):
        h = self.embed(tokens)
        hidden = [h]
        for layer in self.layers:
            h = h + layer(h)
            hidden.append(h)
        return hidden if return_hidden else self.lm_head(h)


class LinearProbe(nn.Module):
    pool = nn.AdaptiveAvgPool1d(1)  # parameter-free, shared by all probes

    def __init__(self, layer_idx, dim, n_tags):
        super().__init__()
        self.layer_idx = layer_idx
        self.classifier = nn.Linear(dim, n_tags)
        self.pooled_norms = []
        self.pool.register_forward_hook(self._track_pooled_norm)  # retain

    def _track_pooled_norm(self, module, inputs, output):
        self.pooled_norms.append(output.detach().norm(dim=1).mean().item())

    def forward(self, feats):
        pooled = self.pool(feats.transpose(1, 2)).squeeze(-1)
        return self.classifier(pooled)


def tag_of(tokens):
    return (tokens[:, :3].sum(1) % CFG["n_tags"]).long()


def pretrain(encoder, steps=4):
    opt = torch.optim.Adam(encoder.parameters(), lr=3e-3)
    for _ in range(steps):
        tokens = torch.randint(0, CFG["vocab"], (16, CFG["seq"] + 1))
        loss = nn.functional.cross_entropy(
            encoder(tokens[:, :-1]).reshape(-1, CFG["vocab"]), tokens[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    encoder.requires_grad_(False).eval()


def probe_layer(encoder, layer_idx):
    probe = LinearProbe(layer_idx, CFG["dim"], CFG["n_tags"])
    opt = torch.optim.SGD(probe.parameters(), lr=CFG["lr"])
    for _ in range(CFG["probe_steps"]):
        tokens = torch.randint(0, CFG["vocab"], (32, CFG["seq"]))
        with torch.no_grad():
            feats = encoder(tokens, return_hidden=True)[layer_idx]
        loss = nn.functional.cross_entropy(probe(feats), tag_of(tokens))
        opt.zero_grad()
        loss.backward()
        opt.step()
    tokens = torch.randint(0, CFG["vocab"], (64, CFG["seq"]))
    with torch.no_grad():
        acc = (probe(encoder(tokens, return_hidden=True)[layer_idx]).argmax(1) == tag_of(tokens)).float().mean()
    return {"layer": layer_idx, "acc": acc.item(), "mean_norm": sum(probe.pooled_norms) / len(probe.pooled_norms)}


def main():
    torch.manual_seed(0)
    encoder = Encoder(CFG["vocab"], CFG["dim"], CFG["depth"])
    pretrain(encoder)
    table = [probe_layer(encoder, i) for i in range(CFG["depth"] + 1)]
    for row in table:
        print(f"layer {row['layer']}: acc={row['acc']:.2f} |pooled|={row['mean_norm']:.2f}")


if __name__ == "__main__":
    main()
