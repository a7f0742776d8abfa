"""Interactive console for a fine-tuned LM; tab completion is installed only while the console runs."""
import readline

import torch
import torch.nn as nn

CFG = {"dim": 24, "max_new_tokens": 8, "steps": 5, "lr": 3e-3}
CORPUS = "the adapter learns a low rank update while the base model stays frozen during fine tuning".split()


class WordTokenizer:
    def __init__(self, words):
        self.itos = ["<unk>", "<eos>"] + sorted(set(words))
        self.stoi = {w: i for i, w in enumerate(self.itos)}

    def encode(self, text):
        return [self.stoi.get(w, 0) for w in text.lower().split()]

    def decode(self, ids):
        return " ".join(self.itos[i] for i in ids)


class BigramLM(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, vocab)

    def forward(self, ids):
        return self.proj(torch.relu(self.embed(ids)))


class GenerationConsole:
    def __init__(self, model, tokenizer, max_new_tokens):
        self.model = model
        self.tokenizer = tokenizer
        self.max_new_tokens = max_new_tokens
        self.history = []
        self._old_completer = None

    def __enter__(self):
        self._old_completer = readline.get_completer()
        readline.parse_and_bind("tab: complete")
        readline.set_completer(self._complete)
        return self

    def __exit__(self, *exc):
        readline.set_completer(self._old_completer)
        self._old_completer = None
        return False

    def _complete(self, text, state):
        matches = [w for w in self.tokenizer.itos[2:] if w.startswith(text)]
        return matches[state] if state < len(matches) else None

    @torch.no_grad()
    def respond(self, line):
        ids = self.tokenizer.encode(line) or [0]
        out = []
        for _ in range(self.max_new_tokens):
            nxt = int(self.model(torch.tensor(ids[-1:]))[-1].argmax())
            if nxt == 1:
                break
            ids.append(nxt)
            out.append(nxt)
        reply = self.tokenizer.decode(out)
        self.history.append((line, reply))
        return reply

    def run_script(self, lines):
        for line in lines:
            print(">>>", line)
            print(self.respond(line))


def finetune(model, tokenizer, steps, lr):
    ids = torch.tensor(tokenizer.encode(" ".join(CORPUS)) + [1])
    opt = torch.optim.Adam(model.parameters(), lr=lr)
    for _ in range(steps):
        loss = nn.functional.cross_entropy(model(ids[:-1]), ids[1:])
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


def main():
    torch.manual_seed(0)
    tokenizer = WordTokenizer(CORPUS)
    model = BigramLM(len(tokenizer.itos), CFG["dim"])
    print(f"fine-tune loss {finetune(model, tokenizer, CFG['steps'], CFG['lr']):.3f}")
    model.eval()
    with GenerationConsole(model, tokenizer, CFG["max_new_tokens"]) as console:
        console.run_script(["the adapter", "low rank", "base model"])
        print("completions for 'f':", [console._complete("f", i) for i in range(3)])


if __name__ == "__main__":
    main()
