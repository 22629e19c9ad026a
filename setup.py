"""Builds the compiled part of the kinrow package (kinrow._kinrow) with the
project's CMake build, for the Python that runs pip; metadata is in pyproject.toml."""

import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                        f"-DPython3_EXECUTABLE={sys.executable}", "-DKINROW_PYTHON=ON",
                        "-DKINROW_BUILD_TESTS=OFF", "-DKINROW_BUILD_BENCHMARKS=OFF"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "kinrow_python", "-j2"], check=True)
        built = next((build / "python" / "kinrow").glob("_kinrow*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(ext_modules=[Extension("kinrow._kinrow", sources=[])], cmdclass={"build_ext": CMakeBuild})
