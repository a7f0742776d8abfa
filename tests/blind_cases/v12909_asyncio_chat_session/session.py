"""Chat session that keeps the stream of the current turn so a UI can resume reading it."""
import asyncio

import torch


class ChatSession:
    def __init__(self, model, eos_id, max_new_tokens=24):
        self.model = model
        self.eos_id = eos_id
        self.max_new_tokens = max_new_tokens
        self.history = []
        self.current = None

    @torch.no_grad()
    def _forward(self, ids, past):
        logits, past = self.model(ids, past)
        return logits[:, -1], past

    async def _produce(self, prompt_ids, top_k):
        ids, past = torch.tensor([prompt_ids]), None
        for _ in range(self.max_new_tokens):
            logits, past = self._forward(ids, past)
            vals, idx = logits.topk(top_k, dim=-1)
            pick = idx.gather(-1, torch.multinomial(vals.softmax(-1), 1))
            if int(pick) == self.eos_id:
                return
            yield int(pick)
            ids = pick
            await asyncio.sleep(0)

    def open_turn(self, prompt_ids, top_k=8):
        self.history.append(list(prompt_ids))
        self.current = self._produce(prompt_ids, top_k)
        return self.current
