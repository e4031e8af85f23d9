#pragma once
// JSON the libraries write (the arena's results, a review) as Python objects: the same
// dicts and lists a program would get from json.loads of the command line's --json.

#include <pybind11/pybind11.h>
#include <nlohmann/json.hpp>

namespace mancala::python {

namespace py = pybind11;

inline py::object python_object(const nlohmann::json& value) {
    return py::module_::import("json").attr("loads")(value.dump());
}

/// `records` (a list of dicts) as a pandas DataFrame, or None when pandas cannot be imported.
inline py::object data_frame_or_none(const py::object& records) {
    try {
        return py::module_::import("pandas").attr("DataFrame")(records);
    } catch (const py::error_already_set& e) {
        if (!e.matches(PyExc_ImportError)) throw;
        return py::none();
    }
}

}  // namespace mancala::python
