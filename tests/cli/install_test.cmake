# Installs the build into a fresh temporary prefix and checks what a user gets there:
# every tool, the data tables, a man page per tool that `man` finds through MANPATH, and the
# completion scripts for bash, zsh and fish where each shell looks for them, each registering the
# tool by name. BUILD, PREFIX, TOOLS (a ;-list), DATA_DIR.
file(REMOVE_RECURSE ${PREFIX})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${PREFIX}
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install failed: ${err}")
endif()
set(failed "")
foreach(tool IN LISTS TOOLS)
  foreach(f bin/${tool} share/man/man1/${tool}.1 share/bash-completion/completions/${tool}
          share/zsh/site-functions/_${tool} share/fish/vendor_completions.d/${tool}.fish)
    if(NOT EXISTS ${PREFIX}/${f})
      string(APPEND failed "missing ${f}\n")
    endif()
  endforeach()
  # Each script completes its own tool: bash-completion and zsh load them by the tool's name.
  foreach(check "share/bash-completion/completions/${tool}|complete -F [_a-z]+ ${tool}\n"
                "share/zsh/site-functions/_${tool}|^#compdef ${tool}\n"
                "share/fish/vendor_completions.d/${tool}.fish|complete -c ${tool} ")
    string(REPLACE "|" ";" check "${check}")
    list(GET check 0 f)
    list(GET check 1 pattern)
    if(EXISTS ${PREFIX}/${f})
      file(READ ${PREFIX}/${f} text)
      if(NOT text MATCHES "${pattern}")
        string(APPEND failed "${f} does not complete ${tool}\n")
      endif()
    endif()
  endforeach()
  find_program(MAN_PROGRAM man)
  if(MAN_PROGRAM)
    execute_process(COMMAND ${CMAKE_COMMAND} -E env MANPATH=${PREFIX}/share/man ${MAN_PROGRAM} -w ${tool}
                    RESULT_VARIABLE mrc OUTPUT_VARIABLE where ERROR_QUIET)
    string(STRIP "${where}" where)
    if(NOT mrc EQUAL 0 OR NOT where STREQUAL "${PREFIX}/share/man/man1/${tool}.1")
      string(APPEND failed "man does not find ${tool} under MANPATH (got '${where}')\n")
    endif()
  endif()
endforeach()
file(GLOB data RELATIVE ${DATA_DIR} ${DATA_DIR}/*.toml)
foreach(f IN LISTS data)
  if(NOT EXISTS ${PREFIX}/share/doc/gunpowder/rules/${f})
    string(APPEND failed "missing share/doc/gunpowder/rules/${f}\n")
  endif()
endforeach()
# No tool reads an installed table: they are documentation only, and share/gunpowder is no more.
if(EXISTS ${PREFIX}/share/gunpowder)
  string(APPEND failed "share/gunpowder is installed, but nothing reads it\n")
endif()
if(NOT EXISTS ${PREFIX}/share/doc/gunpowder/house-rules.md)
  string(APPEND failed "missing share/doc/gunpowder/house-rules.md\n")
endif()
if(failed)
  message(FATAL_ERROR "${failed}")
endif()
