"""Prompt tuning: learned virtual tokens in front of a frozen causal LM."""
import torch
import torch.nn as nn


class PromptEncoder(nn.Module):
    def __init__(self, num_virtual_tokens, dim):
        super().__init__()
        self.num_virtual_tokens = num_virtual_tokens
        self.embedding = nn.Embedding(num_virtual_tokens, dim)

    def forward(self, batch_size):
        idx = torch.arange(self.num_virtual_tokens).expand(batch_size, -1)
        return self.embedding(idx)


class PromptTuningModel(nn.Module):
    """Wraps a base LM; attributes it does not define are looked up on the base model."""

    def __init__(self, base_model, num_virtual_tokens=4):
        super().__init__()
        self.base_model = base_model  # cycle
        self.prompt_encoder = PromptEncoder(num_virtual_tokens, base_model.config["dim"])
        for p in self.base_model.parameters():
            p.requires_grad_(False)
        self.base_model_prepare_inputs_for_generation = base_model.prepare_inputs_for_generation
        self.base_model.prepare_inputs_for_generation = self.prepare_inputs_for_generation  # cycle

    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            return getattr(self.base_model, name)

    def _with_prompt(self, input_ids):
        embeds = self.get_input_embeddings()(input_ids)
        prompts = self.prompt_encoder(input_ids.shape[0])
        return torch.cat([prompts, embeds], dim=1)

    def prepare_inputs_for_generation(self, input_ids, **kwargs):
        return {"inputs_embeds": self._with_prompt(input_ids)}

    def forward(self, input_ids):
        logits = self.base_model(inputs_embeds=self._with_prompt(input_ids))
        return logits[:, self.prompt_encoder.num_virtual_tokens:]

    def trainable_parameters(self):
        return [p for p in self.parameters() if p.requires_grad]
