"""Perturbed-attention guidance (PAG): identity self-attention on the perturbed batch branch."""
import torch

from unet import AttnProcessor


class PAGIdentitySelfAttnProcessor:
    def __init__(self, pipeline):
        self.pipeline = pipeline  # cycle
        self.base = AttnProcessor()

    def __call__(self, attn, hidden_states, encoder_hidden_states=None):
        if not self.pipeline.do_perturbed_attention_guidance:
            return self.base(attn, hidden_states, encoder_hidden_states)
        uncond, text, perturbed = hidden_states.chunk(3)
        out_orig = self.base(attn, torch.cat([uncond, text]))
        out_ptb = attn.to_out(attn.to_v(perturbed))
        return torch.cat([out_orig, out_ptb])


class PAGMixin:
    pag_applied_layers = ("self_attns.1",)
    _pag_scale = 0.0

    @property
    def do_perturbed_attention_guidance(self):
        return self._pag_scale > 0

    def _apply_perturbed_attention_guidance(self, noise_pred, guidance_scale):
        uncond, text, perturbed = noise_pred.chunk(3)
        return uncond + guidance_scale * (text - uncond) + self._pag_scale * (text - perturbed)

    def _set_pag_attn_processor(self):
        targets = tuple(f"{layer}.processor" for layer in self.pag_applied_layers)
        self.unet.set_attn_processor({name: PAGIdentitySelfAttnProcessor(self) if name in targets else proc  # cycle
                                      for name, proc in self.unet.attn_processors.items()})
