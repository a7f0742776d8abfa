"""Prompt-lookup speculative decoding: draft tokens are copied from the prompt."""
import difflib

import torch
import torch.nn as nn

SPECIAL_IDS = (0, 1, 2)  # pad, bos, eos
GEN_CFG = {"max_new_tokens": 12, "num_draft": 4, "min_match": 2, "eos_id": 2}


class TinyLM(nn.Module):
    def __init__(self, vocab=64, dim=32):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.head = nn.Linear(dim, vocab)

    def forward(self, ids):
        out, _ = self.rnn(self.embed(ids))
        return self.head(out)


class PromptLookupDrafter:
    """Finds the longest stretch of the recent output inside the prompt and proposes its continuation."""

    def __init__(self, prompt_ids, special_ids, window=6):
        self.prompt = list(prompt_ids)
        self.special_ids = frozenset(special_ids)
        self.window = window
        self.matcher = difflib.SequenceMatcher(isjunk=self._is_special, autojunk=False)  # cycle
        self.matcher.set_seq2(self.prompt)

    def _is_special(self, token):
        return token in self.special_ids

    def propose(self, generated, num_draft, min_match):
        tail = generated[-self.window:]
        self.matcher.set_seq1(tail)
        match = self.matcher.find_longest_match(0, len(tail), 0, len(self.prompt))
        if match.size < min_match or match.a + match.size != len(tail):
            return []
        start = match.b + match.size
        draft = []
        for token in self.prompt[start:start + num_draft]:
            if self._is_special(token):
                break
            draft.append(token)
        return draft


@torch.no_grad()
def speculative_generate(model, prompt_ids, cfg):
    drafter = PromptLookupDrafter(prompt_ids, SPECIAL_IDS)
    seq = list(prompt_ids)
    accepted = proposed = 0
    while len(seq) - len(prompt_ids) < cfg["max_new_tokens"]:
        draft = drafter.propose(seq, cfg["num_draft"], cfg["min_match"])
        logits = model(torch.tensor([seq + draft]))[0, len(seq) - 1:]
        greedy = logits.argmax(-1).tolist()
        n_ok = 0
        while n_ok < len(draft) and draft[n_ok] == greedy[n_ok]:
            n_ok += 1
        seq += draft[:n_ok] + [greedy[n_ok]]
        accepted, proposed = accepted + n_ok, proposed + len(draft)
        if seq[-1] == cfg["eos_id"]:
            break
    return seq[len(prompt_ids):], accepted / max(1, proposed)


def main():
    torch.manual_seed(0)
    model = TinyLM().eval()
    requests = [[1] + torch.randint(3, 64, (n,)).tolist() for n in (10, 14, 18)]
    for req_id, prompt in enumerate(requests):
        prompt = prompt + prompt[2:6]
        out, rate = speculative_generate(model, prompt, GEN_CFG)
        print(f"request {req_id}: {len(out)} new tokens, draft acceptance {rate:.2f}")


if __name__ == "__main__":
    main()
