"""Grid A* for a mobile base, guided by a learned cost-to-go heuristic."""
import collections
import heapq
import itertools
import math
from dataclasses import dataclass
from typing import Optional

import torch
import torch.nn as nn

GRID = ["............",
        "....#.......",
        "....#..###..",
        "....#....#..",
        "..###....#..",
        ".........#..",
        "......####..",
        "............"]
MOVES = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


@dataclass
class SearchNode:
    cell: tuple
    g: float
    parent: Optional["SearchNode"] = None

    def path(self):
        node, cells = self, []
        while node is not None:
            cells.append(node.cell)
            node = node.parent
        return cells[::-1]


def free_cells(grid):
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "."]


def neighbours(grid, cell):
    for dr, dc in MOVES:
        r, c = cell[0] + dr, cell[1] + dc
        if 0 <= r < len(grid) and 0 <= c < len(grid[0]) and grid[r][c] == ".":
            yield (r, c), math.hypot(dr, dc)


def dijkstra(grid, goal):
    dist, heap = {goal: 0.0}, [(0.0, goal)]
    while heap:
        d, cell = heapq.heappop(heap)
        if d > dist[cell]:
            continue
        for nxt, cost in neighbours(grid, cell):
            if d + cost < dist.get(nxt, float("inf")):
                dist[nxt] = d + cost
                heapq.heappush(heap, (d + cost, nxt))
    return dist


def features(cells, goal):
    delta = torch.tensor(cells, dtype=torch.float32) - torch.tensor(goal, dtype=torch.float32)
    return torch.cat([delta, delta.abs(), delta.norm(dim=1, keepdim=True), torch.tensor(cells) / 10.0], dim=1)


def train_heuristic(model, grid, goals, epochs=150):
    xs, ys = [], []
    for goal in goals:
        dist = dijkstra(grid, goal)
        cells = list(dist)
        xs.append(features(cells, goal))
        ys.append(torch.tensor([dist[c] for c in cells]))
    x, y = torch.cat(xs), torch.cat(ys)
    opt = torch.optim.Adam(model.parameters(), lr=1e-2)
    for _ in range(epochs):
        loss = nn.functional.mse_loss(model(x).squeeze(-1), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
    return loss.item()


class AStarPlanner:
    def __init__(self, grid, heuristic):
        self.grid = grid
        self.heuristic = heuristic
        self.cells = free_cells(grid)

    def heuristic_table(self, goal):
        with torch.no_grad():
            values = self.heuristic(features(self.cells, goal)).squeeze(-1).clamp(min=0.0)
        return dict(zip(self.cells, values.tolist()))

    def plan(self, start, goal):
        h = self.heuristic_table(goal)
        tie = itertools.count()
        frontier = [(h[start], next(tie), SearchNode(start, 0.0))]
        closed = {}
        while frontier:
            _, _, node = heapq.heappop(frontier)
            if node.cell in closed:
                continue
            closed[node.cell] = node
            if node.cell == goal:
                return node.path(), node.g, len(closed)
            for nxt, cost in neighbours(self.grid, node.cell):
                if nxt not in closed:
                    child = SearchNode(nxt, node.g + cost, node)
                    heapq.heappush(frontier, (child.g + h[nxt], next(tie), child))
        return None, float("inf"), len(closed)


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(7, 64), nn.ReLU(), nn.Linear(64, 1))
    print(f"heuristic fit loss {train_heuristic(model, GRID, [(0, 11), (7, 0), (3, 6)]):.3f}")
    planner = AStarPlanner(GRID, model)
    recent_paths = collections.deque(maxlen=4)
    for start, goal in [((7, 0), (0, 11)), ((0, 0), (3, 6)), ((5, 11), (7, 0))]:
        path, cost, expanded = planner.plan(start, goal)
        recent_paths.append((start, goal, tuple(path)))
        optimal = dijkstra(GRID, goal)[start]
        print(f"{start}->{goal}: cost {cost:.2f} (optimal {optimal:.2f}), {len(path)} cells, {expanded} expanded")


if __name__ == "__main__":
    main()
