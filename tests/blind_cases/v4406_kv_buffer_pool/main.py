"""Teacher-forced LM training with label smoothing and a Noam schedule, then greedy decoding."""
import torch
import torch.nn as nn

from attention import DecoderLM, LMConfig


class NoamSchedule:
    def __init__(self, optimizer, d_model, warmup, factor=1.0):
        self.optimizer, self.d_model, self.warmup, self.factor = optimizer, d_model, warmup, factor
        self._step = 0

    def step(self):
        self._step += 1
        rate = self.factor * self.d_model ** -0.5 * min(self._step ** -0.5, self._step * self.warmup ** -1.5)
        for group in self.optimizer.param_groups:
            group["lr"] = rate


@torch.no_grad()
def greedy_decode(model, prompt, steps=6):
    logits, cache = model(prompt, use_cache=True)
    out = [prompt]
    for _ in range(steps):
        out.append(logits[:, -1].argmax(-1, keepdim=True))
        logits, cache = model(out[-1], cache=cache)
    cache.close()
    return torch.cat(out, dim=1)


def main():
    torch.manual_seed(0)
    cfg = LMConfig()
    model = DecoderLM(cfg)
    opt = torch.optim.Adam(model.parameters(), lr=0.0, betas=(0.9, 0.98), eps=1e-9)
    sched = NoamSchedule(opt, cfg.hidden, warmup=4, factor=2.0)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    for epoch in range(2):
        model.train()
        for _ in range(3):
            seq = torch.randint(3, cfg.vocab_size, (8, 9))
            logits, _ = model(seq[:, :-1])
            loss = criterion(logits.reshape(-1, cfg.vocab_size), seq[:, 1:].reshape(-1))
            opt.zero_grad()
            loss.backward()
            sched.step()
            opt.step()
        model.eval()
        assert greedy_decode(model, torch.randint(3, cfg.vocab_size, (2, 4))).size(1) == 10


if __name__ == "__main__":
    main()
