// The web page's files (src/web/assets/), compiled into the binary by
// cmake/embed_assets.cmake so `kinrow serve` works offline with nothing else
// installed.
#pragma once

#include <span>
#include <string_view>

namespace kinrow::web {

struct Asset {
    std::string_view path;  // "/index.html"
    std::string_view body;
};

std::span<const Asset> assets();

}  // namespace kinrow::web
