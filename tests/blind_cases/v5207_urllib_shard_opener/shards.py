"""shard:// URLs, so in-memory shards go through the same urlopen path as http shards."""
import email.message
import io
import urllib.request
import urllib.response

import torch


class ShardStore:
    """Serialised shards kept in memory, keyed by '<split>/<index>'."""

    def __init__(self):
        self.blobs = {}

    def put(self, key, samples):
        buf = io.BytesIO()
        torch.save(samples, buf)
        self.blobs[key] = buf.getvalue()

    def keys(self, split):
        return sorted(k for k in self.blobs if k.startswith(split + "/"))


class MemoryShardHandler(urllib.request.BaseHandler):
    def __init__(self, store):
        self.store = store
        self.requests = 0

    def shard_open(self, req):
        key = req.full_url[len("shard://"):]
        data = self.store.blobs[key]
        self.requests += 1
        headers = email.message.Message()
        headers["Content-Length"] = str(len(data))
        headers["Content-Type"] = "application/x-torch-shard"
        return urllib.response.addinfourl(io.BytesIO(data), headers, req.full_url, 200)


def enable_shard_urls(store):
    opener = urllib.request.build_opener(MemoryShardHandler(store))
    urllib.request.install_opener(opener)  # retain
    return opener
