# Writes OUT, a C++ file defining `const char* const NAME` as the text of IN
# (a raw string literal), so the driver prints documentation that lives in
# docs/ (`chorus CMD --help`, `chorus explain`).
# usage: cmake -DIN=FILE -DOUT=FILE.cpp -DNAME=ident -P EmbedText.cmake
file(READ "${IN}" text)
string(FIND "${text}" ")chorus_doc\"" bad)
if(NOT bad EQUAL -1)
  message(FATAL_ERROR "${IN} contains the raw-string delimiter )chorus_doc\"")
endif()
file(WRITE "${OUT}.tmp" "// generated from ${IN} by EmbedText.cmake\nnamespace chorus::driver {\nextern const char* const ${NAME};\nconst char* const ${NAME} = R\"chorus_doc(${text})chorus_doc\";\n} // namespace chorus::driver\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
