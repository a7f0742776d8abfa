"""Segment index for IWSLT-style speech-translation test sets (XML <seg> files)."""
import io
import xml.etree.ElementTree as ET


class CountingReader:
    """File-like wrapper that reports how many bytes the parser pulled."""

    def __init__(self, raw, name, chunk_log=None):
        self.raw = raw
        self.name = name
        self.bytes_read = 0
        self.chunk_log = chunk_log if chunk_log is not None else []

    def read(self, size=-1):
        data = self.raw.read(size)
        self.bytes_read += len(data)
        self.chunk_log.append(len(data))
        return data


def render_xml(doc_id, segments):
    body = "".join(
        f'<seg id="{i}" start="{s:.2f}" end="{e:.2f}">{text}</seg>'
        for i, (s, e, text) in enumerate(segments))
    return f'<mteval><srcset lang="en"><doc docid="{doc_id}">{body}</doc></srcset></mteval>'.encode()


class SegmentIndex:
    def __init__(self, max_segments):
        self.max_segments = max_segments
        self.entries = []

    def scan(self, reader):
        found = []
        for _event, elem in ET.iterparse(reader, events=("end",)):  # cycle
            if elem.tag != "seg":
                continue
            found.append((float(elem.get("start")), float(elem.get("end")), elem.text or ""))
            if len(found) >= self.max_segments:
                break
        self.entries.extend(found)
        return len(found)

    @staticmethod
    def open_document(doc_id, segments):
        return CountingReader(io.BytesIO(render_xml(doc_id, segments)), doc_id)
