// For retention rules: report each qualifying event once per primary site.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/cycle_report.hpp"

namespace cyclecheck {

inline void report_events(const RuleContext& context, const RuleInfo& rule, std::vector<Diagnostic>& out,
                          const std::function<bool(const RetentionEvent&)>& qualifies,
                          const std::function<std::string(const RetentionEvent&)>& message,
                          const std::function<std::string(const RetentionEvent&)>& fix, bool escalate) {
  std::set<std::tuple<int32_t, uint32_t, uint32_t>> seen;
  for (const RetentionEvent& event : context.events) {
    if (event.chain.empty() || !qualifies(event)) continue;
    const SiteRef& primary = event.chain.back();
    if (!seen.insert({primary.module, primary.site.line, primary.site.column}).second) continue;
    out.push_back(make_event_diagnostic(context.program, event, rule, message(event), fix(event), escalate));
  }
}

}  // namespace cyclecheck
