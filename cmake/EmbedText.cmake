# Writes INPUT as a C++ raw string constant `cyclecheck::embedded_library_models`.
file(READ "${INPUT}" content)
file(WRITE "${OUTPUT}" "namespace cyclecheck { extern const char* const embedded_library_models; const char* const embedded_library_models = R\"CCMODELS(${content})CCMODELS\"; }\n")
