"""Flat-parameter handle: packs the parameters of a module into one contiguous Parameter.

The original parameters are removed from their submodules. Before every
forward the handle re-slices the flat buffer and installs the views on the
submodules, so autograd routes every gradient into ``flat_param.grad``.
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
        self.flat_param._param_shapes = tuple(i.shape for i in self.infos)
        self.flat_param._param_numels = tuple(i.numel for i in self.infos)
        self._views = []
        self.use_unflat_views()

    def _build_views(self):
        views = []
        for info in self.infos:
            chunk = self.flat_param[info.offset:info.offset + info.numel]
            views.append(chunk.view(info.shape))
        return views

    def use_unflat_views(self):
        self._views = self._build_views()
        for info, view in zip(self.infos, self._views):
            setattr(self.module.get_submodule(info.module_name), info.param_name, view)

    def full_state_dict(self):
        return {
            (f"{i.module_name}.{i.param_name}" if i.module_name else i.param_name): v.detach().clone()
            for i, v in zip(self.infos, self._views)
        }

    def numel(self):
        return self.flat_param.numel()
