// The shared reference data (Pons's sets, the weighted course transcripts):
// read in place from shared/ beside the checkout, never copied into the tree.
// KINROW_SHARED_DIR in the environment points the tests elsewhere, e.g. for
// a checkout that does not sit next to shared/.
//
// A clone without the data still builds and passes: the tests that need it
// start with KINROW_NEEDS_SHARED_DATA and are skipped, naming the missing
// path. CI sets KINROW_REQUIRE_SHARED=1, under which a missing file fails the
// test instead, so the reference checks can never be skipped there unseen.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "run_command.hpp"

namespace kinrow::testing {

// The path of `relative` (e.g. "reference/connect4/Test_L3_R1") in the shared data.
inline std::string shared_path(const std::string& relative) {
    const char* dir = std::getenv("KINROW_SHARED_DIR");
    return std::string(dir && *dir ? dir : KINROW_SHARED_DIR) + "/" + relative;
}

// Whether missing data must fail the tests rather than skip them.
inline bool shared_data_required() {
    const char* required = std::getenv("KINROW_REQUIRE_SHARED");
    return required && std::string(required) == "1";
}

// Why the shared file `relative` cannot be read, or "" when it can.
inline std::string shared_data_missing(const std::string& relative) {
    const std::string path = shared_path(relative);
    if (std::filesystem::is_regular_file(path)) return "";
    return "missing reference data: " + path +
           " (it lives in shared/ beside the checkout; set KINROW_SHARED_DIR to read it from elsewhere)";
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

// First statement of a test that reads `relative` from the shared data.
#define KINROW_NEEDS_SHARED_DATA(relative)                                               \
    do {                                                                                 \
        const std::string kinrow_missing_ = kinrow::testing::shared_data_missing(relative); \
        if (!kinrow_missing_.empty()) {                                                  \
            if (kinrow::testing::shared_data_required()) FAIL() << kinrow_missing_;      \
            GTEST_SKIP() << kinrow_missing_;                                             \
        }                                                                                \
    } while (0)
