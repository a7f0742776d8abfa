"""Sampled-softmax training of a two-tower retrieval model with an adaptive proposal."""
import torch
import torch.nn.functional as F

import proposal
from towers import TwoTower

CFG = {"user_vocab": 120, "batch": 32, "history": 4, "negatives": 48, "steps": 5, "runs": 2}


def user_histories(batch, history, generator):
    ids = torch.randint(0, CFG["user_vocab"], (batch * history,), generator=generator)
    offsets = torch.arange(0, batch * history, history)
    return ids, offsets


def positives_for(user_ids, history):
    return (user_ids.view(-1, history).sum(-1) * 13) % proposal.NUM_ITEMS


def train(run):
    gen = torch.Generator().manual_seed(run)
    model = TwoTower(CFG["user_vocab"], proposal.NUM_ITEMS)
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(CFG["steps"]):
        uid, uoff = user_histories(CFG["batch"], CFG["history"], gen)
        pos = positives_for(uid, CFG["history"])
        neg = proposal.sample_negatives(CFG["negatives"], gen)
        candidates = torch.cat([pos, neg])
        logits = model.score(uid, uoff, candidates)
        corrected = logits - proposal.log_q(candidates)
        labels = torch.arange(CFG["batch"])
        loss = F.cross_entropy(corrected, labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        proposal.observe(candidates, logits.softmax(dim=-1))
    return loss.item()


def main():
    for run in range(CFG["runs"]):
        loss = train(run)
        print("run %d loss %.4f proposal entropy %.3f" % (run, loss, proposal.entropy()))


if __name__ == "__main__":
    main()
