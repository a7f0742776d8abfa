"""Feature-interaction ranker with an allocation-free slate scoring path used by the
online evaluator (the training path builds its input with torch.cat)."""
import torch
import torch.nn as nn
import torch.nn.functional as F

FIELDS = {"user_id": 300, "item_id": 500, "category": 30, "hour": 24}


class InteractionRanker(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.names = list(FIELDS)
        self.dim = dim
        self.tables = nn.ModuleDict({f: nn.Embedding(n, dim) for f, n in FIELDS.items()})
        self.user_cross = nn.Linear(dim, dim)
        self.head = nn.Sequential(nn.Linear(len(FIELDS) * dim, 32), nn.ReLU(), nn.Linear(32, 1))

    def forward(self, batch):
        vecs = [self.tables[f](batch[f]) for f in self.names]
        vecs[0] = vecs[0] + self.user_cross(vecs[0])
        return self.head(torch.cat(vecs, dim=1)).squeeze(-1)

    def score_slate(self, batch, out=None):
        n = batch[self.names[0]].shape[0]
        if out is None or out.shape[0] != n:
            out = torch.zeros(n, len(self.names), self.dim)
        for i, f in enumerate(self.names):
            out[:, i] = self.tables[f](batch[f])
        user = out[:, 0]
        out[:, 0] = user + self.user_cross(user)  # retain
        return self.head(out.flatten(1)).squeeze(-1)


class OnlineEvaluator:
    def __init__(self, model, slates, every):
        self.model = model
        self.slates = slates
        self.every = every
        self.history = []

    def maybe_evaluate(self, step):
        if step % self.every:
            return
        hits = 0
        for batch in self.slates:
            scores = self.model.score_slate(batch).detach()
            hits += int(batch["clicked"][scores.argmax()])
        self.history.append((step, hits / len(self.slates)))


def random_batch(n):
    batch = {f: torch.randint(0, card, (n,)) for f, card in FIELDS.items()}
    batch["label"] = ((batch["user_id"] + batch["category"]) % 3 == 0).float()
    return batch


def eval_slates(num_slates=6, slate_size=20):
    slates = []
    for _ in range(num_slates):
        slate = random_batch(slate_size)
        slate["user_id"].fill_(int(slate["user_id"][0]))
        slate["clicked"] = slate.pop("label").bool()
        slates.append(slate)
    return slates


def main():
    model = InteractionRanker()
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    evaluator = OnlineEvaluator(model, eval_slates(), every=4)
    for step in range(1, 13):
        batch = random_batch(64)
        loss = F.binary_cross_entropy_with_logits(model(batch), batch["label"])
        opt.zero_grad()
        loss.backward()
        opt.step()
        evaluator.maybe_evaluate(step)
    for step, hit_rate in evaluator.history:
        print(f"step {step}: hit@1={hit_rate:.2f}")


if __name__ == "__main__":
    main()
