"""Minimum-risk fine-tuning of a toy copy model: the loss is the expected risk over beam candidates."""
import torch
import torch.nn as nn

from beam import beam_search, release

VOCAB, HIDDEN, BOS, EOS = 12, 16, 0, 1
CFG = {"steps": 3, "batch": 2, "src_len": 4, "beam": 3, "max_len": 5, "alpha": 0.5, "lr": 1e-2}


class CopySeq2Seq(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(VOCAB, HIDDEN)
        self.encoder = nn.GRU(HIDDEN, HIDDEN, batch_first=True)
        self.cell = nn.GRUCell(HIDDEN, HIDDEN)
        self.out = nn.Linear(HIDDEN, VOCAB)

    def encode(self, src):
        _, h = self.encoder(self.embed(src.unsqueeze(0)))
        return h[0, 0]

    def step(self, token, state):
        emb = self.embed(torch.tensor([token]))
        new_state = self.cell(emb, state.unsqueeze(0))[0]
        return self.out(new_state), new_state


def risk(hyp_tokens, reference):
    ref = set(reference)
    hits = sum(1 for t in hyp_tokens[1:] if t in ref)
    return 1.0 - hits / max(len(reference), 1)


def mrt_loss(model, src, cfg):
    hyps = beam_search(model.step, model.encode(src), BOS, EOS, cfg["beam"], cfg["max_len"])
    scores = torch.stack([h.logp for h in hyps]) * cfg["alpha"]
    risks = torch.tensor([risk(h.tokens(), src.tolist()) for h in hyps])
    loss = (torch.softmax(scores, 0) * risks).sum()
    release(hyps)
    return loss


def main():
    torch.manual_seed(0)
    model = CopySeq2Seq()
    opt = torch.optim.Adam(model.parameters(), lr=CFG["lr"])
    for step in range(CFG["steps"]):
        batch = torch.randint(2, VOCAB, (CFG["batch"], CFG["src_len"]))
        loss = torch.stack([mrt_loss(model, src, CFG) for src in batch]).mean()
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} expected risk {loss.item():.3f}")


if __name__ == "__main__":
    main()
