"""Chat session that streams sampled tokens to the client in chunks until a stopping criterion fires."""
import itertools

import torch
import torch.nn as nn

CFG = {"vocab": 32, "dim": 24, "context": 4, "eos_id": 1, "max_new_tokens": 40, "temperature": 0.9}


class TinyLM(nn.Module):
    def __init__(self, vocab, dim, context):
        super().__init__()
        self.context = context
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.Linear(dim * context, dim)
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, ids):
        windows = ids.unfold(1, self.context, 1)
        h = torch.tanh(self.mix(self.embed(windows).flatten(2)))
        return self.lm_head(h)


@torch.no_grad()
def next_token(model, ids, temperature):
    logits = model(torch.tensor([ids[-model.context:]]))[0, -1] / temperature
    return int(torch.multinomial(torch.softmax(logits, -1), 1))


def sample_tokens(model, prompt_ids, temperature):
    ids = list(prompt_ids)
    while True:
        ids.append(next_token(model, ids, temperature))
        yield ids[-1]


class EosCriterion:
    def __init__(self, eos_id):
        self.eos_id = eos_id

    def __call__(self, generated):
        return bool(generated) and generated[-1] == self.eos_id


class MaxNewTokensCriterion:
    def __init__(self, max_new_tokens):
        self.max_new_tokens = max_new_tokens

    def __call__(self, generated):
        return len(generated) > self.max_new_tokens


class ChatSession:
    def __init__(self, model, criteria, temperature):
        self.model = model
        self.criteria = criteria
        self.temperature = temperature
        self.generated = []
        self._stream = iter(())

    def _keep_going(self, token):
        self.generated.append(token)
        return not any(criterion(self.generated) for criterion in self.criteria)

    def send(self, prompt_ids):
        self.generated = []
        tokens = sample_tokens(self.model, prompt_ids, self.temperature)
        self._stream = itertools.takewhile(self._keep_going, tokens)  # cycle

    def read(self, n):
        return list(itertools.islice(self._stream, n))


def finetune(model, steps, vocab):
    opt = torch.optim.Adam(model.parameters(), lr=3e-3)
    for _ in range(steps):
        ids = torch.randint(2, vocab, (8, 12))
        logits = model(ids[:, :-1])
        target = ids[:, model.context:]
        loss = nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), target.reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()


def main():
    torch.manual_seed(0)
    model = TinyLM(CFG["vocab"], CFG["dim"], CFG["context"])
    finetune(model, steps=5, vocab=CFG["vocab"])
    model.eval()
    criteria = [EosCriterion(CFG["eos_id"]), MaxNewTokensCriterion(CFG["max_new_tokens"])]
    for prompt in ([5, 6, 7, 8], [9, 3, 4, 2], [12, 12, 7, 5]):
        session = ChatSession(model, criteria, CFG["temperature"])
        session.send(prompt)
        shown = []
        for _ in range(2):
            chunk = session.read(6)
            if not chunk:
                break
            shown.extend(chunk)
        print(prompt, "->", shown)


if __name__ == "__main__":
    main()
