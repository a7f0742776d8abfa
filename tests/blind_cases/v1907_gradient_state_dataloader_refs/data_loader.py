"""DataLoader wrapper that reports its progress to the shared GradientState."""
from torch.utils.data import DataLoader, RandomSampler

from state import GradientState


def send_to_device(batch, device):
    if isinstance(batch, (list, tuple)):
        return type(batch)(send_to_device(t, device) for t in batch)
    return batch.to(device)


class DataLoaderShard(DataLoader):
    def __init__(self, dataset, device=None, **kwargs):
        super().__init__(dataset, **kwargs)
        self.device = device
        self.gradient_state = GradientState()
        self.iteration = 0

    def __iter__(self):
        self.gradient_state._add_dataloader(self)
        batches = super().__iter__()
        try:
            current = next(batches)
        except StopIteration:
            self.gradient_state._remove_dataloader(self)
            return
        while True:
            try:
                upcoming = next(batches)
            except StopIteration:
                self.gradient_state._set_end_of_dataloader(True)
                yield send_to_device(current, self.device)
                break
            yield send_to_device(current, self.device)
            current = upcoming
        self.iteration += 1
        self.gradient_state._remove_dataloader(self)


def prepare_data_loader(dataloader, device):
    return DataLoaderShard(
        dataloader.dataset,
        device=device,
        batch_size=dataloader.batch_size,
        shuffle=isinstance(dataloader.sampler, RandomSampler),
        drop_last=dataloader.drop_last,
        collate_fn=dataloader.collate_fn,
    )
