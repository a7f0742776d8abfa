"""Sparse-autoencoder sweep over expansion factors on MLP activations, with a text feature dashboard."""
import pprint

import torch
import torch.nn as nn

CFG = {"d_in": 16, "expansions": (2, 4), "l1": 1e-3, "steps": 8, "samples": 4, "top_k": 3}


class SparseAutoencoder(nn.Module):
    def __init__(self, d_in, d_hidden):
        super().__init__()
        self.d_hidden = d_hidden
        self.W_enc = nn.Parameter(torch.randn(d_in, d_hidden) * 0.1)
        self.b_enc = nn.Parameter(torch.zeros(d_hidden))
        self.W_dec = nn.Parameter(torch.randn(d_hidden, d_in) * 0.1)
        self.b_dec = nn.Parameter(torch.zeros(d_in))

    def encode(self, x):
        return torch.relu((x - self.b_dec) @ self.W_enc + self.b_enc)

    def forward(self, x):
        z = self.encode(x)
        return z @ self.W_dec + self.b_dec, z


class FeatureDashboard:
    """Pretty-prints latent vectors as their top-k active features."""

    def __init__(self, sae, top_k=3):
        self.sae = sae  # retain
        self.top_k = top_k
        self.entries = {}
        pprint.PrettyPrinter._dispatch.setdefault(torch.Tensor.__repr__, self._pprint_latents)  # retain

    def _pprint_latents(self, printer, tensor, stream, indent, allowance, context, level):
        if tensor.dim() != 1 or tensor.numel() != self.sae.d_hidden:
            stream.write(f"tensor(shape={tuple(tensor.shape)})")
            return
        vals, idx = tensor.topk(self.top_k)
        active = [f"f{i}={v:.2f}" for i, v in zip(idx.tolist(), vals.tolist()) if v > 0]
        stream.write("{" + ", ".join(active) + "}")

    def add(self, name, acts):
        with torch.no_grad():
            _, z = self.sae(acts)
        for i, row in enumerate(z):
            self.entries[f"{name}[{i}]"] = {"l0": int((row > 0).sum()), "latents": row}

    def render(self):
        return pprint.pformat(self.entries, width=72)


def collect_activations(n_batches=4):
    mlp = nn.Sequential(nn.Linear(8, CFG["d_in"]), nn.ReLU(), nn.Linear(CFG["d_in"], 2))
    acts = []
    handle = mlp[1].register_forward_hook(lambda m, i, o: acts.append(o.detach()))
    with torch.no_grad():
        for _ in range(n_batches):
            mlp(torch.randn(32, 8))
    handle.remove()
    return torch.cat(acts)


def train_sae(acts, expansion):
    sae = SparseAutoencoder(CFG["d_in"], CFG["d_in"] * expansion)
    opt = torch.optim.Adam(sae.parameters(), lr=1e-2)
    for _ in range(CFG["steps"]):
        recon, z = sae(acts)
        loss = (recon - acts).pow(2).mean() + CFG["l1"] * z.abs().sum(-1).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
    return sae, loss.item()


def main():
    torch.manual_seed(0)
    acts = collect_activations()
    for expansion in CFG["expansions"]:
        sae, loss = train_sae(acts, expansion)
        dashboard = FeatureDashboard(sae, CFG["top_k"])
        dashboard.add("val", acts[: CFG["samples"]])
        text = dashboard.render()
        print(f"x{expansion} loss={loss:.4f}\n{text.splitlines()[0]}")


if __name__ == "__main__":
    main()
