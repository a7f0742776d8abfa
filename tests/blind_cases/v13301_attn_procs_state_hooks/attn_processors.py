"""LoRA attention processors and the trainable container used by the LoRA script."""
import torch.nn as nn


class LoRAAttnProcessor(nn.Module):
    def __init__(self, hidden_size, cross_attention_dim=None, rank=4):
        super().__init__()
        self.to_q_lora = nn.Sequential(nn.Linear(hidden_size, rank, bias=False),
                                       nn.Linear(rank, hidden_size, bias=False))
        self.to_v_lora = nn.Sequential(nn.Linear(cross_attention_dim or hidden_size, rank, bias=False),
                                       nn.Linear(rank, hidden_size, bias=False))
        nn.init.zeros_(self.to_q_lora[1].weight)
        nn.init.zeros_(self.to_v_lora[1].weight)

    def __call__(self, attn, hidden_states, encoder_hidden_states=None):
        context = hidden_states if encoder_hidden_states is None else encoder_hidden_states
        q = attn.to_q(hidden_states) + self.to_q_lora(hidden_states)
        v = attn.to_v(context) + self.to_v_lora(context)
        probs = (q @ attn.to_k(context).transpose(-1, -2) * attn.scale).softmax(dim=-1)
        return attn.to_out(probs @ v)


class AttnProcsLayers(nn.Module):
    def __init__(self, state_dict):
        super().__init__()
        self.layers = nn.ModuleList(state_dict.values())
        self.mapping = dict(enumerate(state_dict.keys()))
        self.rev_mapping = {v: k for k, v in enumerate(state_dict.keys())}
        self.split_keys = [".processor", ".self_attn"]

        def map_to(module, state_dict, *args, **kwargs):
            new_state_dict = {}
            for key, value in state_dict.items():
                num = int(key.split(".")[1])
                new_state_dict[key.replace(f"layers.{num}", module.mapping[num])] = value
            return new_state_dict

        def remap_key(key, state_dict):  # cycle
            for k in self.split_keys:
                if k in key:
                    return key.split(k)[0] + k
            raise ValueError(f"no attention processor key in {key}")

        def map_from(module, state_dict, *args, **kwargs):  # cycle
            for key in list(state_dict.keys()):
                replace_key = remap_key(key, state_dict)
                new_key = key.replace(replace_key, f"layers.{module.rev_mapping[replace_key]}")
                state_dict[new_key] = state_dict.pop(key)

        self._register_state_dict_hook(map_to)
        self._register_load_state_dict_pre_hook(map_from, with_module=True)  # cycle


def add_lora_processors(unet, rank=4):
    attns = {name: unet.get_submodule(name[: -len(".processor")]) for name in unet.attn_processors}
    unet.set_attn_processor({name: LoRAAttnProcessor(attn.to_q.in_features, attn.to_v.in_features, rank=rank)
                             for name, attn in attns.items()})
    return AttnProcsLayers(unet.attn_processors)
