"""Per-model decode scheduler that interleaves greedy generation for a batch of prompts."""
import asyncio
import time

import torch
import torch.nn as nn

CONFIG = {
    "vocab": 48,
    "dim": 24,
    "max_new_tokens": 6,
    "eos_id": 1,
    "versions": ["chat-small-a", "chat-small-b"],
    "prompts": [[5, 9, 12], [7, 3], [20, 21, 22, 23], [8]],
}


class TinyDecoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.head = nn.Linear(dim, vocab)

    def step(self, token, hidden):
        hidden = self.cell(self.embed(token), hidden)
        return self.head(hidden), hidden


class DecodeScheduler:
    def __init__(self, name, model, cfg):
        self.name = name
        self.model = model.eval()
        self.cfg = cfg
        self.tasks_created = 0
        self.created_at = {}
        self._loop = asyncio.new_event_loop()  # cycle
        self._loop.set_task_factory(self._make_task)  # cycle

    def _make_task(self, loop, coro, **kwargs):
        task = asyncio.Task(coro, loop=loop, **kwargs)
        self.tasks_created += 1
        self.created_at[task.get_name()] = time.perf_counter()
        return task

    async def _decode(self, prompt):
        hidden = torch.zeros(1, self.cfg["dim"])
        with torch.no_grad():
            for tok in prompt:
                logits, hidden = self.model.step(torch.tensor([tok]), hidden)
            out = []
            for _ in range(self.cfg["max_new_tokens"]):
                tok = int(logits.argmax(-1))
                if tok == self.cfg["eos_id"]:
                    break
                out.append(tok)
                logits, hidden = self.model.step(torch.tensor([tok]), hidden)
                await asyncio.sleep(0)
        return out

    def generate(self, prompts):
        async def run_all():
            return await asyncio.gather(*(self._decode(p) for p in prompts))

        return self._loop.run_until_complete(run_all())

    def close(self):
        self._loop.close()


def main():
    torch.manual_seed(0)
    for version in CONFIG["versions"]:
        scheduler = DecodeScheduler(version, TinyDecoder(CONFIG["vocab"], CONFIG["dim"]), CONFIG)
        outputs = scheduler.generate(CONFIG["prompts"])
        lengths = [len(o) for o in outputs]
        print(f"{version}: {scheduler.tasks_created} tasks, generated lengths {lengths}")
        scheduler.close()


if __name__ == "__main__":
    main()
