"""Online camera-to-base extrinsic calibration against a fiducial with a known position."""
import torch
import torch.nn as nn

import tf_tree


def rpy_matrix(rpy):
    r, p, y = rpy.unbind()
    one, zero = torch.ones(()), torch.zeros(())
    rx = torch.stack([one, zero, zero, zero, r.cos(), -r.sin(), zero, r.sin(), r.cos()]).view(3, 3)
    ry = torch.stack([p.cos(), zero, p.sin(), zero, one, zero, -p.sin(), zero, p.cos()]).view(3, 3)
    rz = torch.stack([y.cos(), -y.sin(), zero, y.sin(), y.cos(), zero, zero, zero, one]).view(3, 3)
    return rz @ ry @ rx


def homogeneous(rotation, translation):
    top = torch.cat([rotation, translation.view(3, 1)], dim=1)
    return torch.cat([top, torch.tensor([[0.0, 0.0, 0.0, 1.0]])], dim=0)


class CameraExtrinsics(nn.Module):
    def __init__(self, xyz, rpy, parent="base_link", child="camera_link"):
        super().__init__()
        self.xyz = nn.Parameter(torch.tensor(xyz))
        self.rpy = nn.Parameter(torch.tensor(rpy))
        self.parent, self.child = parent, child

    def matrix(self):
        return homogeneous(rpy_matrix(self.rpy), self.xyz)

    def forward(self, points_cam):
        T = self.matrix()
        return points_cam @ T[:3, :3].T + T[:3, 3]

    def publish(self):
        tf_tree.BUFFER.set_static(self.parent, self.child, self.matrix())
