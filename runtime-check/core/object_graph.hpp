// The reference graph among a set of Python objects (the garbage of one collection): nodes are the
// objects, edges the references tp_traverse reports, each with a label from ObjectLabeler.
// An instance's __dict__ (and an nn.Module's _modules/_parameters/_buffers) is folded into the
// instance, so `model.fc = ...` reads as one edge ".fc" as in the source code.
#pragma once

#include <Python.h>

#include <cstdint>
#include <string>
#include <vector>

#include "object_labels.hpp"
#include "scc.hpp"

namespace cyclecheck::runtime {

struct ObjectGraph {
  std::vector<PyObject*> nodes;      // borrowed from the caller's list
  CsrGraph graph;                    // node -> node
  std::vector<uint32_t> edge_label;  // parallel to graph.targets; index into labels
  std::vector<std::string> labels;   // interned edge labels
  size_t folded_objects = 0;         // dicts folded into their owner
};

// `objects` must stay alive and unchanged while the graph is used.
ObjectGraph build_object_graph(const std::vector<PyObject*>& objects, ObjectLabeler& labeler);

}  // namespace cyclecheck::runtime
