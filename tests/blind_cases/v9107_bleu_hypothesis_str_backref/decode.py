"""Greedy decoding for the word-level seq2seq model."""
import torch


@torch.no_grad()
def greedy_decode(model, src, bos, eos, max_len):
    h = model.encode(src)
    tok = torch.full((src.size(0), 1), bos, dtype=torch.long)
    steps, scores = [], torch.zeros(src.size(0))
    for _ in range(max_len):
        logits, h = model.decode_step(tok, h)
        logp = logits.log_softmax(-1)
        steps.append(logp.argmax(-1, keepdim=True))
        scores += logp.gather(-1, steps[-1]).squeeze(-1)
        tok = steps[-1]
    return torch.cat(steps, 1), scores


def detokenize(ids, itos, eos):
    ids = ids.tolist() + [eos]
    return " ".join(itos[i] for i in ids[: ids.index(eos)])


def evaluate(model, pairs, vocab, scorer, max_len=8):
    src = torch.tensor([vocab.encode(s, max_len) for s, _ in pairs])
    out, scores = greedy_decode(model, src, vocab.BOS, vocab.EOS, max_len)
    for src_id, (ids, score) in enumerate(zip(out, scores)):
        scorer.add(detokenize(ids, vocab.itos, vocab.EOS), src_id, float(score))
    return scorer.corpus_bleu()
