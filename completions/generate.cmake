# Writes the completion script of one tool for one shell, as the tool makes it from its own option
# tree (`TOOL --completion SHELL_NAME`). TOOL (the program), SHELL_NAME (bash, zsh, fish), OUT.
execute_process(COMMAND ${TOOL} --completion ${SHELL_NAME} OUTPUT_FILE ${OUT}.tmp RESULT_VARIABLE rc
                ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  file(REMOVE ${OUT}.tmp)
  message(FATAL_ERROR "${TOOL} --completion ${SHELL_NAME} failed (${rc}): ${err}")
endif()
file(RENAME ${OUT}.tmp ${OUT})
