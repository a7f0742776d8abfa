// Binary encoding of module facts, as stored in the fact cache.
#pragma once

#include <memory>
#include <string>

#include "analyzer/ir.hpp"

namespace cyclecheck {

std::string serialize_facts(const ModuleFacts& facts);
// nullptr when the bytes are not a complete, valid encoding.
std::shared_ptr<ModuleFacts> deserialize_facts(const std::string& bytes);

}  // namespace cyclecheck
