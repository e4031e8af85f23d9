#pragma once
// The engine's end of the protocol (docs/PROTOCOL.md): any agent spec answers a host's
// commands over a pair of streams (`mancala engine` gives it standard input and output).
// A search runs on a thread of its own, so that `stop`, `isready` and `quit` are
// answered while it thinks.

#include "agents/agent.hpp"
#include "agents/agent_context.hpp"
#include "core/position.hpp"
#include "core/rules.hpp"

#include <atomic>
#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace mancala::protocol {

class EngineSession {
public:
    /// Serves the agent `spec` (built at once: throws std::invalid_argument for a bad spec),
    /// writing every answer to `out`.
    EngineSession(std::string spec, agents::AgentContext context, std::ostream& out);
    ~EngineSession();  ///< waits for the move under way (`quit` stops it first)

    /// Handles one line from the host (without its line end; one longer than the protocol
    /// allows is refused); false after `quit`.
    bool handle(std::string_view line);

private:
    void say(std::string_view line);
    void error(std::string_view message) { say("info string error: " + std::string(message)); }
    void wait_for_search();
    void stop_search();
    void identify();
    void set_option(const std::vector<std::string_view>& words);
    void set_rules(const std::vector<std::string_view>& words);
    void set_position(const std::vector<std::string_view>& words);
    void go(const std::vector<std::string_view>& words);

    std::string spec_;  ///< as given, with the options the host set
    agents::AgentContext context_;
    std::ostream& out_;
    std::mutex out_mutex_;
    std::unique_ptr<agents::Agent> agent_;
    Rules rules_;
    Position position_;
    std::atomic<bool> stop_{false};
    std::thread search_;
};

/// Reads lines from `in` until `quit` or its end, answering on `out`; the exit code of
/// `mancala engine` (0).
int run_engine_session(std::istream& in, std::ostream& out, const std::string& spec,
                       const agents::AgentContext& context);

}  // namespace mancala::protocol
