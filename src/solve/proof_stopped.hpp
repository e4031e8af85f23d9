#pragma once
// A proof stopped on request (SolveOptions::stop, e.g. Ctrl-C) before it was done:
// what it had finished is kept (the journal's answers, the table file), and the
// same command resumes it.

#include <stdexcept>

namespace mancala::solve {

class ProofStopped : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace mancala::solve
