"""Query expansion trained with REINFORCE against BM25 recall, one run per retrieval depth."""
import torch

from bm25 import BM25
from lm import ExpansionPolicy, LocalLM

DOCS = ["myocardial infarction treated with thrombolysis", "heart attack symptoms include chest pain",
        "renal failure requires dialysis", "kidney disease progression and diet",
        "hypertension managed with ace inhibitors", "high blood pressure lifestyle changes"]
TRAIN = [("heart attack therapy", 0), ("kidney failure treatment", 2), ("blood pressure drugs", 4)]
TERMS = ["myocardial", "infarction", "renal", "dialysis", "hypertension", "inhibitors", "diet", "pain"]
RUNS = [{"top_k": 1, "epochs": 4, "lr": 0.1}, {"top_k": 2, "epochs": 4, "lr": 0.1}]


def build_vocab(texts):
    vocab = {"<unk>": 0}
    for text in texts:
        for word in text.split():
            vocab.setdefault(word, len(vocab))
    return vocab


class QueryRewriter:
    def __init__(self, lm):
        self.lm = lm

    def __call__(self, query):
        call = self.lm(f"expand: {query}", n=2)
        return f"{query} {call['outputs'][0]}", call["logprobs"]


def run(cfg, vocab, retriever):
    lm = LocalLM(ExpansionPolicy(len(vocab), len(TERMS)), vocab, TERMS)
    rewriter = QueryRewriter(lm)
    opt = torch.optim.Adam(lm.model.parameters(), lr=cfg["lr"])
    baseline = 0.0
    for _ in range(cfg["epochs"]):
        for query, gold in TRAIN:
            rewritten, logprob = rewriter(query)
            reward = float(gold in retriever.search(rewritten, cfg["top_k"]))
            loss = -(reward - baseline) * logprob
            opt.zero_grad()
            loss.backward()
            opt.step()
            baseline = 0.9 * baseline + 0.1 * reward
    return baseline


def main():
    torch.manual_seed(0)
    vocab = build_vocab(["expand:"] + [q for q, _ in TRAIN] + DOCS)
    retriever = BM25(DOCS)
    for cfg in RUNS:
        print(f"top_k={cfg['top_k']}: running reward {run(cfg, vocab, retriever):.3f}")


if __name__ == "__main__":
    main()
