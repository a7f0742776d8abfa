"""Top-k sweep over a retrieve-then-rerank pipeline; the ranker is fine-tuned per configuration."""
import torch
import torch.nn.functional as F

from components import CrossEncoderRanker, HashEmbedder, InMemoryEmbeddingRetriever, TextEmbedder
from pipeline import Pipeline

DOCS = [f"passage {i} about topic{i % 5} and entity{i % 7} with facts{i}" for i in range(30)]
QUESTIONS = [(f"what facts{i} concern entity{i % 7}", DOCS[i]) for i in range(0, 30, 3)]
SWEEP = [{"top_k": k, "lr": 0.05, "steps": 3} for k in (3, 5, 8)]


def build_pipeline(embedder_model, doc_matrix, ranker, cfg):
    pipe = Pipeline(metadata={"sweep": cfg})
    pipe.add_component("embedder", TextEmbedder(embedder_model))
    pipe.add_component("retriever", InMemoryEmbeddingRetriever(DOCS, doc_matrix, cfg["top_k"]))
    pipe.add_component("ranker", ranker)
    pipe.connect("embedder.embedding", "retriever.query_embedding")
    pipe.connect("retriever.documents", "ranker.documents")
    return pipe


def tune_ranker(ranker, cfg):
    opt = torch.optim.Adam(ranker.head.parameters(), lr=cfg["lr"])
    for _ in range(cfg["steps"]):
        for question, gold in QUESTIONS[:4]:
            negatives = [d for d in DOCS[:6] if d != gold]
            logits = ranker.score(question, [gold] + negatives)
            loss = F.cross_entropy(logits[None], torch.tensor([0]))
            opt.zero_grad()
            loss.backward()
            opt.step()


def main():
    torch.manual_seed(0)
    embedder_model = HashEmbedder()
    with torch.no_grad():
        doc_matrix = embedder_model(DOCS)
    for cfg in SWEEP:
        ranker = CrossEncoderRanker(embedder_model)
        tune_ranker(ranker, cfg)
        pipe = build_pipeline(embedder_model, doc_matrix, ranker, cfg)
        mrr = 0.0
        for question, gold in QUESTIONS:
            out = pipe.run({"embedder": {"text": question}, "ranker": {"query": question}})
            ranked = out["ranker"]["documents"]
            mrr += 1.0 / (ranked.index(gold) + 1) if gold in ranked else 0.0
        print(f"top_k={cfg['top_k']}: MRR {mrr / len(QUESTIONS):.3f}")


if __name__ == "__main__":
    main()
