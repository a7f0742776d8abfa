"""RAG end-to-end retriever tuning, one run per corpus, against the shared frozen generator."""
import torch

from generator import GENERATOR
from retriever import DenseRetriever

CONFIG = {"n_docs": 4, "steps": 5, "lr": 0.05, "batch": 8, "question_len": 6}


def make_corpus(seed, n_passages=40, dim=16, n_questions=24):
    g = torch.Generator().manual_seed(seed)
    passages = torch.randn(n_passages, dim, generator=g)
    questions = torch.randint(1, 64, (n_questions, CONFIG["question_len"]), generator=g)
    answers = torch.randint(1, 64, (n_questions,), generator=g)
    return passages, questions, answers


def train_retriever(corpus_seed):
    passages, questions, answers = make_corpus(corpus_seed)
    retriever = DenseRetriever(passages)
    GENERATOR.set_retriever(retriever)
    opt = torch.optim.Adam(retriever.parameters(), lr=CONFIG["lr"])
    for step in range(CONFIG["steps"]):
        for start in range(0, len(questions), CONFIG["batch"]):
            q = questions[start:start + CONFIG["batch"]]
            a = answers[start:start + CONFIG["batch"]]
            loss = GENERATOR(q, a, CONFIG["n_docs"])
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        eval_loss = GENERATOR(questions, answers, CONFIG["n_docs"]).item()
    return eval_loss


def main():
    for corpus_seed in (0, 1, 2):
        print(f"corpus {corpus_seed}: marginal NLL {train_retriever(corpus_seed):.3f}")


if __name__ == "__main__":
    main()
