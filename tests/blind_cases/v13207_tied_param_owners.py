"""GRU encoder-decoder with three-way weight tying (Press & Wolf, 2017): source
embedding, target embedding and output projection share one matrix. The tie
helper records the owning modules on the shared Parameter so that gradient
averaging and the parameter report can find every user of the matrix."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CONFIG = {
    "vocab": 40,
    "dim": 16,
    "src_len": 7,
    "tgt_len": 6,
    "batch_size": 8,
    "epochs": 2,
    "batches": 3,
    "lr": 3e-3,
    "clip": 1.0,
    "tie": ("src_embed", "tgt_embed", "generator"),
}


def tie_weights(model, names):
    owners = [getattr(model, n) for n in names]  # cycle
    shared = owners[0].weight
    for module in owners[1:]:
        module.weight = shared  # cycle
    shared._tied_modules = owners  # cycle
    return shared


def average_tied_grads(model):
    seen = set()
    for p in model.parameters():
        owners = getattr(p, "_tied_modules", None)
        if owners and p.grad is not None and id(p) not in seen:
            p.grad.div_(len(owners))
            seen.add(id(p))


class TiedSeq2Seq(nn.Module):
    def __init__(self, cfg):
        super().__init__()
        self.src_embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.tgt_embed = nn.Embedding(cfg["vocab"], cfg["dim"])
        self.encoder = nn.GRU(cfg["dim"], cfg["dim"], batch_first=True)
        self.decoder = nn.GRU(cfg["dim"], cfg["dim"], batch_first=True)
        self.generator = nn.Linear(cfg["dim"], cfg["vocab"], bias=False)
        tie_weights(self, cfg["tie"])

    def forward(self, src, tgt_in):
        _, h = self.encoder(self.src_embed(src))
        out, _ = self.decoder(self.tgt_embed(tgt_in), h)
        return self.generator(out)


def copy_task_batch(cfg):
    src = torch.randint(2, cfg["vocab"], (cfg["batch_size"], cfg["src_len"]))
    tgt = src[:, :cfg["tgt_len"]].flip(1)
    bos = torch.ones(cfg["batch_size"], 1, dtype=torch.long)
    return src, torch.cat([bos, tgt[:, :-1]], 1), tgt


def train(cfg, seed):
    torch.manual_seed(seed)
    model = TiedSeq2Seq(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        for _ in range(cfg["batches"]):
            src, tgt_in, tgt_out = copy_task_batch(cfg)
            logits = model(src, tgt_in)
            loss = F.cross_entropy(logits.reshape(-1, cfg["vocab"]), tgt_out.reshape(-1))
            opt.zero_grad()
            loss.backward()
            average_tied_grads(model)
            nn.utils.clip_grad_norm_(model.parameters(), cfg["clip"])
            opt.step()
    n_unique = sum(p.numel() for p in model.parameters())
    return loss.item(), n_unique


def main():
    for seed in range(2):
        loss, n_params = train(CONFIG, seed)
        assert n_params > 0 and loss == loss


if __name__ == "__main__":
    main()
