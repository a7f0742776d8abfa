// A graph of objects and references to draw, independent of where it came from
// (a static finding or a cycle collected at run time).
#pragma once

#include <string>
#include <vector>

namespace cyclecheck::render {

struct Node {
  std::string id;    // unique within the graph
  std::string type;  // "Trainer", "function <lambda>", "list", "Tensor"
  std::string
      detail;  // allocation or definition site ("train.py:12"), a short repr, tensor shape/dtype/device
  bool holds_tensors = false;  // drawn with a tensor marker
  bool holds_module = false;   // an nn.Module
  bool in_cycle = true;
};

struct Edge {
  std::string from;
  std::string to;
  std::string label;  // field, closure variable, container slot: ".model", "[]", "cell self", "__self__"
  std::string site;   // where the reference is created ("train.py:12"); empty when unknown
  bool in_cycle = true;
  bool weak_candidate = false;  // the edge best made weak: drawn dashed and in another colour
};

struct Graph {
  std::string title;  // e.g. "CC104 callable-holds-owner: Trainer -> .cb -> Trainer.on_step -> Trainer"
  std::vector<Node> nodes;
  std::vector<Edge> edges;
};

}  // namespace cyclecheck::render
