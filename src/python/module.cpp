#include <pybind11/pybind11.h>

#include "core/error.hpp"
#include "python/bindings.hpp"
#include "python/interrupt.hpp"

PYBIND11_MODULE(_kinrow, m) {
    m.doc() = "kinrow: k-in-a-row games (tic-tac-toe, m,n,k, Connect Four, Gomoku), exact solvers and engines";
    // Bad input is the caller's mistake, with the command line's one-line reason.
    pybind11::register_exception_translator([](std::exception_ptr error) {
        try {
            if (error) std::rethrow_exception(error);
        } catch (const kinrow::Error& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });
    kinrow::python::remember_main_thread();
    kinrow::python::bind_rules(m);
    kinrow::python::bind_engine(m);
}
