"""Half-edge triangle mesh used to build MeshCNN-style edge neighbourhoods."""
import torch


class HalfEdge:
    __slots__ = ("origin", "twin", "next", "edge")

    def __init__(self, origin):
        self.origin, self.twin, self.next, self.edge = origin, None, None, None


class Edge:
    __slots__ = ("index", "halfedge")

    def __init__(self, index, halfedge):
        self.index, self.halfedge = index, halfedge  # cycle


class HalfEdgeMesh:
    def __init__(self, vertices, faces):
        self.vertices, self.halfedges, self.edges = vertices, [], []
        by_pair = {}
        for a, b, c in faces.tolist():
            ring = [HalfEdge(a), HalfEdge(b), HalfEdge(c)]
            for i, he in enumerate(ring):
                he.next = ring[(i + 1) % 3]  # cycle
                by_pair[(he.origin, ring[(i + 1) % 3].origin)] = he
            self.halfedges.extend(ring)
        for (u, v), he in by_pair.items():
            he.twin = by_pair[(v, u)]  # cycle
            if he.edge is None:
                edge = Edge(len(self.edges), he)
                he.edge = edge  # cycle
                he.twin.edge = edge  # cycle
                self.edges.append(edge)

    def neighbourhood(self):
        rows = []
        for edge in self.edges:
            he, tw = edge.halfedge, edge.halfedge.twin
            rows.append([edge.index, he.next.edge.index, he.next.next.edge.index,
                         tw.next.edge.index, tw.next.next.edge.index])
        return torch.tensor(rows)

    def edge_features(self):
        v, feats = self.vertices, []
        for edge in self.edges:
            he = edge.halfedge
            a, b, c, d = he.origin, he.next.origin, he.next.next.origin, he.twin.next.next.origin
            n1 = torch.linalg.cross(v[b] - v[a], v[c] - v[a])
            n2 = torch.linalg.cross(v[a] - v[b], v[d] - v[b])
            length = (v[b] - v[a]).norm()
            feats.append(torch.stack([length, torch.cosine_similarity(n1, n2, dim=0), (v[c] - v[a]).norm() / length,
                                      (v[d] - v[b]).norm() / length, (v[c] - v[d]).norm() / length]))
        return torch.stack(feats)
