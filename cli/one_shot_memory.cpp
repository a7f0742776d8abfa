#include "cli/one_shot_memory.hpp"

#ifdef CYCLECHECK_HAVE_MIMALLOC
#include <mimalloc.h>
#endif

namespace cyclecheck::cli {

void keep_freed_memory_for_reuse() {
#ifdef CYCLECHECK_HAVE_MIMALLOC
  mi_option_disable(mi_option_allow_decommit);
#endif
}

}  // namespace cyclecheck::cli
