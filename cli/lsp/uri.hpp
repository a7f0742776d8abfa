// file:// URIs <-> filesystem paths (RFC 3986 percent-encoding, as VS Code writes them).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cyclecheck::lsp {

// The path of a `file:` URI; nullopt for other schemes or a malformed URI.
std::optional<std::filesystem::path> path_from_file_uri(std::string_view uri);
std::string file_uri_from_path(const std::filesystem::path& path);

}  // namespace cyclecheck::lsp
