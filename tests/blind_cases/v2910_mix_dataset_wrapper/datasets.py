"""Detection dataset and the mmdet-style wrapper that feeds mixing transforms."""
import copy

import torch
from torch.utils.data import Dataset

from mixing import build_pipeline


class SyntheticDetDataset(Dataset):
    def __init__(self, num_images, img_scale, num_classes, seed=0):
        g = torch.Generator().manual_seed(seed)
        self.num_classes = num_classes
        self.images = torch.rand(num_images, 3, img_scale, img_scale, generator=g)
        self.labels = [torch.randint(0, num_classes, (int(torch.randint(1, 4, (1,), generator=g)),), generator=g)
                       for _ in range(num_images)]

    def __len__(self):
        return len(self.images)

    def __getitem__(self, idx):
        return {"img": self.images[idx], "gt_labels": self.labels[idx]}


class MultiImageMixDataset(Dataset):
    """Runs the pipeline on the wrapped dataset; transforms with get_indexes() get partners in results."""

    def __init__(self, dataset, pipeline, skip_type_keys=None):
        self.dataset = dataset
        self.pipeline = build_pipeline(pipeline)
        self.pipeline_types = [cfg["type"] for cfg in pipeline]
        self._skip_type_keys = skip_type_keys

    def __len__(self):
        return len(self.dataset)

    def update_skip_type_keys(self, skip_type_keys):
        self._skip_type_keys = list(skip_type_keys)

    def __getitem__(self, idx):
        results = copy.copy(self.dataset[idx])
        for transform, transform_type in zip(self.pipeline, self.pipeline_types):
            if self._skip_type_keys and transform_type in self._skip_type_keys:
                continue
            if hasattr(transform, "get_indexes"):
                results["mix_results"] = [copy.copy(self.dataset[i]) for i in transform.get_indexes(self.dataset)]
            results = transform(results)
            results.pop("mix_results", None)
        return results
