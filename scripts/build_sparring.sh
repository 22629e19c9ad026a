#!/bin/sh
# Builds kinrow's sparring partners outside the project tree (default /work/sparring; never
# vendored, never needed by the build or the tests): Piskvork's example brain Pela, ported to Linux
# by the POSIX stand-in header scripts/sparring/windows.h, and Rapfi with its internal classical
# configuration (no network file next to it). docs/gomoku.md "Sparring partners".
#
#   scripts/build_sparring.sh [DIR]      # needs git and network access to github.com
set -eu
dir=${1:-/work/sparring}
root=$(cd "$(dirname "$0")/.." && pwd)
piskvork_commit=2c3296514a3735cad83eed8a3134f51324f962ca
rapfi_commit=3aedf3a2ab0ab710a9f3d00e57d5287ceb864894
mkdir -p "$dir/src" "$dir/pela/src" "$dir/pela/compat" "$dir/rapfi"

fetch() {  # fetch URL COMMIT DEST
    [ -d "$3/.git" ] || git clone -q "$1" "$3"
    git -C "$3" checkout -q "$2"
}
fetch https://github.com/plastovicka/Piskvork.git $piskvork_commit "$dir/src/piskvork"
fetch https://github.com/dhbloo/rapfi.git $rapfi_commit "$dir/src/rapfi"

# Pela: the brain's sources unchanged but for the Windows include path.
p=$dir/src/piskvork/source
cp "$p"/pbrain/*.cpp "$p"/pbrain/board.h "$p"/skelet_CPP/pisqpipe.cpp "$p"/skelet_CPP/pisqpipe.h "$dir/pela/src/"
sed -i 's#"..\\skelet_CPP\\pisqpipe.h"#"pisqpipe.h"#' "$dir/pela/src/board.h"
cp "$root/scripts/sparring/windows.h" "$dir/pela/compat/"
g++ -O2 -w -fpermissive -I "$dir/pela/compat" -o "$dir/pela/pbrain-pela" "$dir"/pela/src/*.cpp -lpthread

# Rapfi: classical evaluator (no config.toml beside the binary), one thread by default.
cmake -S "$dir/src/rapfi/Rapfi" -B "$dir/build-rapfi" -DCMAKE_BUILD_TYPE=Release -DNO_COMMAND_MODULES=ON > /dev/null
cmake --build "$dir/build-rapfi" -j2
cp "$dir/build-rapfi/pbrain-rapfi" "$dir/rapfi/"
echo "built $dir/pela/pbrain-pela and $dir/rapfi/pbrain-rapfi"
