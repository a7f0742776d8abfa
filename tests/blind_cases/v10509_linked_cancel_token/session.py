"""Greedy token generation sessions with a per-request token budget."""
import torch

from cancel import SERVER_SHUTDOWN, Cancelled, CancelToken


class GenerationSession:
    def __init__(self, rid, model, prompt, max_new_tokens, budget_tokens):
        self.rid = rid
        self.model = model
        self.ids = list(prompt)
        self.max_new_tokens = max_new_tokens
        self.budget_tokens = budget_tokens
        self.finish_reason = None
        self.token = CancelToken(parent=SERVER_SHUTDOWN, name=f"req-{rid}")
        self.token.register(self._abort)  # retain
        self.state = None

    def _abort(self, reason):
        self.finish_reason = f"aborted:{reason}"

    @torch.no_grad()
    def _step(self, last_id):
        logits, self.state = self.model(torch.tensor([last_id]), self.state)
        return int(logits.argmax(-1))

    def run(self):
        try:
            for _ in range(self.max_new_tokens):
                self.token.raise_if_cancelled()
                self.ids.append(self._step(self.ids[-1]))
                if len(self.ids) >= self.budget_tokens:
                    self.token.cancel("token budget exhausted")
            self.finish_reason = self.finish_reason or "length"
        except Cancelled:
            pass
        return self.ids
