// A core file that climbs to search: layering_test.sh must refuse it.
#include "search/engine.hpp"
