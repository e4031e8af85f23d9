#pragma once
// The endgame database an engine-backed agent (engine, perfect) reads at its leaves:
// opened from the host's EndgameSource for the rules being played, and handed to the
// agent's engine. No database for those rules leaves the engine as it was.

#include "core/rules.hpp"
#include "search/endgame_source.hpp"
#include "search/engine.hpp"

#include <filesystem>
#include <memory>

namespace mancala::agents {

class EndgameLink {
public:
    EndgameLink() = default;
    EndgameLink(std::shared_ptr<search::EndgameSource> source, std::filesystem::path dir)
        : source_(std::move(source)), dir_(std::move(dir)) {}

    /// Gives `engine` the database of `rules` from the folder, if it has one and the
    /// engine does not have it already.
    void attach(search::Engine& engine, const Rules& rules) {
        if (!source_ || dir_.empty() || (endgame_ && endgame_->covers(rules))) return;
        endgame_ = source_->find(rules, dir_);
        search::EngineSettings settings = engine.settings();
        settings.endgame = endgame_.get();
        engine.configure(settings);
    }

private:
    std::shared_ptr<search::EndgameSource> source_;
    std::filesystem::path dir_;
    std::shared_ptr<const search::EndgameOracle> endgame_;
};

}  // namespace mancala::agents
