// What linking finds in each module alone (its bindings, removals, the names it uses, its classes' own
// methods), kept between analyses of mostly the same modules: the editor server links a whole workspace at
// every edit, and only the edited module's facts are new.
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>
#include <vector>

#include "analyzer/ir.hpp"
#include "analyzer/program.hpp"

namespace cyclecheck {

class ModuleLinkCache {
 public:
  // The link of `facts` kept by an earlier Program, or null. Safe from the link's worker threads.
  std::shared_ptr<const Program::ModuleLink> find(const ModuleFacts* facts) const;
  void store(const std::shared_ptr<const ModuleFacts>& facts,
             std::shared_ptr<const Program::ModuleLink> link);
  // Drops the links of modules not in `modules` (facts replaced by an edit, files closed or deleted).
  void keep_only(const std::vector<std::shared_ptr<const ModuleFacts>>& modules);
  size_t size() const;

 private:
  mutable std::mutex mutex_;
  // Keyed by the facts' address, which the entry keeps alive so that no other facts can take it.
  std::unordered_map<const ModuleFacts*, std::pair<std::shared_ptr<const ModuleFacts>,
                                                   std::shared_ptr<const Program::ModuleLink>>>
      links_;
};

}  // namespace cyclecheck
