"""Online distillation of a draft model while it serves speculative decoding."""
import torch
import torch.nn as nn
import torch.nn.functional as F

from monitor import ACCEPTANCE
from specdec import speculative_round

CFG = {"vocab": 48, "draft_dim": 16, "target_dim": 48, "steps": 6, "batch": 4, "prompt_len": 8}


class CausalLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.head(self.rnn(self.embed(ids))[0])


def main():
    torch.manual_seed(0)
    target = CausalLM(CFG["vocab"], CFG["target_dim"]).eval().requires_grad_(False)
    draft = CausalLM(CFG["vocab"], CFG["draft_dim"])
    opt = torch.optim.Adam(draft.parameters(), lr=3e-3)
    num_draft = 3
    for step in range(CFG["steps"]):
        prefix = torch.randint(0, CFG["vocab"], (CFG["batch"], CFG["prompt_len"]))
        q_logits, p_logits, n_acc = speculative_round(draft, target, prefix, num_draft)
        loss = F.kl_div(q_logits.log_softmax(-1), p_logits.log_softmax(-1),
                        log_target=True, reduction="batchmean")
        opt.zero_grad()
        loss.backward()
        opt.step()
        num_draft = ACCEPTANCE.suggest_num_draft()
        print(f"step {step}: kl {loss.item():.3f} accepted {n_acc} next k={num_draft}")


if __name__ == "__main__":
    main()
