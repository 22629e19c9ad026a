// pbrain-kinrow: the Gomoku engine as a Gomocup brain (Piskvork protocol on
// standard input and output). Managers find brains by the pbrain- prefix.
#include <iostream>

#include "protocol/pbrain.hpp"

int main() {
    std::ios::sync_with_stdio(false);
    return kinrow::gomoku::run_pbrain(std::cin, std::cout);
}
