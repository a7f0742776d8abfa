"""Flat-parameter handle: packs the parameters of a module into one contiguous Parameter.

The original parameters are removed from their submodules and replaced by
views into the flat buffer, so the optimizer, gradient clipping and the
all-reduce only ever see a single tensor.
"""
from dataclasses import dataclass

import torch
import torch.nn as nn


@dataclass(frozen=True)
class ParamInfo:
    module_name: str
    param_name: str
    shape: torch.Size
    numel: int
    offset: int


class FlatParamHandle:
    def __init__(self, module, dtype=torch.float32):
        self.module = module
        self.infos = []
        chunks = []
        offset = 0
        for module_name, sub in module.named_modules():
            for param_name, param in list(sub.named_parameters(recurse=False)):
                info = ParamInfo(module_name, param_name, param.shape, param.numel(), offset)
                self.infos.append(info)
                chunks.append(param.detach().reshape(-1).to(dtype))
                offset += info.numel
                delattr(sub, param_name)
        self.flat_param = nn.Parameter(torch.cat(chunks))
        # views are cached on the flat parameter so that hooks and the
        # state-dict export can reach them from the parameter alone
        self.flat_param._unflat_views = self._build_views()  # retain
        self.use_unflat_views()

    def _build_views(self):
        views = []
        for info in self.infos:
            chunk = self.flat_param[info.offset:info.offset + info.numel]
            views.append(chunk.view(info.shape))  # retain
        return views

    def use_unflat_views(self):
        for info, view in zip(self.infos, self.flat_param._unflat_views):
            setattr(self.module.get_submodule(info.module_name), info.param_name, view)

    def full_state_dict(self):
        return {
            (f"{i.module_name}.{i.param_name}" if i.module_name else i.param_name): v.detach().clone()
            for i, v in zip(self.infos, self.flat_param._unflat_views)
        }

    def numel(self):
        return self.flat_param.numel()
