// The shared reference data (Pons's sets, the weighted course transcripts):
// read in place from shared/ beside the checkout, never copied into the tree.
// KINROW_SHARED_DIR in the environment points the tests elsewhere, e.g. for
// a checkout that does not sit next to shared/.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "run_command.hpp"

namespace kinrow::testing {

// The path of `relative` (e.g. "reference/connect4/Test_L3_R1") in the shared data.
inline std::string shared_path(const std::string& relative) {
    const char* dir = std::getenv("KINROW_SHARED_DIR");
    return std::string(dir && *dir ? dir : KINROW_SHARED_DIR) + "/" + relative;
}

// The whole file; a test failure naming the path and the fix if it is missing or empty.
inline std::string read_shared_file(const std::string& relative) {
    const std::string path = shared_path(relative);
    std::string text = read_text_file(path);
    EXPECT_FALSE(text.empty()) << "missing or empty: " << path
                               << " (the reference data lives in shared/ beside the checkout; "
                                  "set KINROW_SHARED_DIR to read it from elsewhere)";
    return text;
}

}  // namespace kinrow::testing
