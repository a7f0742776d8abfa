"""Per-domain embedding fine-tuning; each domain's index is built under a scoped Settings override."""
import torch
import torch.nn.functional as F

from embeddings import CharNgramEncoder, TorchEmbedding, VectorStoreIndex
from settings import Settings

DOMAINS = {
    "legal": (["the lessee shall pay rent monthly", "termination requires written notice",
               "the court may award damages"], ["monthly rent payment", "written notice to terminate"]),
    "clinical": (["patients received a daily dose", "adverse events were recorded weekly",
                  "the placebo group showed no change"], ["daily dosing", "weekly adverse events"]),
}


def finetune(encoder, passages, queries, steps=4, lr=0.05):
    opt = torch.optim.Adam(encoder.parameters(), lr=lr)
    targets = torch.arange(len(queries))
    for _ in range(steps):
        q = F.normalize(encoder(queries), dim=-1)
        p = F.normalize(encoder(passages[:len(queries)]), dim=-1)
        loss = F.cross_entropy(q @ p.T / 0.1, targets)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    for name, (passages, queries) in DOMAINS.items():
        encoder = CharNgramEncoder()
        loss = finetune(encoder, passages, queries)
        with Settings.override(embed_model=TorchEmbedding(encoder, model_name=f"ngram-{name}")):
            index = VectorStoreIndex.from_texts(passages)
            hits = sum(passages[i] in index.retrieve(q) for i, q in enumerate(queries))
        print(f"{name}: loss {loss:.3f} hits {hits}/{len(queries)}")


if __name__ == "__main__":
    main()
