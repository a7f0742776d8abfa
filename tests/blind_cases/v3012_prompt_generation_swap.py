"""P-tuning of a small causal LM; generation temporarily routes the base model through the prompt."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab_size=40, dim=16, max_len=32):
        super().__init__()
        self.vocab_size, self.dim = vocab_size, dim
        self.embed = nn.Embedding(vocab_size, dim)
        self.pos = nn.Parameter(torch.zeros(max_len, dim))
        self.rnn = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab_size)

    def prepare_inputs_for_generation(self, input_ids, **kwargs):
        return {"inputs_embeds": self.embed(input_ids)}

    def forward(self, input_ids=None, inputs_embeds=None):
        if inputs_embeds is None:
            inputs_embeds = self.embed(input_ids)
        hidden, _ = self.rnn(inputs_embeds + self.pos[: inputs_embeds.shape[1]])
        return self.lm_head(hidden)

    @torch.no_grad()
    def generate(self, input_ids, max_new_tokens=4):
        for _ in range(max_new_tokens):
            logits = self(**self.prepare_inputs_for_generation(input_ids))
            input_ids = torch.cat([input_ids, logits[:, -1].argmax(-1, keepdim=True)], dim=1)
        return input_ids


class PTuningModel(nn.Module):
    """Virtual tokens produced by a small MLP; unknown attributes resolve on the base model."""

    def __init__(self, base_model, num_virtual_tokens=3):
        super().__init__()
        self.base_model = base_model
        self.num_virtual_tokens = num_virtual_tokens
        self.prompt_ids = nn.Embedding(num_virtual_tokens, base_model.dim)
        self.prompt_mlp = nn.Sequential(nn.Linear(base_model.dim, base_model.dim), nn.Tanh())
        self.base_model.requires_grad_(False)
        self.base_model_prepare_inputs_for_generation = base_model.prepare_inputs_for_generation

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.base_model, name)

    def prompts(self, batch_size):
        return self.prompt_mlp(self.prompt_ids.weight).expand(batch_size, -1, -1)

    def prepare_inputs_for_generation(self, input_ids, **kwargs):
        model_inputs = self.base_model_prepare_inputs_for_generation(input_ids, **kwargs)
        embeds = model_inputs["inputs_embeds"]
        model_inputs["inputs_embeds"] = torch.cat([self.prompts(embeds.shape[0]), embeds], dim=1)
        return model_inputs

    def forward(self, input_ids):
        embeds = self.base_model.embed(input_ids)
        logits = self.base_model(inputs_embeds=torch.cat([self.prompts(len(input_ids)), embeds], dim=1))
        return logits[:, self.num_virtual_tokens:]

    def generate(self, input_ids, **kwargs):
        self.base_model.prepare_inputs_for_generation = self.prepare_inputs_for_generation
        try:
            return self.base_model.generate(input_ids, **kwargs)
        finally:
            del self.base_model.prepare_inputs_for_generation


def run(seed, steps=4):
    torch.manual_seed(seed)
    model = PTuningModel(TinyLM())
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-2)
    for _ in range(steps):
        ids = torch.randint(0, model.vocab_size, (8, 7))
        logits = model(ids[:, :-1])
        loss = F.cross_entropy(logits.reshape(-1, model.vocab_size), ids[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
    out = model.generate(torch.randint(0, model.vocab_size, (2, 4)), max_new_tokens=3)
    assert "prepare_inputs_for_generation" not in vars(model.base_model)
    return out.shape


def main():
    for seed in range(3):
        run(seed)


if __name__ == "__main__":
    main()
