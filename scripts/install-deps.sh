#!/usr/bin/env bash
# Installs everything kinrow needs to build and test on Debian (bookworm or later).
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  g++ cmake make libcli11-dev libfmt-dev nlohmann-json3-dev \
  libgtest-dev libgmock-dev libbenchmark-dev libcpp-httplib-dev pkg-config \
  chromium chromium-driver python3-selenium \
  pybind11-dev python3-dev python3-numpy python3-pytest python3-setuptools python3-venv \
  openmpi-bin libopenmpi-dev >/dev/null
