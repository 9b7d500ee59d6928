# Shell completion: each tool writes its bash, zsh and fish scripts from its own option tree
# (the hidden flag --completion SHELL, tools/common/completion.cpp) at build time, into
# <build>/completions/{bash,zsh,fish}/; they are installed where each shell looks for them. Nothing
# here is kept by hand: a new or renamed option or subcommand changes the scripts at the next build.
# Included by tools/CMakeLists.txt (GUNPOWDER_TOOLS).
set(_completion_dir ${CMAKE_BINARY_DIR}/completions)
set(_completion_scripts "")
foreach(tool IN LISTS GUNPOWDER_TOOLS)
  set(_bash ${_completion_dir}/bash/${tool})
  set(_zsh ${_completion_dir}/zsh/_${tool})
  set(_fish ${_completion_dir}/fish/${tool}.fish)
  foreach(pair "bash|${_bash}" "zsh|${_zsh}" "fish|${_fish}")
    string(REPLACE "|" ";" pair "${pair}")
    list(GET pair 0 shell)
    list(GET pair 1 out)
    get_filename_component(dir ${out} DIRECTORY)
    add_custom_command(OUTPUT ${out}
                       COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
                       COMMAND ${CMAKE_COMMAND} -DTOOL=$<TARGET_FILE:${tool}> -DSHELL_NAME=${shell} -DOUT=${out}
                               -P ${CMAKE_SOURCE_DIR}/completions/generate.cmake
                       DEPENDS ${tool} ${CMAKE_SOURCE_DIR}/completions/generate.cmake
                       COMMENT "${shell} completion for ${tool}" VERBATIM)
    list(APPEND _completion_scripts ${out})
  endforeach()
  install(FILES ${_bash} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
  install(FILES ${_zsh} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
  install(FILES ${_fish} DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
endforeach()
add_custom_target(completions ALL DEPENDS ${_completion_scripts})
# `make tools` (what `make install` builds) makes them too.
add_dependencies(tools completions)
