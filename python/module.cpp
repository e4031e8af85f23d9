// The extension mancala._mancala, which the package `mancala` (python/mancala/) re-exports:
// the project's library for Python programs (a front end like src/cli, over every layer).
// Build it with the project (MANCALA_PYTHON, on by default); then
// `PYTHONPATH=build/python python3 -c "import mancala"`.

#include "bindings.hpp"

#include <pybind11/pybind11.h>

PYBIND11_MODULE(_mancala, m) {
    m.doc() =
        "Kalah and the mancala family (mancala.games(): Oware, Toguz Kumalak, ...): rules, positions, games, "
        "agents, the engine, solving and endgame databases (Kalah), and an environment for reinforcement "
        "learning. C++ errors arrive as Python exceptions with the command line's messages: ValueError for bad "
        "input, RuntimeError for a failure.";
    m.attr("__version__") = "0.1.0";
    // Classes before the functions whose signatures name them.
    mancala::python::bind_core(m);
    mancala::python::bind_session(m);
    mancala::python::bind_agents(m);
    mancala::python::bind_search(m);
    mancala::python::bind_solve(m);
    mancala::python::bind_environment(m);
    mancala::python::bind_vector_env(m);
    mancala::python::bind_playouts(m);
    mancala::python::bind_arena(m);
    mancala::python::bind_review(m);
}
