"""Sampled-softmax training of a two-tower retrieval model with an adaptive proposal."""
import torch
import torch.nn.functional as F

from proposal import NUM_ITEMS, PROPOSAL
from towers import TwoTower

CFG = {"users": 120, "batch": 32, "negatives": 48, "steps": 5, "runs": 2}


def train(run):
    gen = torch.Generator().manual_seed(run)
    model = TwoTower(CFG["users"], NUM_ITEMS)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(CFG["steps"]):
        users = torch.randint(0, CFG["users"], (CFG["batch"],), generator=gen)
        pos = (users * 13 + 5) % NUM_ITEMS
        candidates = torch.cat([pos, PROPOSAL.sample(CFG["negatives"], gen)])
        logits = model(users, candidates)
        loss = F.cross_entropy(logits - PROPOSAL.log_q(candidates), torch.arange(CFG["batch"]))
        opt.zero_grad()
        loss.backward()
        opt.step()
        PROPOSAL.observe(candidates, logits.softmax(dim=-1))
    return loss.item()


def main():
    for run in range(CFG["runs"]):
        loss = train(run)
        print("run %d loss %.4f proposal entropy %.3f updates %d" % (run, loss, PROPOSAL.entropy(), PROPOSAL.updates))


if __name__ == "__main__":
    main()
