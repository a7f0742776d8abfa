#include "analyzer/module_link_cache.hpp"

#include <unordered_set>

namespace cyclecheck {

std::shared_ptr<const Program::ModuleLink> ModuleLinkCache::find(const ModuleFacts* facts) const {
  std::lock_guard lock(mutex_);
  auto it = links_.find(facts);
  return it == links_.end() ? nullptr : it->second.second;
}

void ModuleLinkCache::store(const std::shared_ptr<const ModuleFacts>& facts,
                            std::shared_ptr<const Program::ModuleLink> link) {
  std::lock_guard lock(mutex_);
  links_.insert_or_assign(facts.get(), std::make_pair(facts, std::move(link)));
}

void ModuleLinkCache::keep_only(const std::vector<std::shared_ptr<const ModuleFacts>>& modules) {
  std::unordered_set<const ModuleFacts*> present;
  for (const auto& facts : modules) present.insert(facts.get());
  std::lock_guard lock(mutex_);
  std::erase_if(links_, [&](const auto& entry) { return present.count(entry.first) == 0; });
}

size_t ModuleLinkCache::size() const {
  std::lock_guard lock(mutex_);
  return links_.size();
}

}  // namespace cyclecheck
