"""JSON-lines TCP front door that splits scoring traffic between two model versions."""
import asyncio
import json
import zlib

import torch
import torch.nn as nn

ROLLOUT = {"control": "ranker-v1", "treatment": "ranker-v2", "treatment_pct": 30, "dim": 12}


class Ranker(nn.Module):
    def __init__(self, dim, hidden):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, hidden), nn.GELU(), nn.Linear(hidden, 1))

    def forward(self, x):
        return torch.sigmoid(self.body(x)).squeeze(-1)


class FrontDoor:
    def __init__(self, variants, treatment_pct):
        self.variants = variants
        self.treatment_pct = treatment_pct
        self.exposures = {name: 0 for name in variants}
        self.server = None

    def route(self, user_id):
        bucket = zlib.crc32(user_id.encode()) % 100
        return ROLLOUT["treatment"] if bucket < self.treatment_pct else ROLLOUT["control"]

    async def start(self, host="127.0.0.1"):
        self.server = await asyncio.start_server(self._on_client, host, 0)  # cycle
        return self.server.sockets[0].getsockname()[1]

    async def stop(self):
        self.server.close()
        await self.server.wait_closed()

    async def _on_client(self, reader, writer):
        try:
            while line := await reader.readline():
                request = json.loads(line)
                variant = self.route(request["user"])
                self.exposures[variant] += 1
                features = torch.tensor(request["features"], dtype=torch.float32)
                with torch.no_grad():
                    scores = self.variants[variant](features)
                reply = {"user": request["user"], "variant": variant, "scores": [round(s, 4) for s in scores.tolist()]}
                writer.write((json.dumps(reply) + "\n").encode())
                await writer.drain()
        finally:
            writer.close()
            await writer.wait_closed()


async def client(port, users, dim):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    replies = []
    try:
        for user in users:
            payload = {"user": user, "features": torch.randn(3, dim).tolist()}
            writer.write((json.dumps(payload) + "\n").encode())
            await writer.drain()
            replies.append(json.loads(await reader.readline()))
    finally:
        writer.close()
        await writer.wait_closed()
    return replies


async def serve_session(session):
    torch.manual_seed(session)
    variants = {ROLLOUT["control"]: Ranker(ROLLOUT["dim"], 16).eval(),
                ROLLOUT["treatment"]: Ranker(ROLLOUT["dim"], 24).eval()}
    door = FrontDoor(variants, ROLLOUT["treatment_pct"])
    port = await door.start()
    users = [f"user-{session}-{i}" for i in range(8)]
    replies = await asyncio.gather(client(port, users[:4], ROLLOUT["dim"]),
                                   client(port, users[4:], ROLLOUT["dim"]))
    await door.stop()
    return sum(len(r) for r in replies), dict(door.exposures)


def main():
    for session in range(2):
        served, exposures = asyncio.run(serve_session(session))
        print(f"session {session}: {served} replies, exposures={exposures}")


if __name__ == "__main__":
    main()
