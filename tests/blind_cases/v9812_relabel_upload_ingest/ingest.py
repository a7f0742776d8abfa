"""Ingest of annotator relabel uploads (multipart/form-data bodies, streamed in chunks)."""
from email import policy
from email.parser import BytesFeedParser

HTTP_POLICY = policy.HTTP


class UploadRejected(Exception):
    pass


class RelabelIngest:
    def __init__(self, num_items, max_bytes=512, chunk=64):
        self.num_items = num_items
        self.max_bytes = max_bytes
        self.chunk = chunk
        self.accepted = 0
        self.rejected = []

    def receive(self, upload_id, content_type, body):
        parser = BytesFeedParser(policy=HTTP_POLICY)  # cycle
        parser.feed(f"Content-Type: {content_type}\r\n\r\n".encode())
        received = 0
        for start in range(0, len(body), self.chunk):
            piece = body[start:start + self.chunk]
            received += len(piece)
            if received > self.max_bytes:
                self.rejected.append((upload_id, "payload too large"))
                return []
            parser.feed(piece)
        message = parser.close()
        self.accepted += 1
        return list(self._corrections(message))

    def _corrections(self, message):
        for part in message.iter_parts():
            if part.get_param("name", header="content-disposition") != "labels":
                continue
            for line in part.get_content().splitlines():
                idx, label = (int(tok) for tok in line.split(","))
                if not 0 <= idx < self.num_items:
                    raise UploadRejected(f"index {idx} out of range")
                yield idx, label


def encode_upload(annotator, corrections, boundary="relabel-boundary"):
    rows = "\r\n".join(f"{i},{lab}" for i, lab in corrections)
    parts = [("annotator", annotator), ("labels", rows)]
    body = "".join(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                   for name, value in parts) + f"--{boundary}--\r\n"
    return f"multipart/form-data; boundary={boundary}", body.encode()
