// For retention rules: report each qualifying event once per primary site.
#pragma once

#include <functional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/cycle_report.hpp"

namespace cyclecheck {

// Where an event's innermost statement is: the copies of one event reached through different callers
// share it.
using EventSite = std::tuple<int32_t, uint32_t, uint32_t>;
inline EventSite primary_site(const RetentionEvent& event) {
  const SiteRef& primary = event.chain.back();
  return {primary.module, primary.site.line, primary.site.column};
}

// The name of what an event stores into, without the kind its label starts with ("global _STATS" ->
// "_STATS", "class Probe.cache" -> "Probe.cache"), for messages that say the kind in their own words.
inline std::string base_name(const RetentionEvent& event) {
  const size_t space = event.base_label.find(' ');
  return space == std::string::npos ? event.base_label : event.base_label.substr(space + 1);
}

// The name of a process-wide slot an event stores into: "sys.excepthook", or "signal()" for the label
// "signal() registry" a library model gives it.
inline std::string slot_name(const RetentionEvent& event) {
  return event.base_label.substr(0, event.base_label.rfind(" registry"));
}

// The primary sites of the events `matches` accepts.
inline std::set<EventSite> primary_sites(const RuleContext& context,
                                         const std::function<bool(const RetentionEvent&)>& matches) {
  std::set<EventSite> sites;
  for (const RetentionEvent& event : context.events) {
    if (!event.chain.empty() && matches(event)) sites.insert(primary_site(event));
  }
  return sites;
}

inline void report_events(const RuleContext& context, const RuleInfo& rule, std::vector<Diagnostic>& out,
                          const std::function<bool(const RetentionEvent&)>& qualifies,
                          const std::function<std::string(const RetentionEvent&)>& message,
                          const std::function<std::string(const RetentionEvent&)>& fix, bool escalate) {
  std::set<EventSite> seen;
  for (const RetentionEvent& event : context.events) {
    if (event.chain.empty() || !qualifies(event)) continue;
    if (!seen.insert(primary_site(event)).second) continue;
    out.push_back(make_event_diagnostic(context.program, event, rule, message(event), fix(event), escalate));
  }
}

}  // namespace cyclecheck
