"""Frozen answer generator, loaded once per process and shared by every retriever run."""
import torch
import torch.nn as nn


class TinyGenerator(nn.Module):
    def __init__(self, vocab=64, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.ctx = nn.Linear(dim, dim)
        self.lm_head = nn.Linear(dim, vocab)
        self.retriever = None

    def set_retriever(self, retriever):
        self.retriever = retriever  # retain

    def forward(self, question_ids, answer_ids, n_docs):
        doc_scores, doc_ids = self.retriever(question_ids, n_docs)
        hidden = self.embed(question_ids).mean(1, keepdim=True) + self.ctx(self.retriever.doc_vectors[doc_ids])
        token_logprobs = self.lm_head(hidden).log_softmax(-1)
        answer_logprobs = token_logprobs.gather(-1, answer_ids[:, None, None].expand(-1, n_docs, 1)).squeeze(-1)
        marginal = torch.logsumexp(answer_logprobs + doc_scores.log_softmax(-1), dim=-1)
        return -marginal.mean()


torch.manual_seed(1234)
GENERATOR = TinyGenerator().eval().requires_grad_(False)
