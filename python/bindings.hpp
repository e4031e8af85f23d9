#pragma once
// Each file binds one concept onto the module; module.cpp calls them in order (a class
// must be bound before a signature that names it is documented).

#include <pybind11/pybind11.h>

namespace mancala::python {

namespace py = pybind11;

void bind_core(py::module_& m);         // Rules, games(), Position, MoveResult (bind_core.cpp)
void bind_session(py::module_& m);      // GameSession: a game and its history (bind_session.cpp)
void bind_agents(py::module_& m);       // agent(spec), Agent, Decision, MoveScore (bind_agents.cpp)
void bind_search(py::module_& m);       // Engine, SearchReport, MoveAnalysis (bind_search.cpp)
void bind_solve(py::module_& m);        // solve(), Database (bind_solve.cpp)
void bind_environment(py::module_& m);  // Env: reset/step for reinforcement learning (environment.cpp)
void bind_vector_env(py::module_& m);   // VectorEnv: n boards stepped at once (vector_env.cpp)
void bind_playouts(py::module_& m);     // playouts(): whole games in one call (playouts.cpp)
void bind_arena(py::module_& m);        // arena(): a tournament (bind_arena.cpp)
void bind_review(py::module_& m);       // review(): a game graded by perfect play (bind_review.cpp)

}  // namespace mancala::python
