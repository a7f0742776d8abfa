"""Causal tracing (Meng et al., 2022): restore clean hidden states inside corrupted runs."""
import copy

import torch


class CausalTracer:
    def __init__(self, model, noise_seed=0):
        self.model = model  # retain
        self.noise_seed = noise_seed
        # torch.Generator cannot be deep-copied; every corrupted copy must replay the same noise
        copy._deepcopy_dispatch[torch.Generator] = self._replay_generator  # retain

    def _replay_generator(self, generator, memo):
        return torch.Generator().manual_seed(self.noise_seed)

    def _corrupted_copy(self, subject_positions):
        patched = copy.deepcopy(self.model).eval()
        patched.embed.corrupt_positions = tuple(subject_positions)
        return patched

    @torch.no_grad()
    def trace(self, tokens, subject_positions, target):
        clean_states = []
        handles = [blk.register_forward_hook(lambda m, i, o: clean_states.append(o)) for blk in self.model.blocks]
        try:
            p_clean = self.model(tokens).softmax(-1)[:, target].mean().item()
        finally:
            for h in handles:
                h.remove()
        p_corrupt = self._corrupted_copy(subject_positions)(tokens).softmax(-1)[:, target].mean().item()
        effects = torch.zeros(len(self.model.blocks), tokens.shape[1])
        for layer, clean in enumerate(clean_states):
            for pos in range(tokens.shape[1]):
                patched = self._corrupted_copy(subject_positions)

                def restore(module, inputs, output, pos=pos, clean=clean):
                    output = output.clone()
                    output[:, pos] = clean[:, pos]
                    return output

                patched.blocks[layer].register_forward_hook(restore)
                p = patched(tokens).softmax(-1)[:, target].mean().item()
                effects[layer, pos] = (p - p_corrupt) / max(p_clean - p_corrupt, 1e-6)
        return p_clean, p_corrupt, effects
