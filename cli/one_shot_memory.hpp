// Allocator settings for runs that exit right after they report (`check`, `graph`).
#pragma once

namespace cyclecheck::cli {

// Keeps memory the run frees committed for its own later allocations. mimalloc otherwise hands freed
// segments back to the kernel after half a second and faults them in again when the next phase (a solver
// range, the next file's parse) reuses them: about a tenth of the page faults of a run on the torch tree,
// and 5% of its CPU. A long-lived process (the language server) keeps the default, so it shrinks when idle.
// Does nothing when the binary is not linked with mimalloc (the sanitizer builds).
void keep_freed_memory_for_reuse();

}  // namespace cyclecheck::cli
