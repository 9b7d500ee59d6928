# gunpowder_embed_data(OUTPUT FILES...): generates a C++ source holding every data file as a
# byte array, looked up by file name through gunpowder::data::embedded().
function(gunpowder_embed_data output)
  set(files ${ARGN})
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${output} "-DFILES=${files}" -P ${CMAKE_SOURCE_DIR}/cmake/embed_data_script.cmake
    DEPENDS ${files} ${CMAKE_SOURCE_DIR}/cmake/embed_data_script.cmake
    COMMENT "Embedding data tables"
    VERBATIM)
  set(GUNPOWDER_EMBEDDED_SOURCE ${output} PARENT_SCOPE)
endfunction()
