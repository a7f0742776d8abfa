#include "analyzer/diagnostic.hpp"

#include <tuple>

namespace cyclecheck {

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Info:
      return "info";
  }
  return "warning";
}

bool diagnostic_less(const Diagnostic& a, const Diagnostic& b) {
  return std::tie(a.range.path, a.range.line, a.range.column, a.code, a.message) <
         std::tie(b.range.path, b.range.line, b.range.column, b.code, b.message);
}

}  // namespace cyclecheck
