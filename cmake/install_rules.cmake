# What `cmake --install build --prefix P` puts in P: the binary in P/bin, the web page's files
# in P/share/mancala/web (the binary serves its compiled-in copy; `mancala serve --assets
# P/share/mancala/web` serves these), and the Python package in P/<MANCALA_PYTHON_INSTALL_DIR>/mancala.
include(GNUInstallDirs)

install(TARGETS mancala RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/web/ DESTINATION ${CMAKE_INSTALL_DATADIR}/mancala/web)

if(MANCALA_PYTHON)
  # The interpreter's site folder under a prefix of its own ("lib/python3.11/site-packages"):
  # PYTHONPATH=P/that imports the package. Debian's default scheme adds "local/" and
  # "dist-packages"; posix_prefix is the plain one.
  if(NOT MANCALA_PYTHON_INSTALL_DIR)
    execute_process(
      COMMAND ${Python3_EXECUTABLE} -c
              "import sysconfig; print(sysconfig.get_path('platlib', 'posix_prefix', vars={'platbase': '.', 'base': '.'}))"
      OUTPUT_VARIABLE site OUTPUT_STRIP_TRAILING_WHITESPACE COMMAND_ERROR_IS_FATAL ANY)
    set(MANCALA_PYTHON_INSTALL_DIR ${site} CACHE PATH "where the Python package goes, relative to the prefix")
  endif()
  install(TARGETS mancala_python LIBRARY DESTINATION ${MANCALA_PYTHON_INSTALL_DIR}/mancala)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/mancala/ DESTINATION ${MANCALA_PYTHON_INSTALL_DIR}/mancala
          FILES_MATCHING PATTERN "*.py" PATTERN "*.pyi" PATTERN "py.typed" PATTERN "__pycache__" EXCLUDE)
endif()
